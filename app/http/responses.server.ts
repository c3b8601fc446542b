// JSON answers for the /api resource routes: one error shape, ETags, no stack traces.
import { createHash } from "node:crypto";
import { json } from "@remix-run/node";
import { applySecurityHeaders } from "./security-headers.server";

export function jsonError(status: number, message: string, headers?: HeadersInit) {
  const response = json({ message }, { status, headers });
  applySecurityHeaders(response.headers);
  return response;
}

/** Throwable guard in the spirit of `invariant`: stops a loader or action with a JSON error. */
export function invariantResponse(condition: unknown, status: number, message: string): asserts condition {
  if (!condition) throw jsonError(status, message);
}

/**
 * A JSON response with a strong ETag; answers 304 when the client already holds this body.
 * Read APIs are never cached by shared caches: answers may depend on the visitor's cookie.
 */
export function jsonWithEtag(request: Request, data: unknown, init: { maxAge?: number } = {}) {
  const body = JSON.stringify(data);
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  const headers = new Headers({
    ETag: etag,
    "Cache-Control": `private, max-age=${init.maxAge ?? 0}, must-revalidate`,
    Vary: "Cookie, Authorization",
  });
  applySecurityHeaders(headers);
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === etag || tag.trim() === `W/${etag}`)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(body, { status: 200, headers });
}

/**
 * `export const action = methodNotAllowed` on read-only resource routes: without an action, Remix answers
 * other methods itself, bypassing the security headers.
 */
export function methodNotAllowed() {
  return jsonError(405, "Method not allowed.", { Allow: "GET, HEAD" });
}

/** Parses a positive integer route id; anything else is a 404, not a 500. */
export function parseId(raw: string | undefined) {
  const id = Number(raw);
  if (!raw || !/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) throw jsonError(404, "Not found");
  return id;
}
