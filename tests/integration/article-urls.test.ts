// Only web addresses are stored or linked: a feed item whose link is javascript:, data: or similar is refused.
import { describe, expect, it } from "vitest";
import { isHttpUrl } from "~/articles/canonical-url";
import { articleTotal } from "~/articles/store/reads.server";
import { insertArticle } from "~/ingest/insert.server";
import { makeArticle } from "../support/articles";

const HOSTILE = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " \tjava\nscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "//evil.test/path",
  "not a url",
  "",
];

describe("article links", () => {
  it("accepts http and https only", () => {
    expect(isHttpUrl("https://www.federalregister.gov/d/2025-01234")).toBe(true);
    expect(isHttpUrl("  http://example.gov/a  ")).toBe(true);
    for (const url of HOSTILE) expect(isHttpUrl(url), url).toBe(false);
  });

  it("refuses to store an article whose link is not http(s)", async () => {
    const before = await articleTotal();
    for (const url of HOSTILE) expect((await insertArticle(makeArticle({ originalUrl: url }))).status, url).toBe("invalid-url");
    expect(await articleTotal()).toBe(before);
    expect((await insertArticle(makeArticle())).status).toBe("inserted");
  });
});
