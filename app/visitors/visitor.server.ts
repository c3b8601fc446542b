// Anonymous visitors: a random id in a cookie, so bookmarks and view counts are per visitor
// without an account.
import { randomUUID } from "node:crypto";
import { signedCookie } from "../cookies.server";

function cookie() {
  return signedCookie("visitor", 60 * 60 * 24 * 400);
}

/** The caller's visitor id, if the request carries a valid one. */
export async function readVisitorId(request: Request): Promise<string | undefined> {
  const value = await cookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[0-9a-f-]{36}$/.test(value) ? value : undefined;
}

/** The caller's visitor id, creating one (and the Set-Cookie header to send) when missing. */
export async function ensureVisitorId(request: Request) {
  const existing = await readVisitorId(request);
  if (existing) return { visitorId: existing, setCookie: undefined };
  const visitorId = randomUUID();
  return { visitorId, setCookie: await cookie().serialize(visitorId) };
}
