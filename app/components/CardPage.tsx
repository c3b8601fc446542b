import { Alert, Button, Card, Container, Text, Title, type MantineSize } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useHydrated } from "~/hooks";
import type { Toast } from "~/toast";
import { SiteFooter } from "./SiteFooter";
import { MantineScope } from "./MantineScope";
import { SiteHeader } from "./SiteHeader";
import { showToast } from "./Toasts";

type CardPageProps = {
  title: string;
  children: ReactNode;
  /** The container's width: narrow for the pages reached from an email or an account link, wider for a form's page. */
  width?: MantineSize | number;
  /** The space around and inside the card. */
  spacing?: MantineSize;
  headerActions?: ReactNode;
};

/**
 * The frame of the small one-card pages: those reached from an email or an account link (invitation, password,
 * subscription, alert) and the pages where the feed's forms post without JavaScript.
 */
export function CardPage({ title, children, width = "xs", spacing = "xl", headerActions }: CardPageProps) {
  return (
    <MantineScope>
      <SiteHeader actions={headerActions} />
      <Container size={width} component="main" id="main" py={spacing}>
        <Card withBorder padding={spacing}>
          <Title order={2} size="h3" mb="md">
            {title}
          </Title>
          {children}
        </Card>
      </Container>
      <SiteFooter />
    </MantineScope>
  );
}

/** Why a form or a link was refused, above the rest of the card. */
export function Refusal({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert color="red" title={title} role="alert" mb="md">
      {children}
    </Alert>
  );
}

/**
 * The question an emailed link asks before it changes anything, and the button that does it: a mail scanner that
 * prefetches the link changes nothing.
 */
export function ConfirmForm({ question, submitLabel, color }: { question: ReactNode; submitLabel: string; color?: "red" }) {
  return (
    <Form method="post">
      <Text mb="md">{question}</Text>
      <Button type="submit" color={color}>
        {submitLabel}
      </Button>
    </Form>
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
