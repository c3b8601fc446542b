import { useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Notice } from "./Notice";
import { IconClose } from "./icons";
import { useHydrated } from "~/hooks";
import { TOAST_DURATION_MS, type Toast } from "~/toast";

// The one toast region's setter, registered by `Toasts` (rendered once, by the root).
let showInRegion: ((toast: Toast) => void) | null = null;

/** Shows a toast: one at a time (a new one replaces the old). */
export function showToast(toast: Toast) {
  showInRegion?.({ ...toast });
}

/** The toast as a server-rendered banner, for pages without JavaScript: drawn as Mantine's light Alert (app.css). */
function ToastBanner({ toast, className }: { toast: Toast; className?: string }) {
  const failed = toast.variant === "destructive";
  return (
    <Notice role={failed ? "alert" : "status"} color={failed ? "red" : "green"} title={toast.title} className={className}>
      {toast.message}
    </Notice>
  );
}

/** A shown toast, drawn as Mantine's Notification (app.css): closes itself after TOAST_DURATION_MS. */
function ToastCard({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onClose, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, onClose]);
  return (
    <div role="alert" className={`toast ${toast.variant === "destructive" ? "is-red" : "is-green"}`}>
      <div className="toast-body">
        <p className="toast-title">{toast.title}</p>
        {toast.message ? <p className="toast-message">{toast.message}</p> : null}
      </div>
      <button type="button" className="toast-close" aria-label="Close" onClick={onClose}>
        <IconClose />
      </button>
    </div>
  );
}

/**
 * The toast system: with JavaScript, one toast at a time at the top right; without it, a server-rendered banner with
 * the toast that the previous request left behind: at the top of the page, or (`at`) where a `ToastHere` with that
 * anchor stands.
 */
export function Toasts({ pending, at }: { pending: Toast | null; at: string | null }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState<Toast | null>(null);
  // One function for the toast's whole life, so its timer is not restarted when the root renders again.
  const close = useCallback(() => setShown(null), []);
  const regionRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    showInRegion = setShown;
    return () => {
      showInRegion = null;
    };
  }, []);
  useEffect(() => {
    if (pending) setShown({ ...pending });
  }, [pending]);
  // A manual popover sits in the top layer, shown again for each toast so that it is drawn above an open modal
  // <dialog> (the feedback form's own messages), as Mantine's notifications were drawn above its modals.
  useEffect(() => {
    const region = regionRef.current;
    if (!region?.showPopover) return;
    region.popover = "manual";
    if (region.matches(":popover-open")) region.hidePopover();
    if (shown) region.showPopover();
  }, [shown]);
  return (
    <>
      <div ref={regionRef} className="toast-region">
        {shown ? <ToastCard toast={shown} onClose={close} /> : null}
      </div>
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
