// The cross-site document post Remix refuses itself, turned into our 403 (the check every action makes is
// app/auth/same-origin.server.ts).
import { CROSS_SITE_REFUSED } from "../auth/same-origin.server";
import { serverRefusal, type ServerRefusal } from "./responses.server";

/**
 * Remix itself compares a document form post's Origin with its Host before any action runs, and answers a
 * mismatch with a bare 500 after passing the error to `handleError` (server-runtime 2.17, actions.js
 * `throwIfPotentialCSRFAttack`) inside the Remix handler, after any middleware, so `handleError` rethrows that one
 * error as this refusal: server.ts's error handler answers a 4xx error's `status` and `headers` (a page for a
 * browser, JSON `{ message }` otherwise) and logs its `detail` in one warning line (docs/decisions/009 and 010).
 * Remix's error is a plain Error; rather than read its wording, the request is checked by Remix's own rule:
 * such a request never reaches an action or loader, so the error `handleError` gets for it is that refusal.
 */
const CHECKED_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** True when Remix refuses the request before any action runs: its Origin's host is not its (forwarded) Host. */
export function failsRemixOriginCheck(request: Request) {
  if (!CHECKED_METHODS.has(request.method.toUpperCase())) return false;
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  let originHost: string;
  try {
    originHost = origin === "null" ? origin : new URL(origin).host;
  } catch {
    return false;
  }
  const host = request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim() || request.headers.get("Host");
  return !host || originHost !== host;
}

export function crossSiteRefusal(error: unknown, request: Request): ServerRefusal | undefined {
  if (!(error instanceof Error) || !failsRemixOriginCheck(request)) return undefined;
  const origin = request.headers.get("Origin") ?? "no origin";
  return serverRefusal(403, CROSS_SITE_REFUSED, `Refused a cross-site ${request.method} to ${new URL(request.url).pathname} from ${origin} (403)`);
}
