// Pages with multi-byte characters reach the browser intact: React 18's streaming renderer pads its 2 KB
// buffers with NUL bytes when such a character falls on a buffer's end, and withoutNulBytes removes them.
import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { createElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { withoutNulBytes } from "~/http/html-stream.server";

/** A list of short quoted titles, shifted by `offset` bytes so the characters fall on every buffer position. */
function page(offset: number) {
  const items = Array.from({ length: 120 }, (_, i) => createElement("li", { key: i, "aria-label": `Status of “item ${i}”` }, `§ ${i} — café “q”`));
  return createElement("main", null, createElement("p", null, "x".repeat(offset)), createElement("ul", null, items));
}

function streamed(element: ReturnType<typeof page>, through: () => NodeJS.ReadWriteStream) {
  return new Promise<string>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        const out = through();
        text(out).then(resolve, reject);
        pipe(out as unknown as NodeJS.WritableStream);
      },
      onShellError: reject,
    });
  });
}

describe("withoutNulBytes", () => {
  it("gives the same document as rendering to a string, wherever the characters fall", async () => {
    let paddedStreams = 0;
    for (let offset = 0; offset < 24; offset++) {
      const element = page(offset);
      const raw = await streamed(element, () => new PassThrough());
      if (raw.includes("\u0000")) paddedStreams++;
      const repaired = await streamed(element, withoutNulBytes);
      expect(repaired, `offset ${offset}`).toBe(renderToString(element));
    }
    // The case this guards against occurs in this React version: without the filter some streams carry NULs.
    expect(paddedStreams).toBeGreaterThan(0);
  });

  it("leaves chunks without NUL bytes untouched", async () => {
    const out = withoutNulBytes();
    const done = text(out);
    out.end(Buffer.from("“plain” é", "utf8"));
    expect(await done).toBe("“plain” é");
  });
});
