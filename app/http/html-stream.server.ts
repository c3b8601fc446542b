// The byte stream of a server-rendered page, repaired on its way out.
import { Transform, type TransformCallback } from "node:stream";

/**
 * Drops NUL bytes from React's HTML stream. React 18's `renderToPipeableStream` encodes text into 2 KB
 * buffers; when a multi-byte character (“ ” é § —) does not fit at the end of one, it still sends the whole
 * buffer, so the unused bytes go out as NULs and the browser shows "�" next to the character
 * (facebook/react#24985, #31134; fixed in React 19, which Remix v2 cannot use). A NUL byte is never part of a
 * UTF-8 character and never valid in an HTML document, so removing every one is exact.
 */
export function withoutNulBytes() {
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      if (!chunk.includes(0)) return callback(null, chunk);
      const kept = Buffer.allocUnsafe(chunk.length);
      let length = 0;
      for (const byte of chunk) if (byte !== 0) kept[length++] = byte;
      callback(null, kept.subarray(0, length));
    },
  });
}
