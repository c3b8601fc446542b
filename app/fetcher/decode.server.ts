// Turning an answer's bytes into what was sent: the content-encoding undone (undici's request() leaves it),
// and the text read with its charset.
import zlib from "node:zlib";

/** A stream undoing the answer's content-encoding (gzip, deflate, brotli), or undefined when there is none to undo. */
export function decompressor(encoding: string | string[] | undefined) {
  switch (
    String(encoding ?? "")
      .trim()
      .toLowerCase()
  ) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
}

function charsetFromContentType(contentType: string) {
  return contentType.match(/charset\s*=\s*"?([\w.:-]+)"?/i)?.[1];
}

function charsetFromDeclaration(body: Buffer) {
  const head = body.subarray(0, 1024).toString("latin1");
  return head.match(/^<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i)?.[1] ?? head.match(/<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i)?.[1];
}

function decoderFor(label: string | undefined, fatal = false) {
  if (!label) return undefined;
  try {
    return new TextDecoder(label, { fatal });
  } catch {
    return undefined;
  }
}

/**
 * Decodes a body: a byte-order mark wins, then the header's charset, then the document's own declaration,
 * then UTF-8. Servers often label Latin-1 bytes as UTF-8 (or say nothing): bytes that are not valid UTF-8
 * are then read with the declared charset, or Windows-1252.
 */
export function decodeBody(body: Buffer, contentType = ""): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return new TextDecoder("utf-8").decode(body.subarray(3));
  if (body[0] === 0xff && body[1] === 0xfe) return new TextDecoder("utf-16le").decode(body.subarray(2));
  if (body[0] === 0xfe && body[1] === 0xff) return new TextDecoder("utf-16be").decode(body.subarray(2));
  const declared = charsetFromDeclaration(body);
  const label = charsetFromContentType(contentType) ?? declared ?? "utf-8";
  const decoder = decoderFor(label, true);
  if (decoder) {
    try {
      return decoder.decode(body);
    } catch {
      const fallback = declared && !/^utf-?8$/i.test(declared) ? declared : "windows-1252";
      return (decoderFor(fallback) ?? new TextDecoder("windows-1252")).decode(body);
    }
  }
  return new TextDecoder("utf-8").decode(body);
}
