import { Alert } from "@mantine/core";
import { notifications, Notifications } from "@mantine/notifications";
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

/**
 * The toast system: Mantine notifications with JavaScript; without it, a server-rendered banner
 * with the toast that the previous request left behind.
 */
export function Toasts({ pending }: { pending: Toast | null }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (pending) showToast(pending);
  }, [pending]);
  return (
    <>
      <Notifications limit={1} autoClose={TOAST_DURATION_MS} position="top-right" />
      {pending && !hydrated ? (
        <Alert
          role="status"
          color={pending.variant === "destructive" ? "red" : "green"}
          title={pending.title}
          className="flash-banner"
        >
          {pending.message}
        </Alert>
      ) : null}
    </>
  );
}
