import { Alert, Card, Container, Title } from "@mantine/core";
import { useEffect, type ReactNode } from "react";
import { useHydrated } from "~/hooks";
import type { Toast } from "~/toast";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";
import { showToast } from "./Toasts";

/** The frame of the small pages reached from an email or an account link (invitation, password, subscription). */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <Container size="xs" component="main" id="main" py="xl">
        <Card withBorder padding="xl">
          <Title order={2} size="h3" mb="md">
            {title}
          </Title>
          {children}
        </Card>
      </Container>
      <SiteFooter />
    </>
  );
}

/** An outcome message on the page, also shown as a toast with JavaScript. */
export function Outcome({ toast }: { toast: Toast | undefined }) {
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
  if (!toast) return null;
  return (
    <Alert color={toast.variant === "destructive" ? "red" : "green"} title={toast.title} role={toast.variant === "destructive" ? "alert" : "status"} mb="md">
      {toast.message}
    </Alert>
  );
}

/** Goes to `to` after `ms`: a timer with JavaScript, a meta refresh without. */
export function RedirectAfter({ to, ms }: { to: string; ms: number }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    const timer = setTimeout(() => window.location.assign(to), ms);
    return () => clearTimeout(timer);
  }, [hydrated, to, ms]);
  return hydrated ? null : <meta httpEquiv="refresh" content={`${ms / 1000};url=${to}`} />;
}
