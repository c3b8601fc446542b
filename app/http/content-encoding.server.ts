// Answers compressed in one synchronous pass, where the compression middleware (server.ts) would compress as the
// body is written: the shared page copies (shared-page-cache.server.ts) and the article list
// (responses.server.ts, jsonListWithEtag). The middleware hands zlib each piece of a body as a separate task of
// the thread pool, and under load each task waits its turn behind every other request's work: a 600 KB list
// answered in 1.0-1.2 s at the median under the mixed load against 0.4 s for the pages beside it, where one pass
// costs 3 ms (docs/benchmarks.md, "The article list compressed in one pass").
import zlib from "node:zlib";
import express, { type Request } from "express";

export type ContentEncoding = "br" | "gzip" | "identity";

/**
 * The encoding an answer is sent in for an Accept-Encoding header: the best one the client accepts at all.
 * Browsers list gzip before br with equal weight, which is no preference, and `acceptsEncodings("br", "gzip")`
 * would pick gzip by their order (as in precompressed.server.ts). Decided by Express's own negotiation, so an
 * answer made before Express (server.ts) or compressed by the app is in the encoding the middleware would choose,
 * and remembered per header value: browsers send a handful of values, and negotiating parses the header each time.
 */
const encodings = new Map<string, ContentEncoding>();
const ENCODINGS_KEPT = 64;
export function encodingFor(acceptEncoding: string | null | undefined): ContentEncoding {
  const header = acceptEncoding ?? "";
  let encoding = encodings.get(header);
  if (encoding === undefined) {
    const asked = { headers: acceptEncoding == null ? {} : { "accept-encoding": acceptEncoding } };
    encoding = (["br", "gzip"] as const).find((name) => express.request.acceptsEncodings.call(asked as Request, name) === name) ?? "identity";
    if (encodings.size >= ENCODINGS_KEPT) encodings.clear();
    encodings.set(header, encoding);
  }
  return encoding;
}

/**
 * Below this many bytes an answer is sent as it is, as the middleware does (`compression()`'s default threshold):
 * the encoding's framing would outweigh what it saves.
 */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Brotli's quality for an answer made per request, here and in the compression middleware (server.ts). Quality 3
 * compresses a rendered feed page in half the time of the middleware's default, 4 (0.43 against 0.87 ms for 83 KB),
 * to 7 % more bytes, as few as gzip's level 6 gives in 1.04 ms (docs/benchmarks.md, "Brotli's quality for pages
 * rendered per request"). The shared page copies, compressed once for many readers, take more care.
 */
export const PER_REQUEST_BROTLI_QUALITY = 3;

/** The body in `encoding`, compressed in one pass with the middleware's settings (gzip level 6, PER_REQUEST_BROTLI_QUALITY). */
export function compressedOnce(body: string | Buffer, encoding: "br" | "gzip"): Buffer {
  if (encoding === "gzip") return zlib.gzipSync(body, { level: 6 });
  const size = typeof body === "string" ? Buffer.byteLength(body) : body.length;
  return zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
  });
}
