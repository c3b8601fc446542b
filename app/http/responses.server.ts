// Answers that leave Remix without passing through entry.server (which adds the security headers to
// documents and data requests): the resource routes' JSON (one error shape, ETags, no stack traces) and
// redirects from any route. They are built here, with the security headers.
import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { json, redirect } from "@remix-run/node";
import { applySecurityHeaders } from "./security-headers.server";
import { etagMatches } from "./conditional.server";
import { COMPRESSION_THRESHOLD, compressedOnce, encodingFor, type ContentEncoding } from "./content-encoding.server";

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

/** True when If-None-Match names this ETag (strong or weak), or is `*` (any version of a resource that exists). */
function clientHolds(request: Request, etag: string) {
  return etagMatches(request.headers.get("If-None-Match"), etag);
}

type EtagInit = { maxAge?: number; headers?: HeadersInit };

/**
 * A JSON response with a strong ETag; answers 304 when the client already holds this body.
 * Read APIs are never cached by shared caches: answers may depend on the visitor's cookie.
 * `headers` go on both answers (a 304 carries what the 200 would have).
 */
export function jsonWithEtag(request: Request, data: unknown, init: EtagInit = {}) {
  const body = JSON.stringify(data);
  return jsonAnswerWithEtag(request, `"${createHash("sha1").update(body).digest("base64url")}"`, init, () => body);
}

/**
 * The headers and the 304 of both JSON answers with an ETag; `body` is made only when the client lacks it, and
 * may add the headers of the body it makes (its encoding).
 */
function jsonAnswerWithEtag(request: Request, etag: string, init: EtagInit, body: (headers: Headers) => BodyInit) {
  const headers = new Headers(init.headers);
  headers.set("ETag", etag);
  headers.set("Cache-Control", `private, max-age=${init.maxAge ?? 0}, must-revalidate`);
  headers.append("Vary", "Cookie, Authorization");
  applySecurityHeaders(headers);
  if (clientHolds(request, etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(body(headers), { status: 200, headers });
}

/** Items serialized per piece of a JSON list. */
const JSON_LIST_PIECE = 100;

/** A JSON array's text in pieces of a hundred items, each item serialized once, and the strong ETag of the whole. */
function serializedList(items: readonly unknown[]) {
  const pieces: string[] = [];
  for (let from = 0; from < items.length; from += JSON_LIST_PIECE) {
    const serialized = items
      .slice(from, from + JSON_LIST_PIECE)
      .map((item) => JSON.stringify(item))
      .join(",");
    pieces.push((from === 0 ? "[" : ",") + serialized + (from + JSON_LIST_PIECE >= items.length ? "]" : ""));
  }
  if (pieces.length === 0) pieces.push("[]");
  const hash = createHash("sha1");
  for (const piece of pieces) hash.update(piece);
  const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
  return { pieces, etag: `"${hash.digest("base64url")}"`, compressible: length >= COMPRESSION_THRESHOLD };
}

/** A body of compressed bytes, with the headers that say so. */
function compressedBody(headers: Headers, encoding: "br" | "gzip", bytes: Buffer) {
  headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(bytes.length));
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length);
}

/** The answer of a JSON list with an ETag: the list's headers, and the body in the encoding the client takes. */
function listAnswer(request: Request, etag: string, init: EtagInit, body: (encoding: ContentEncoding, headers: Headers) => BodyInit) {
  const headers = new Headers(init.headers);
  headers.append("Vary", "Accept-Encoding");
  const encoding = encodingFor(request.headers.get("Accept-Encoding"));
  return jsonAnswerWithEtag(request, etag, { ...init, headers }, (answerHeaders) => body(encoding, answerHeaders));
}

/**
 * `jsonWithEtag` for a JSON array (up to a thousand articles, about 1.5 MB): the same body and ETag, each item
 * serialized once, a hundred at a time. A client that takes br or gzip gets the body compressed here in one pass
 * (content-encoding.server.ts says why), so what waits for a slow reader is the compressed bytes (a tenth of the
 * text or less); the text itself is dropped once compressed. A client that takes neither gets the pieces one at a
 * time, as it reads them (server.ts pipes the answer with backpressure).
 */
export function jsonListWithEtag(request: Request, items: readonly unknown[], init: EtagInit = {}) {
  const list = serializedList(items);
  return listAnswer(request, list.etag, init, (encoding, headers) => {
    if (encoding !== "identity" && list.compressible) return compressedBody(headers, encoding, compressedOnce(list.pieces.join(""), encoding));
    const encoder = new TextEncoder();
    let next = 0;
    return new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          controller.enqueue(encoder.encode(list.pieces[next++]));
          if (next === list.pieces.length) controller.close();
        },
      },
      // One piece ahead at most: the next is written only when the reader took the last.
      { highWaterMark: 0 },
    );
  });
}

/**
 * A JSON list kept to be answered many times (shared-answers.server.ts): its ETag, its headers and its body in both
 * encodings, compressed once (a body under the compression threshold is kept as text); `bytes` is what it holds.
 */
export type StoredList = { etag: string; headers: [string, string][]; text?: string; br?: Buffer; gzip?: Buffer; bytes: number };

export function storedList(items: readonly unknown[], headers: HeadersInit = {}): StoredList {
  const list = serializedList(items);
  const entries = [...new Headers(headers).entries()];
  const headerBytes = entries.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  const text = list.pieces.join("");
  if (!list.compressible) return { etag: list.etag, headers: entries, text, bytes: text.length + headerBytes };
  const br = compressedOnce(text, "br");
  const gzip = compressedOnce(text, "gzip");
  return { etag: list.etag, headers: entries, br, gzip, bytes: br.length + gzip.length + headerBytes };
}

/** The answer of a stored list, as `jsonListWithEtag` answers the same items (a client taking neither encoding gets the text inflated). */
export function storedListAnswer(request: Request, stored: StoredList) {
  return listAnswer(request, stored.etag, { headers: stored.headers }, (encoding, headers) => {
    if (stored.text !== undefined) return stored.text;
    if (encoding === "identity") return zlib.gunzipSync(stored.gzip!).toString("utf8");
    return compressedBody(headers, encoding, stored[encoding]!);
  });
}

/**
 * The one 405 answer of the resource routes: `Allow` lists the methods the route answers, and the message may
 * say which one to use.
 */
export function methodNotAllowed(allow: string, message = "Method not allowed.") {
  return jsonError(405, message, { Allow: allow });
}

/**
 * The handler a resource route would otherwise lack: without a loader (or an action), Remix answers GET (or
 * the other methods) itself, with "Unexpected Server Error" and without the security headers.
 * `export const loader = allowOnly("POST")` on a route that only acts, `export const action = allowOnly("GET, HEAD")`
 * on one that only reads.
 */
export function allowOnly(allow: string, message?: string) {
  return () => methodNotAllowed(allow, message);
}

/** How well an Accept header takes a media type: its most specific matching range, as negotiation ranks them. */
function acceptance(accept: string, type: string) {
  const [wantedType, wantedSubtype] = type.split("/");
  let best: { q: number; specificity: number; order: number } | undefined;
  accept.split(",").forEach((part, order) => {
    const [range, ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    const [rangeType, rangeSubtype] = range.split("/");
    const specificity =
      rangeType === wantedType && rangeSubtype === wantedSubtype ? 2 : rangeType === wantedType && rangeSubtype === "*" ? 1 : range === "*/*" ? 0 : -1;
    const given = Number(params.find((p) => p.startsWith("q="))?.slice(2) ?? 1);
    const q = Number.isFinite(given) ? given : 0;
    if (specificity < 0 || (best && (best.specificity > specificity || (best.specificity === specificity && best.q >= q)))) return;
    best = { q, specificity, order };
  });
  return best;
}

/**
 * True when the client ranks an HTML page above JSON, as a browser following a link does; a client that sends
 * no Accept header, `*\/*` or JSON first gets JSON (Express's `req.accepts(["json", "html"])`, used by server.ts).
 */
export function prefersHtml(accept: string | null | undefined) {
  const html = acceptance(accept || "*/*", "text/html");
  const json = acceptance(accept || "*/*", "application/json");
  if (!html || html.q <= 0) return false;
  if (!json || json.q <= 0) return true;
  if (html.q !== json.q) return html.q > json.q;
  if (html.specificity !== json.specificity) return html.specificity > json.specificity;
  return html.order < json.order;
}

export type ServerRefusal = Error & { status: number; headers: Record<string, string>; detail: string };

const refusals = new WeakSet<Error>();

/**
 * A refusal for server.ts's error handler, which answers its 4xx `status` with its `headers` (the security headers
 * here), as a short page for a browser and as JSON `{ message }` otherwise, and logs `detail` in one warning line.
 * It is the way out of Remix for an answer Remix would render as a page: `handleError` in app/entry.server.tsx
 * rethrows it (docs/decisions/009).
 */
export function serverRefusal(status: number, message: string, detail: string, extraHeaders?: HeadersInit): ServerRefusal {
  const headers = new Headers(extraHeaders);
  applySecurityHeaders(headers);
  const refusal = Object.assign(new Error(message), { status, headers: Object.fromEntries(headers), detail });
  refusals.add(refusal);
  return refusal;
}

export function isServerRefusal(error: unknown): error is ServerRefusal {
  return error instanceof Error && refusals.has(error);
}

/**
 * A refusal from a route that browsers open as a page (the links "Read Original" and a related article follow
 * without JavaScript): the app's error page for a browser or Remix's own data request, via the root ErrorBoundary;
 * the API's JSON `{ message }` for any other client (a script, `curl`), which is what such a client reads.
 */
export function pageRouteRefusal(request: Request, status: number, message: string, headers?: HeadersInit) {
  const url = new URL(request.url);
  if (url.searchParams.has("_data") || prefersHtml(request.headers.get("Accept"))) return new Response(message, { status, headers });
  return serverRefusal(status, message, `${message} ${request.method} ${url.pathname} (${status})`, headers);
}
