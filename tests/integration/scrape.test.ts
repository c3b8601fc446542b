// Scraping real-looking feeds from loopback servers through the real client, adapters, insert path and health.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deleteArticles } from "~/articles/store/edits.server";
import { all, db, execute, first, t } from "~/db.server";
import { BACKOFF_CAP_MS, backoffDelay } from "~/sources/health.server";
import { backfillSources, scrapeSources } from "~/ingest/scrape.server";
import { clearArticles } from "../support/articles";
import { federalRegisterRoute, generateDocuments, RESULT_CAP } from "../support/federal-register-api";
import { serveFixture, startServer, type TestServer } from "../support/http-server";
import { addServedSource } from "../support/sources";

let server: TestServer;
const flaky = { failing: true };
let frRequests: URL[] = [];
/** The backfill stand-in that answers three pages and then fails. */
const breaking = { answered: 0 };

const sampleTitles = ["Air Plan Approval; Ohio; Redesignation", "Agency Information Collection Activities; Proposed Collection; Comment Request"];
const backfillDocs = generateDocuments({ days: 40, perDay: 300, lastDay: "2025-06-30", samples: sampleTitles.map((title) => ({ title })) });

beforeAll(async () => {
  server = await startServer({
    "/sec.rss": serveFixture("sec-press-releases.rss", "application/rss+xml", { etag: '"sec-1"' }),
    "/fed.rdf": serveFixture("federal-reserve.rdf", "application/rdf+xml"),
    "/scotus.atom": serveFixture("courtlistener-scotus.atom", "application/atom+xml", { lastModified: "Fri, 27 Jun 2025 23:01:00 GMT" }),
    "/api/v1/documents.json": (req, res, origin) => {
      const page = new URL(req.url!, origin).searchParams.get("page") ?? "1";
      return serveFixture(`federal-register-page-${page}.json`, "application/json")(req, res, origin);
    },
    "/mirror/api/v1/documents.json": serveFixture("federal-register-page-2.json", "application/json"),
    "/typeless": serveFixture("federal-register-page-2.json", "application/json"),
    "/html": serveFixture("not-a-feed.html", "text/html; charset=utf-8"),
    "/truncated.rss": serveFixture("truncated.rss", "application/rss+xml"),
    "/latin1.rss": serveFixture("govinfo-plaw-latin1.rss", "text/xml; charset=utf-8"),
    "/broken": (_req, res) => void res.writeHead(500).end("oops"),
    "/slow": (_req, res) => void setTimeout(() => res.writeHead(200).end(), 5000),
    "/flaky": (req, res, origin) =>
      flaky.failing ? void res.writeHead(503).end() : serveFixture("federal-reserve.rdf", "application/rdf+xml")(req, res, origin),
    "/backfill/api/v1/documents.json": federalRegisterRoute(backfillDocs, (url) => frRequests.push(url)),
    "/breaks/api/v1/documents.json": (req, res, origin) =>
      ++breaking.answered > 3
        ? void res.writeHead(404, { "content-type": "application/json" }).end('{"errors":["gone"]}')
        : federalRegisterRoute(backfillDocs)(req, res, origin),
  });
});
afterAll(() => server.close());

beforeEach(async () => {
  await clearArticles();
  await execute(db().delete(t.sources));
});

type SourceInput = { name?: string; path: string; type?: string | null; category?: string; keywords?: string[]; isActive?: boolean };

/** A source on the stand-in server, an RSS feed unless said otherwise. */
const addFeed = ({ path, ...values }: SourceInput) => addServedSource(server.origin, path, { type: "rss", ...values });

const sourceRow = async (id: number) => (await first(db().select().from(t.sources).where(eq(t.sources.id, id))))!;
const articlesOf = async (id: number) => all(db().select().from(t.articles).where(eq(t.articles.sourceId, id)));

describe("adapters", () => {
  it("reads RSS 2.0 into plain-text, classified articles with canonical URLs", async () => {
    const source = await addFeed({ path: "/sec.rss", name: "SEC Press Releases" });
    const result = await scrapeSources();
    expect(result.sources[0]).toMatchObject({ fetched: 4, new: 4, duplicates: 0, invalid: 1, error: null });
    const rows = await articlesOf(source.id);
    const climate = rows.find((r) => r.title === "SEC Votes to End Defense of Climate Disclosure Rules")!;
    expect(climate.canonicalUrl).toBe("https://sec.gov/newsroom/press-releases/2025-58");
    expect(climate.summary).toContain("The Commission’s vote and the staff’s letter");
    expect(climate.publishDate.toISOString()).toBe("2025-03-27T17:00:00.000Z");
    expect(climate.tags).toContain("sec");
    const roundtable = rows.find((r) => r.title.startsWith("SEC Announces Agenda"))!;
    expect(roundtable.title).toBe("SEC Announces Agenda for Roundtable on Security Token Offerings");
    expect(roundtable.summary).toBe("The Crypto Task Force will host a roundtable — open to the public.");
    expect(roundtable.publishDate.toISOString()).toBe("2025-04-01T14:30:00.000Z");
    // No date in the feed: first seen.
    const undated = rows.find((r) => r.title === "Statement on Quarterly Staff Town Hall")!;
    expect(Date.now() - undated.publishDate.getTime()).toBeLessThan(60_000);
  });

  it("reads RSS 1.0 (RDF) and Atom", async () => {
    const rdf = await addFeed({ path: "/fed.rdf", name: "Federal Reserve" });
    const atom = await addFeed({ path: "/scotus.atom", type: "atom", category: "legal", name: "CourtListener: Supreme Court Opinions" });
    await scrapeSources();
    expect((await articlesOf(rdf.id)).map((r) => r.publishDate.toISOString()).sort()).toEqual(["2025-06-23T15:30:00.000Z", "2025-06-27T14:00:00.000Z"]);
    const opinions = await articlesOf(atom.id);
    expect(opinions).toHaveLength(3);
    const fcc = opinions.find((r) => r.title === "Federal Communications Commission v. Consumers' Research")!;
    expect(fcc.category).toBe("legal-decisions");
    expect(fcc.priority).toBe("high");
    expect(fcc.summary).toBe("The universal-service contribution scheme does not violate the nondelegation doctrine.");
    expect(opinions.find((r) => r.title.startsWith("Seven County"))!.publishDate.toISOString()).toBe("2025-05-29T15:00:00.000Z");
  });

  it("reads the Federal Register API, following next_page_url, with type, agencies and significance", async () => {
    const source = await addFeed({ path: "/api/v1/documents.json?per_page=3", type: "federal-register-api", name: "FR" });
    const result = await scrapeSources();
    expect(result.sources[0]).toMatchObject({ fetched: 5, new: 5, pages: 2, error: null });
    expect(server.log.find((r) => r.path.startsWith("/api/v1/documents.json"))!.path).toContain("fields%5B%5D=significant");
    const rows = await articlesOf(source.id);
    const cec = rows.find((r) => r.documentNumber === "2025-12464")!;
    expect(cec).toMatchObject({ category: "regulatory-rollbacks", documentType: "Rule", agencies: ["Council on Environmental Quality"] });
    // The further fields, requested and stored in the product's shape (CFR objects become citations).
    for (const field of ["action", "dates", "regulation_id_numbers", "topics", "cfr_references", "page_length"])
      expect(server.log.find((r) => r.path.startsWith("/api/v1/documents.json"))!.path).toContain(`fields%5B%5D=${field}`);
    expect(cec).toMatchObject({
      registerAction: "Final rule.",
      registerDates: "This rule is effective July 3, 2025.",
      regulationIdNumbers: ["1902-AG14"],
      topics: ["Administrative practice and procedure", "Environmental impact statements"],
      cfrReferences: ["18 CFR 380", "18 CFR 385"],
      pageLength: 4,
      categoryReason: expect.stringMatching(/^rollback: /),
      priorityReason: expect.any(String),
    });
    expect(rows.find((r) => r.documentNumber === "2025-00146")).toMatchObject({ registerDates: null, topics: [], cfrReferences: ["14 CFR 39"] });
    expect(rows.find((r) => r.documentNumber === "2025-17393")).toMatchObject({ registerAction: null, pageLength: null, cfrReferences: [] });
    expect(rows.find((r) => r.documentNumber === "2025-14429")).toMatchObject({ significant: true, priority: "high" });
    expect(rows.find((r) => r.documentNumber === "2025-00146")!.priority).toBe("low");
  });

  it("detects the type of a source added without one, and remembers it", async () => {
    const fr = await addFeed({ path: "/typeless", type: null });
    const atom = await addFeed({ path: "/scotus.atom", type: null });
    const rss = await addFeed({ path: "/fed.rdf", type: null });
    await scrapeSources();
    expect([(await sourceRow(fr.id)).type, (await sourceRow(atom.id)).type, (await sourceRow(rss.id)).type]).toEqual(["federal-register-api", "atom", "rss"]);
    expect(await articlesOf(fr.id)).toHaveLength(2);
  });

  it("reads a Latin-1 feed the server labels as UTF-8", async () => {
    const source = await addFeed({ path: "/latin1.rss" });
    await scrapeSources();
    expect((await articlesOf(source.id))[0].summary).toContain("résumé of the law's provisions § 1");
  });
});

describe("failures and health", () => {
  it("explains what went wrong, per source, and one broken or slow source does not fail or delay the others", async () => {
    const html = await addFeed({ path: "/html" });
    const truncated = await addFeed({ path: "/truncated.rss" });
    const broken = await addFeed({ path: "/broken" });
    const slow = await addFeed({ path: "/slow" });
    const good = await addFeed({ path: "/fed.rdf" });
    const finished: string[] = [];
    const now = new Date("2025-07-01T00:00:00Z");
    const result = await scrapeSources({ now, timeoutMs: 1500, concurrency: 2, onProgress: (p) => void finished.push(p.lastSource!) });
    expect((await sourceRow(html.id)).errorMessage).toBe("Not a feed: got an HTML page");
    expect((await sourceRow(truncated.id)).errorMessage).toMatch(/^Not a feed: the XML is malformed \(.+\)$/);
    expect((await sourceRow(broken.id)).errorMessage).toBe("HTTP 500 from 127.0.0.1");
    expect((await sourceRow(slow.id)).errorMessage).toBe("Timed out after 2 s");
    expect(await sourceRow(good.id)).toMatchObject({ status: "healthy", errorMessage: null, consecutiveFailures: 0 });
    expect(await articlesOf(good.id)).toHaveLength(2);
    expect(finished.indexOf("/fed.rdf")).toBeLessThan(finished.indexOf("/slow"));
    expect(result.totals).toMatchObject({ sources: 5, failed: 4, new: 2 });
    for (const id of [html.id, truncated.id, broken.id, slow.id]) expect(await sourceRow(id)).toMatchObject({ status: "warning", consecutiveFailures: 1 });
  });

  it("backs off exponentially (capped at 24 h), turns to error after 3 failures, and is healthy again on its first success", async () => {
    flaky.failing = true;
    const source = await addFeed({ path: "/flaky" });
    let now = new Date("2025-07-01T00:00:00Z");
    const expectedStatus = ["warning", "warning", "error", "error", "error", "error", "error", "error"];
    for (let failure = 1; failure <= expectedStatus.length; failure++) {
      const result = await scrapeSources({ now });
      expect(result.sources).toHaveLength(1);
      const row = await sourceRow(source.id);
      expect(row).toMatchObject({ status: expectedStatus[failure - 1], consecutiveFailures: failure, errorMessage: "HTTP 503 from 127.0.0.1" });
      const wait = row.nextCheckAt!.getTime() - now.getTime();
      expect(wait).toBe(Math.min(BACKOFF_CAP_MS, 30 * 60_000 * 2 ** (failure - 1)));
      // Before its next check, a scheduled scrape leaves it alone.
      const early = await scrapeSources({ now: new Date(now.getTime() + wait - 1000) });
      expect(early).toMatchObject({ sources: [], waiting: 1 });
      now = new Date(now.getTime() + wait);
    }
    expect(backoffDelay(8)).toBe(BACKOFF_CAP_MS);
    flaky.failing = false;
    await scrapeSources({ now });
    expect(await sourceRow(source.id)).toMatchObject({ status: "healthy", consecutiveFailures: 0, errorMessage: null, nextCheckAt: null });
    expect((await sourceRow(source.id)).lastSuccessfulScrape!.getTime()).toBe(now.getTime());
  });

  it("warns about a feed that parses but has had nothing new for 30 days", async () => {
    const source = await addFeed({ path: "/fed.rdf" });
    await scrapeSources({ now: new Date("2025-08-15T00:00:00Z") });
    expect(await sourceRow(source.id)).toMatchObject({ status: "warning", errorMessage: "No new items for 48 days", consecutiveFailures: 0 });
  });

  it("never fetches disabled sources", async () => {
    const disabled = await addFeed({ path: "/fed.rdf", isActive: false });
    const before = server.log.length;
    await scrapeSources();
    expect(server.log.length).toBe(before);
    await expect(scrapeSources({ sourceId: disabled.id })).rejects.toThrow(/is disabled/);
  });
});

describe("idempotence and deduplication", () => {
  it("scraping twice adds nothing, and the second scrape of an unchanged feed transfers no body", async () => {
    const source = await addFeed({ path: "/sec.rss" });
    const atom = await addFeed({ path: "/scotus.atom", type: "atom" });
    await scrapeSources();
    const count = (await articlesOf(source.id)).length + (await articlesOf(atom.id)).length;
    const before = server.log.length;
    const second = await scrapeSources();
    expect(second.totals.new).toBe(0);
    expect(second.sources.every((s) => s.notModified)).toBe(true);
    const requests = server.log.slice(before);
    expect(requests.map((r) => [r.status, r.bytes])).toEqual([
      [304, 0],
      [304, 0],
    ]);
    expect((await articlesOf(source.id)).length + (await articlesOf(atom.id)).length).toBe(count);
    // Without validators (backfill re-reads feeds in full) everything is a duplicate.
    const full = await backfillSources({ daysBack: 1 });
    expect(full.totals).toMatchObject({ new: 0, duplicates: count });
  });

  it("one document from two sources is one article", async () => {
    await addFeed({ path: "/api/v1/documents.json?per_page=3", type: "federal-register-api" });
    await addFeed({ path: "/mirror/api/v1/documents.json", type: "federal-register-api" });
    const result = await scrapeSources();
    expect(result.totals).toMatchObject({ fetched: 7, new: 5, duplicates: 2 });
    expect(await all(db().select().from(t.articles))).toHaveLength(5);
  });

  it("does not bring back a deleted article", async () => {
    const source = await addFeed({ path: "/fed.rdf" });
    await scrapeSources();
    const [first] = await articlesOf(source.id);
    await deleteArticles([first.id]);
    const again = await backfillSources({ daysBack: 1 });
    expect(again.totals).toMatchObject({ new: 0, duplicates: 2 });
    expect(await articlesOf(source.id)).toHaveLength(1);
  });
});

describe("keywords", () => {
  it("admits only items whose title or summary mentions a keyword", async () => {
    const source = await addFeed({ path: "/sec.rss", keywords: ["rule"] });
    const result = await scrapeSources();
    expect(result.sources[0]).toMatchObject({ fetched: 4, new: 2, skippedByKeywords: 2 });
    expect((await articlesOf(source.id)).map((r) => r.title).sort()).toEqual([
      "SEC Extends Compliance Dates for Amendments to Form N-PORT",
      "SEC Votes to End Defense of Climate Disclosure Rules",
    ]);
  });
});

describe("backfill", () => {
  it("splits date ranges so no window reaches the API's 10,000-result cap", async () => {
    frRequests = [];
    const source = await addFeed({ path: "/backfill/api/v1/documents.json?order=newest&per_page=100", type: "federal-register-api" });
    const result = await backfillSources({ daysBack: 39, now: new Date("2025-06-30T18:00:00Z") });
    expect(backfillDocs.length).toBeGreaterThan(RESULT_CAP);
    expect(result.sources[0]).toMatchObject({ error: null, new: backfillDocs.length, fetched: backfillDocs.length });
    expect(await articlesOf(source.id)).toHaveLength(backfillDocs.length);
    const first = frRequests[0];
    expect(first.searchParams.get("conditions[publication_date][gte]")).toBe("2025-05-22");
    expect(first.searchParams.get("conditions[publication_date][lte]")).toBe("2025-06-30");
    expect(first.searchParams.get("per_page")).toBe("1000");
  });
});

describe("backfill that fails mid-way", () => {
  it("keeps every page stored before the failure whole, the one being stored as the next fails included", async () => {
    // The stand-in answers three times, then fails. The first answer says the range holds more than the API's cap
    // (the backfill splits it); the next two are pages of 1,000 documents. The backfill judges each page while it
    // stores the one before, so the second page is still being stored when the next request fails.
    breaking.answered = 0;
    const source = await addFeed({ path: "/breaks/api/v1/documents.json?order=newest&per_page=100", type: "federal-register-api" });
    const result = await backfillSources({ daysBack: 39, now: new Date("2025-06-30T18:00:00Z") });
    expect(result.sources[0].error).toMatch(/404/);
    expect(result.sources[0]).toMatchObject({ pages: 2, new: 2_000, fetched: 2_000 });
    expect(await articlesOf(source.id)).toHaveLength(2_000);
  });
});
