// Toasts that survive a redirect: a form posted without JavaScript redirects, and the next page shows
// the outcome. Stored in a short-lived signed cookie read once by the root loader. A redirect to an anchor
// (`/admin#source-7`) records it: the page shows the toast there, next to the control that caused it.
import { signedCookie } from "../cookies.server";
import type { Toast } from "../toast";
import { secureRedirect } from "./responses.server";

function cookie() {
  return signedCookie("flash", 60);
}

export async function toastCookie(toast: Toast & { at?: string }) {
  return cookie().serialize(toast);
}

/** Whether the request carries a toast to show: its page is then the reader's own, not the shared one. */
export function carriesToast(cookieHeader: string | undefined) {
  return /(?:^|;\s*)flash=/.test(cookieHeader ?? "");
}

/** Reads and clears the pending toast, if any, and the anchor it belongs to. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; at: string | null; setCookie?: string }> {
  const stored = (await cookie().parse(request.headers.get("Cookie"))) as (Toast & { at?: unknown }) | null;
  if (!stored || typeof stored.title !== "string") return { toast: null, at: null };
  const { at, ...toast } = stored;
  return { toast, at: typeof at === "string" && at ? at : null, setCookie: await cookie().serialize("", { maxAge: 0 }) };
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  const at = new URL(url, "http://site.invalid").hash.slice(1);
  headers.append("Set-Cookie", await toastCookie(at ? { ...toast, at } : toast));
  return secureRedirect(url, { ...init, headers });
}
