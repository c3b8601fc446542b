// Extracting an article from a URL: a locally served news page (Open Graph tags, body text), a PDF,
// a missing page, and a Federal Register document read through a local stand-in of its API.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractArticle } from "~/ingest/extract.server";
import { servePages, startServer, type TestServer } from "../support/http-server";

type FederalRegisterSample = { results: { document_number: string; title: string; abstract: string; html_url: string; publication_date: string }[] };
const sample = (JSON.parse(fs.readFileSync("scripts/demo/federal-register-2025-sample.json", "utf8")) as FederalRegisterSample).results;
const ohio = sample.find((d) => d.document_number === "2025-00968")!;

let pages: TestServer;

beforeAll(async () => {
  const release = fs.readFileSync("tests/fixtures/ai/news-release.html", "utf8");
  pages = await startServer(
    servePages({
      "/newsreleases/ohio-air-nuisance-rule": { contentType: "text/html; charset=utf-8", body: release },
      "/no-meta": {
        contentType: "text/html",
        body: `<html><head><title>Plain page</title></head><body><article><h1>Treasury withdraws proposed rule on investment reporting</h1>${"<p>The Department of the Treasury is withdrawing a proposed rule that would have required investment advisers to report new data. The withdrawal reduces the reporting burden on small firms.</p>".repeat(4)}</article></body></html>`,
      },
      "/docs/notice.pdf": { contentType: "application/pdf", body: fs.readFileSync("tests/fixtures/ai/notice.pdf") },
      "/download": { contentType: "application/octet-stream", body: fs.readFileSync("tests/fixtures/ai/notice.pdf") },
      "/data.json": { contentType: "application/json", body: "{}" },
      "/api/v1/documents/2025-00968.json": {
        contentType: "application/json",
        body: JSON.stringify({
          document_number: ohio.document_number,
          title: ohio.title,
          html_url: ohio.html_url,
          publication_date: ohio.publication_date,
          abstract: ohio.abstract,
          type: "Rule",
          agencies: [{ name: "Environmental Protection Agency" }],
          significant: false,
          comments_close_on: null,
        }),
      },
    }),
  );
});
afterAll(() => pages.close());

describe("extractArticle", () => {
  it("reads title and summary from a news page's Open Graph tags and classifies it", async () => {
    const article = await extractArticle(pages.url("/newsreleases/ohio-air-nuisance-rule"));
    expect(article.title).toBe("EPA Reinstates Ohio Air Nuisance Rule in State Implementation Plan");
    expect(article.summary).toBe(
      "The Environmental Protection Agency is taking final action to correct a November 19, 2020, rulemaking that removed the Air Nuisance Rule from the Ohio State Implementation Plan.",
    );
    expect(article.category).toBe("new-regulations");
    expect(["high", "medium", "low"]).toContain(article.priority);
    expect(article.tags).toEqual(expect.arrayContaining(["epa", "environmental"]));
  });

  it("falls back to the page's own headline and first sentences without meta tags", async () => {
    const article = await extractArticle(pages.url("/no-meta"));
    expect(article.title).toBe("Treasury withdraws proposed rule on investment reporting");
    expect(article.summary.startsWith("The Department of the Treasury is withdrawing a proposed rule")).toBe(true);
    expect(article.summary.length).toBeLessThanOrEqual(600);
    expect(article.tags).toContain("treasury");
  });

  it("refuses a PDF with a message that says PDF, by content type or by content", async () => {
    await expect(extractArticle(pages.url("/docs/notice.pdf"))).rejects.toThrow(/PDF/);
    await expect(extractArticle(pages.url("/download"))).rejects.toThrow(/PDF/);
  });

  it("explains other failures", async () => {
    await expect(extractArticle(pages.url("/missing"))).rejects.toThrow(/Could not extract the article: HTTP 404/);
    await expect(extractArticle(pages.url("/data.json"))).rejects.toThrow(/not a web page \(it is application\/json\)/);
    await expect(extractArticle("not a url")).rejects.toThrow(/full address/);
    await expect(extractArticle("ftp://example.gov/file")).rejects.toThrow(/http/);
  });

  it("reads a Federal Register document through the API", async () => {
    const article = await extractArticle(ohio.html_url, { federalRegisterApi: pages.url("/api/v1") });
    expect(pages.hits("/api/v1/documents/2025-00968.json")).toBe(1);
    expect(article.title).toBe(ohio.title);
    expect(article.summary).toBe(ohio.abstract.replace(/\s+/g, " ").trim());
    expect(article.tags).toEqual(expect.arrayContaining(["epa", "agency-rules"]));
  });
});
