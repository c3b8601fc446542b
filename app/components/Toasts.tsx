import { Alert } from "@mantine/core";
import { notifications, Notifications } from "@mantine/notifications";
import { useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useHydrated } from "~/hooks";
import { TOAST_DURATION_MS, type Toast } from "~/toast";

/** Shows a toast: one at a time (a new one replaces the old). */
export function showToast(toast: Toast) {
  notifications.clean();
  notifications.show({
    title: toast.title,
    message: toast.message ?? "",
    color: toast.variant === "destructive" ? "red" : "green",
    autoClose: TOAST_DURATION_MS,
  });
}

/** The toast as a server-rendered banner, for pages without JavaScript. */
function ToastBanner({ toast, className }: { toast: Toast; className?: string }) {
  const failed = toast.variant === "destructive";
  return (
    <Alert role={failed ? "alert" : "status"} color={failed ? "red" : "green"} title={toast.title} className={className}>
      {toast.message}
    </Alert>
  );
}

/**
 * The toast system: Mantine notifications with JavaScript; without it, a server-rendered banner with the
 * toast that the previous request left behind: at the top of the page, or (`at`) where a `ToastHere`
 * with that anchor stands.
 */
export function Toasts({ pending, at }: { pending: Toast | null; at: string | null }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (pending) showToast(pending);
  }, [pending]);
  return (
    <>
      <Notifications limit={1} autoClose={TOAST_DURATION_MS} position="top-right" />
      {pending && !hydrated && !at ? <ToastBanner toast={pending} className="flash-banner" /> : null}
    </>
  );
}

/**
 * Where the outcome of a post that redirected to `#at` is shown without JavaScript: next to the control
 * that caused it, which the redirect scrolled into view. Every anchor a redirect names has one of these.
 */
export function ToastHere({ at }: { at: string }) {
  const root = useRouteLoaderData<{ toast: Toast | null; toastAt: string | null }>("root");
  const hydrated = useHydrated();
  if (hydrated || !root?.toast || root.toastAt !== at) return null;
  return <ToastBanner toast={root.toast} />;
}
