// Cross-site request refusal: a state-changing request must come from this site's own pages
// (or carry no cookies at all, like a script using a Bearer token).
import { config } from "../config.server";
import { jsonError, serverRefusal, type ServerRefusal } from "./responses.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const CROSS_SITE_REFUSED = "Cross-site request refused.";

export function isCrossSite(request: Request) {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const origin = request.headers.get("Origin");
  if (origin) {
    const allowed = new Set([new URL(request.url).origin, new URL(config().PUBLIC_URL).origin]);
    return !allowed.has(origin);
  }
  return request.headers.get("Sec-Fetch-Site") === "cross-site";
}

/** Throws 403 for a non-GET request sent from another site. */
export function assertSameOrigin(request: Request) {
  if (isCrossSite(request)) throw jsonError(403, CROSS_SITE_REFUSED);
}

/**
 * Remix itself compares a document form post's Origin with its Host before any action runs, and answers a
 * mismatch with a bare 500 after passing the error to `handleError` (server-runtime 2.17,
 * `throwIfPotentialCSRFAttack`) inside the Remix handler, after any middleware, so `handleError` rethrows that one
 * error as this refusal: server.ts's error handler answers a 4xx error's `status` and `headers` (a page for a
 * browser, JSON `{ message }` otherwise) and logs its `detail` in one warning line (docs/decisions/009 and 010).
 */
const REMIX_ORIGIN_CHECK = /header does not match `origin` header|needed to compare the `origin` header/;

export function crossSiteRefusal(error: unknown, request: Request): ServerRefusal | undefined {
  if (!(error instanceof Error) || !REMIX_ORIGIN_CHECK.test(error.message)) return undefined;
  const origin = request.headers.get("Origin") ?? "no origin";
  return serverRefusal(403, CROSS_SITE_REFUSED, `Refused a cross-site ${request.method} to ${new URL(request.url).pathname} from ${origin} (403)`);
}
