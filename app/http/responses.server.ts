// Answers that leave Remix without passing through entry.server (which adds the security headers to
// documents and data requests): the resource routes' JSON (one error shape, ETags, no stack traces) and
// redirects from any route. They are built here, with the security headers.
import { createHash } from "node:crypto";
import { json, redirect } from "@remix-run/node";
import { applySecurityHeaders } from "./security-headers.server";

/** `json()` with the security headers. */
export function secureJson(data: unknown, init?: ResponseInit) {
  const response = json(data, init);
  applySecurityHeaders(response.headers);
  return response;
}

/** `redirect()` with the security headers. */
export function secureRedirect(url: string, init?: number | ResponseInit) {
  const response = redirect(url, init);
  applySecurityHeaders(response.headers);
  return response;
}

export function jsonError(status: number, message: string, headers?: HeadersInit) {
  return secureJson({ message }, { status, headers });
}

/** Throwable guard in the spirit of `invariant`: stops a loader or action with a JSON error. */
export function invariantResponse(condition: unknown, status: number, message: string): asserts condition {
  if (!condition) throw jsonError(status, message);
}

/** True when If-None-Match names this ETag (strong or weak), or is `*` (any version of a resource that exists). */
function clientHolds(request: Request, etag: string) {
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => ["*", etag, `W/${etag}`].includes(tag.trim()));
}

/**
 * A JSON response with a strong ETag; answers 304 when the client already holds this body.
 * Read APIs are never cached by shared caches: answers may depend on the visitor's cookie.
 * `headers` go on both answers (a 304 carries what the 200 would have).
 */
export function jsonWithEtag(request: Request, data: unknown, init: { maxAge?: number; headers?: HeadersInit } = {}) {
  const body = JSON.stringify(data);
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  const headers = new Headers(init.headers);
  headers.set("ETag", etag);
  headers.set("Cache-Control", `private, max-age=${init.maxAge ?? 0}, must-revalidate`);
  headers.set("Vary", "Cookie, Authorization");
  applySecurityHeaders(headers);
  if (clientHolds(request, etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(body, { status: 200, headers });
}

/**
 * The handler a resource route would otherwise lack: without a loader (or an action), Remix answers GET (or
 * the other methods) itself, with "Unexpected Server Error" and without the security headers.
 * `export const loader = allowOnly("POST")` on a route that only acts.
 */
export function allowOnly(allow: string) {
  return () => jsonError(405, "Method not allowed.", { Allow: allow });
}

/** `export const action = methodNotAllowed` on read-only resource routes. */
export const methodNotAllowed = allowOnly("GET, HEAD");

/** Parses a positive integer route id; anything else is a 404, not a 500. */
export function parseId(raw: string | undefined) {
  const id = Number(raw);
  if (!raw || !/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) throw jsonError(404, "Not found");
  return id;
}
