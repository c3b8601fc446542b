// The large answers' bodies are written a piece at a time, as they are read: a sitemap file (textStream) and the
// article list to a client taking no encoding (jsonListWithEtag, which compresses it in one pass for the others).
// A reader that takes one piece and stops has made the server produce one or two pieces of a sitemap, not the whole
// body; read to the end, the body and its ETag are those of the whole text.
import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { textStream } from "~/http/file-responses.server";
import { jsonListWithEtag } from "~/http/responses.server";

describe("answers made as they are read", () => {
  it("textStream asks its pieces for the next one only when the reader took the last", async () => {
    let made = 0;
    function* pieces() {
      for (let i = 0; i < 50; i++) {
        made++;
        yield `<piece n="${i}">${"x".repeat(10_000)}</piece>\n`;
      }
    }
    const response = textStream(pieces(), "application/xml; charset=utf-8");
    expect(made).toBe(0);
    const reader = response.body!.getReader();
    await reader.read();
    expect(made).toBeLessThanOrEqual(2);
    await reader.read();
    expect(made).toBeLessThanOrEqual(3);
    // A reader who goes away ends the pieces: the generator is closed, not run on.
    await reader.cancel();
    expect(made).toBeLessThanOrEqual(3);
  });

  it("textStream's body is the pieces joined", async () => {
    const pieces = ["<a>", "b", "</a>\n"];
    const response = textStream(pieces, "text/plain; charset=utf-8");
    expect(await response.text()).toBe("<a>b</a>\n");
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  });

  it("jsonListWithEtag serializes each item once, with the ETag of the whole body, written as read to a client taking no encoding", async () => {
    let serialized = 0;
    const items = Array.from({ length: 1_000 }, (_, id) => ({
      toJSON() {
        serialized++;
        return { id, title: `Article ${id} "quoted" \u2014 é` };
      },
    }));
    const whole = JSON.stringify(items);
    const afterWhole = serialized;
    const request = new Request("http://localhost/api/articles");
    const response = jsonListWithEtag(request, items);
    // The ETag is taken over every item, serialized once, before the body is sent.
    expect(serialized - afterWhole).toBe(1_000);
    expect(response.headers.get("ETag")).toBe(`"${createHash("sha1").update(whole).digest("base64url")}"`);
    expect(response.headers.get("Content-Encoding")).toBeNull();

    // A hundred items a piece, the next one given only when the reader took the last.
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first.startsWith('[{"id":0,')).toBe(true);
    expect(first.match(/"id":/g)).toHaveLength(100);
    await reader.cancel();

    const again = jsonListWithEtag(request, items);
    expect(await again.text()).toBe(whole);
    expect(serialized - afterWhole).toBe(2_000);
    expect(again.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(again.headers.get("Vary")).toBe("Accept-Encoding, Cookie, Authorization");
    const held = jsonListWithEtag(new Request(request.url, { headers: { "If-None-Match": response.headers.get("ETag")! } }), items);
    expect(held.status).toBe(304);
    expect(held.body).toBeNull();
  });

  it("jsonListWithEtag compresses the body in one pass for a client taking br or gzip, the ETag and a 304 unchanged", async () => {
    const items = Array.from({ length: 484 }, (_, id) => ({ id, title: `Article ${id} on the reporting of emissions`, summary: "x".repeat(500) }));
    const whole = JSON.stringify(items);
    const etag = `"${createHash("sha1").update(whole).digest("base64url")}"`;
    for (const [acceptEncoding, encoding, decompress] of [
      ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
      ["gzip", "gzip", zlib.gunzipSync],
    ] as const) {
      const request = new Request("http://localhost/api/articles", { headers: { "Accept-Encoding": acceptEncoding } });
      const response = jsonListWithEtag(request, items);
      expect(response.headers.get("Content-Encoding")).toBe(encoding);
      expect(response.headers.get("ETag")).toBe(etag);
      const body = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("Content-Length")).toBe(String(body.length));
      expect(body.length).toBeLessThan(whole.length / 10);
      expect(decompress(body).toString("utf8")).toBe(whole);
      // A 304 says nothing of an encoding: it has no body.
      const held = jsonListWithEtag(new Request(request.url, { headers: { "Accept-Encoding": acceptEncoding, "If-None-Match": etag } }), items);
      expect(held.status).toBe(304);
      expect(held.headers.get("Content-Encoding")).toBeNull();
    }
    // Below the compression threshold the body is sent as it is, as the compression middleware would.
    const small = jsonListWithEtag(new Request("http://localhost/api/articles", { headers: { "Accept-Encoding": "br" } }), [{ id: 1 }]);
    expect(small.headers.get("Content-Encoding")).toBeNull();
    expect(await small.text()).toBe('[{"id":1}]');
  });

  it("jsonListWithEtag answers an empty list as []", async () => {
    const empty = jsonListWithEtag(new Request("http://localhost/api/articles"), []);
    expect(await empty.text()).toBe("[]");
    expect(empty.headers.get("ETag")).toBe(`"${createHash("sha1").update("[]").digest("base64url")}"`);
  });
});
