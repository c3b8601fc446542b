// The large answers' bodies are made a piece at a time, as they are read: a sitemap file (textStream) and the
// article list (jsonListWithEtag). A reader that takes one piece and stops has made the server produce one or
// two pieces, not the whole body; read to the end, the body and its ETag are those of the whole text.
import { createHash } from "node:crypto";
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

  it("jsonListWithEtag writes a hundred items at a time, with the ETag of the whole body", async () => {
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
    // The ETag is taken over every item once, before the body is made.
    expect(serialized - afterWhole).toBe(1_000);
    expect(response.headers.get("ETag")).toBe(`"${createHash("sha1").update(whole).digest("base64url")}"`);

    const reader = response.body!.getReader();
    await reader.read();
    expect(serialized - afterWhole).toBeLessThanOrEqual(1_200);
    await reader.cancel();

    const again = jsonListWithEtag(request, items);
    expect(await again.text()).toBe(whole);
    expect(again.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    const held = jsonListWithEtag(new Request(request.url, { headers: { "If-None-Match": response.headers.get("ETag")! } }), items);
    expect(held.status).toBe(304);
    expect(held.body).toBeNull();
  });

  it("jsonListWithEtag answers an empty list as []", async () => {
    const empty = jsonListWithEtag(new Request("http://localhost/api/articles"), []);
    expect(await empty.text()).toBe("[]");
    expect(empty.headers.get("ETag")).toBe(`"${createHash("sha1").update("[]").digest("base64url")}"`);
  });
});
