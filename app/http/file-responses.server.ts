// Answers that are files rather than pages or JSON: the sitemap, robots.txt and calendar downloads.
import { applySecurityHeaders } from "./security-headers.server";

/**
 * `textFile` for a body made of many pieces (a sitemap file of 50,000 URLs), written as the client reads it: the
 * next piece is made only once the last was taken, so the whole text is never held (server.ts pipes it with
 * backpressure).
 */
export function textStream(pieces: Iterable<string> | AsyncIterable<string>, contentType: string, options: { cacheControl?: string } = {}) {
  const headers = new Headers({ "Content-Type": contentType, "Cache-Control": options.cacheControl ?? "public, max-age=300" });
  applySecurityHeaders(headers);
  const encoder = new TextEncoder();
  const iterator: Iterator<string> | AsyncIterator<string> = Symbol.asyncIterator in pieces ? pieces[Symbol.asyncIterator]() : pieces[Symbol.iterator]();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: 200, headers });
}

/** A text body of the given type, with the security headers; `download` names the file a browser saves. */
export function textFile(body: string, contentType: string, options: { download?: string; cacheControl?: string } = {}) {
  const headers = new Headers({ "Content-Type": contentType, "Cache-Control": options.cacheControl ?? "public, max-age=300" });
  if (options.download) headers.set("Content-Disposition", `attachment; filename="${options.download.replace(/[^\w.-]/g, "_")}"`);
  applySecurityHeaders(headers);
  return new Response(body, { status: 200, headers });
}
