// Toasts that survive a redirect: a form posted without JavaScript redirects, and the next page shows
// the outcome. Stored in a short-lived signed cookie read once by the root loader.
import { createCookie } from "@remix-run/node";
import { config, cookiesAreSecure } from "../config.server";
import type { Toast } from "../toast";
import { secureRedirect } from "./responses.server";

let flashCookie: ReturnType<typeof createCookie> | undefined;

function cookie() {
  flashCookie ??= createCookie("flash", {
    httpOnly: true,
    sameSite: "lax",
    secure: cookiesAreSecure(),
    path: "/",
    maxAge: 60,
    secrets: [config().SESSION_SECRET],
  });
  return flashCookie;
}

export async function toastCookie(toast: Toast) {
  return cookie().serialize(toast);
}

/** Whether the request carries a toast to show: its page is then the reader's own, not the shared one. */
export function carriesToast(cookieHeader: string | undefined) {
  return /(?:^|;\s*)flash=/.test(cookieHeader ?? "");
}

/** Reads and clears the pending toast, if any. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; setCookie?: string }> {
  const toast = (await cookie().parse(request.headers.get("Cookie"))) as Toast | null;
  if (!toast || typeof toast.title !== "string") return { toast: null };
  return { toast, setCookie: await cookie().serialize("", { maxAge: 0 }) };
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return secureRedirect(url, { ...init, headers });
}
