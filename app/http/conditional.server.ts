// Conditional GET for the files a reader's software polls (feeds): a strong ETag, Last-Modified, and a 304 with
// no body when the client already holds the answer.
import { applySecurityHeaders } from "./security-headers.server";

/** What every poll answer carries: feed readers may keep it five minutes. */
export const FEED_CACHE_CONTROL = "public, max-age=300";

/** Whether an If-None-Match header names this (strong) ETag, or `*`; a weak validator compares by its tag. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** The validators of an answer; `lastModified` to the second, as HTTP dates carry it. */
function validatorHeaders(etag: string, lastModified: Date | undefined) {
  const headers = new Headers({ ETag: etag, "Cache-Control": FEED_CACHE_CONTROL, Vary: "Accept-Encoding" });
  if (lastModified) headers.set("Last-Modified", new Date(Math.floor(lastModified.getTime() / 1000) * 1000).toUTCString());
  applySecurityHeaders(headers);
  return headers;
}

/**
 * A 304 when the request's validators match (If-None-Match wins over If-Modified-Since, RFC 9110 13.1.3),
 * or null when the full answer is due.
 */
function notModified(request: Request, headers: Headers): Response | null {
  const etag = headers.get("ETag")!;
  const ifNoneMatch = request.headers.get("If-None-Match");
  let fresh = false;
  if (ifNoneMatch !== null) fresh = etagMatches(ifNoneMatch, etag);
  else {
    const since = Date.parse(request.headers.get("If-Modified-Since") ?? "");
    const modified = Date.parse(headers.get("Last-Modified") ?? "");
    fresh = Number.isFinite(since) && Number.isFinite(modified) && modified <= since;
  }
  return fresh ? new Response(null, { status: 304, headers }) : null;
}

/** A polled answer: a 304 when the client already holds it, else `body()` with its validators and content type. */
export function conditionalAnswer(request: Request, answer: { etag: string; lastModified?: Date; contentType: string; body: () => string }) {
  const headers = validatorHeaders(answer.etag, answer.lastModified);
  const unchanged = notModified(request, headers);
  if (unchanged) return unchanged;
  headers.set("Content-Type", answer.contentType);
  return new Response(answer.body(), { status: 200, headers });
}
