// The Federal Register JSON is checked where it enters (the adapter): a malformed page fails its own source with a
// clear message while the others are read, and an odd field never loses or breaks a document.
import { eq } from "drizzle-orm";
import type http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { all, db, execute, first, t } from "~/db.server";
import { scrapeSources } from "~/ingest/scrape.server";
import { clearArticles } from "../support/articles";
import { serveFixture, startServer, type TestServer } from "../support/http-server";
import { addServedSource } from "../support/sources";

let server: TestServer;

const json = (body: unknown) => (_req: http.IncomingMessage, res: http.ServerResponse) =>
  void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));

const doc = (n: number, extra: Record<string, unknown> = {}) => ({
  document_number: `2025-B${n}`,
  title: `Air Plan Approval ${n}`,
  html_url: `https://www.federalregister.gov/documents/2025/06/30/2025-B${n}/document`,
  publication_date: "2025-06-30",
  ...extra,
});

beforeAll(async () => {
  server = await startServer({
    "/bad-next/documents.json": json({ count: 1, next_page_url: 42, results: [doc(1)] }),
    "/bad-count/documents.json": json({ count: "many", results: [doc(2)] }),
    "/odd-fields/documents.json": json({
      count: 3,
      results: [
        doc(3, {
          agencies: [null, { name: "Environmental Protection Agency" }],
          topics: "Air",
          significant: "yes",
          cfr_references: [null, { title: 40, part: 52 }],
        }),
        doc(4, { abstract: 12, page_length: "four", regulation_id_numbers: [7, "2060-AV12"] }),
        doc(5, { html_url: "javascript:alert(1)" }),
      ],
    }),
    "/fed.rdf": serveFixture("federal-reserve.rdf", "application/rdf+xml"),
  });
});
afterAll(() => server.close());

beforeEach(async () => {
  await clearArticles();
  await execute(db().delete(t.sources));
});

const addServed = (path: string, type: string) => addServedSource(server.origin, path, { type });

const sourceRow = async (id: number) => (await first(db().select().from(t.sources).where(eq(t.sources.id, id))))!;
const articlesOf = async (id: number) => all(db().select().from(t.articles).where(eq(t.articles.sourceId, id)));

describe("the Federal Register JSON at the boundary", () => {
  it("fails a malformed page's source with what is wrong, and reads the other sources", async () => {
    const badNext = await addServed("/bad-next/documents.json", "federal-register-api");
    const badCount = await addServed("/bad-count/documents.json", "federal-register-api");
    const feed = await addServed("/fed.rdf", "rss");
    const result = await scrapeSources({ now: new Date("2025-07-01T00:00:00Z") });
    expect((await sourceRow(badNext.id)).errorMessage).toBe(
      "Not a Federal Register response: malformed page from 127.0.0.1 (next_page_url: Invalid input: expected string, received number)",
    );
    expect((await sourceRow(badCount.id)).errorMessage).toBe(
      "Not a Federal Register response: malformed page from 127.0.0.1 (count: Invalid input: expected number, received string)",
    );
    expect(await sourceRow(feed.id)).toMatchObject({ status: "healthy", errorMessage: null });
    expect(result.totals).toMatchObject({ sources: 3, failed: 2, new: 2 });
  });

  it("keeps a document whose further fields are odd, leaving those fields empty, and skips one without a usable link", async () => {
    const source = await addServed("/odd-fields/documents.json", "federal-register-api");
    const result = await scrapeSources();
    expect(result.sources[0]).toMatchObject({ error: null, fetched: 2, new: 2, invalid: 1 });
    const rows = await articlesOf(source.id);
    expect(rows.find((r) => r.documentNumber === "2025-B3")).toMatchObject({
      agencies: ["Environmental Protection Agency"],
      topics: [],
      significant: true,
      cfrReferences: ["40 CFR 52"],
    });
    expect(rows.find((r) => r.documentNumber === "2025-B4")).toMatchObject({ summary: "", pageLength: null, regulationIdNumbers: ["2060-AV12"] });
  });
});
