// Cross-site request refusal: a state-changing request must come from this site's own pages
// (or carry no cookies at all, like a script using a Bearer token).
import { config } from "../config.server";
import { AppError } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_REFUSED = "Cross-site request refused.";

export function isCrossSite(request: Request) {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const origin = request.headers.get("Origin");
  if (origin) {
    const allowed = new Set([new URL(request.url).origin, new URL(config().PUBLIC_URL).origin]);
    return !allowed.has(origin);
  }
  return request.headers.get("Sec-Fetch-Site") === "cross-site";
}

/** Throws a "forbidden" AppError (a 403) for a non-GET request sent from another site. */
export function assertSameOrigin(request: Request) {
  if (isCrossSite(request)) throw new AppError("forbidden", CROSS_SITE_REFUSED);
}
