// The Federal Register's public inspection desk as a source, through the real scrape path against a local stand-in
// for the API (fixtures in its real shape, from real 2025 documents): a document read on the desk is an article
// marked with the day it publishes (and as a special filing when it is one), a day a later desk read moves; its
// published version, read later by a Federal Register source, becomes that same article, never a second one, and a
// stale desk read after publication changes nothing. An alert announces the document once, whichever stage it saw.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sendDueAlerts } from "~/alerts/alerts.server";
import { listArticles } from "~/feed/queries.server";
import { feedRevision } from "~/feed/shared-feed.server";
import { parseFeedParams } from "~/feed/filters";
import { config } from "~/config.server";
import { all, db, execute, first, t } from "~/db.server";
import { scrapeSources } from "~/ingest/scrape.server";
import { clearArticles } from "../support/articles";
import { readFixture, serveFixture, startServer, type TestServer } from "../support/http-server";
import { startMailServer, type MailServer } from "../support/mail";
import { addServedSource } from "../support/sources";

const DESK_PATH = "/api/v1/public-inspection-documents/current.json";
const DOCUMENTS_PATH = "/api/v1/documents.json";
const NUMBER = "2025-17749";
const TITLE = "Service Performance Measurement Systems for Market Dominant Products";
const PUBLISHED_URL = "https://www.federalregister.gov/documents/2025/09/15/2025-17749/service-performance-measurement-systems-for-market-dominant-products";

let server: TestServer;
let smtp: MailServer;

beforeAll(async () => {
  smtp = await startMailServer();
  Object.assign(config(), { SMTP_URL: smtp.url, PUBLIC_URL: "https://dereg.example", APP_TIMEZONE: "America/New_York" });
  server = await startServer({
    [DESK_PATH]: serveFixture("public-inspection-current.json", "application/json"),
    [DOCUMENTS_PATH]: serveFixture("federal-register-published-2025-17749.json", "application/json"),
    // The desk's answer at an address that does not name it: told from the body.
    "/untyped": serveFixture("public-inspection-current.json", "application/json"),
    // A later answer of the desk, which moved the first document to the next issue.
    "/desk-moved": (_request, response) => {
      const body = readFixture("public-inspection-current.json")
        .toString("utf8")
        .replace(/("document_number":\s*"2025-17749"[\s\S]*?"publication_date":\s*)"2025-09-15"/, '$1"2025-09-16"');
      response.writeHead(200, { "content-type": "application/json" }).end(body);
    },
  });
});

afterAll(async () => {
  await server.close();
  await smtp.close();
});

beforeEach(async () => {
  await clearArticles();
  await execute(db().delete(t.alerts));
  await execute(db().delete(t.sources));
});

/** The desk and a Federal Register query, as an editor adds them. */
async function addSources() {
  const desk = await addServedSource(server.origin, DESK_PATH, { name: "Federal Register: Public Inspection", type: "federal-register-public-inspection" });
  const register = await addServedSource(server.origin, DOCUMENTS_PATH, { name: "Federal Register: Proposed Rules", type: "federal-register-api" });
  return { desk, register };
}

const rowsOf = (number: string) => all(db().select().from(t.articles).where(eq(t.articles.documentNumber, number)));
const onlyRow = async (number: string) => {
  const rows = await rowsOf(number);
  expect(rows).toHaveLength(1);
  return rows[0];
};
const articleCount = async () => (await all(db().select({ id: t.articles.id }).from(t.articles))).length;
const allNews = () => listArticles(parseFeedParams(new URLSearchParams()).filters);

describe("the public inspection desk as a source", () => {
  it("stores each document on the desk marked with the day it publishes, special filings marked", async () => {
    const { desk } = await addSources();
    const result = await scrapeSources({ sourceId: desk.id, now: new Date("2025-09-12T14:00:00Z") });
    expect(result.sources[0]).toMatchObject({ error: null, fetched: 3, new: 3, invalid: 0 });
    expect(await onlyRow(NUMBER)).toMatchObject({
      title: TITLE,
      summary: "",
      originalUrl: "https://www.federalregister.gov/public-inspection/2025-17749/service-performance-measurement-systems-for-market-dominant-products",
      documentType: "Proposed Rule",
      agencies: ["Postal Regulatory Commission"],
      docketIds: ["Docket No. RM2024-9"],
      sourceId: desk.id,
      publicInspectionPublishesOn: "2025-09-15",
      specialFiling: false,
      // Dated when it was filed: when the public could first read it.
      publishDate: new Date("2025-09-12T12:45:00Z"),
    });
    expect(await onlyRow("2025-17777")).toMatchObject({ publicInspectionPublishesOn: "2025-09-15", specialFiling: true });
    const listed = await allNews();
    expect(listed.find((a) => a.documentNumber === NUMBER)?.publicInspection).toEqual({ publishesOn: "2025-09-15", specialFiling: false });
    expect(listed.find((a) => a.documentNumber === "2025-17777")?.publicInspection).toEqual({ publishesOn: "2025-09-15", specialFiling: true });
  });

  it("tells the desk from its answer when the source has no type yet", async () => {
    const source = await addServedSource(server.origin, "/untyped");
    const result = await scrapeSources({ sourceId: source.id, now: new Date("2025-09-12T14:00:00Z") });
    expect(result.sources[0]).toMatchObject({ error: null, new: 3 });
    expect((await first(db().select().from(t.sources).where(eq(t.sources.id, source.id))))?.type).toBe("federal-register-public-inspection");
    expect((await onlyRow(NUMBER)).publicInspectionPublishesOn).toBe("2025-09-15");
  });

  it("moves the day a document publishes when a later read of the desk moves it, keeping one article", async () => {
    const { desk } = await addSources();
    await scrapeSources({ sourceId: desk.id, now: new Date("2025-09-12T14:00:00Z") });
    const before = await onlyRow(NUMBER);
    const moved = await addServedSource(server.origin, "/desk-moved", {
      name: "Federal Register: Public Inspection (later)",
      type: "federal-register-public-inspection",
    });
    const revision = await feedRevision();
    const later = await scrapeSources({ sourceId: moved.id, now: new Date("2025-09-12T18:00:00Z") });
    expect(later.sources[0]).toMatchObject({ error: null, fetched: 3, new: 0, duplicates: 3 });
    expect(await onlyRow(NUMBER)).toEqual({ ...before, publicInspectionPublishesOn: "2025-09-16" });
    // The other documents kept their day.
    expect((await onlyRow("2025-17777")).publicInspectionPublishesOn).toBe("2025-09-15");
    expect((await allNews()).find((a) => a.documentNumber === NUMBER)?.publicInspection).toEqual({ publishesOn: "2025-09-16", specialFiling: false });
    expect(await articleCount()).toBe(3);
    // The shared pages show the new day: their revision moved.
    expect(await feedRevision()).not.toBe(revision);
  });

  it("turns the desk's article into the published document (same id), and a stale desk read changes nothing", async () => {
    const { desk, register } = await addSources();
    await scrapeSources({ sourceId: desk.id, now: new Date("2025-09-12T14:00:00Z") });
    const onDesk = await onlyRow(NUMBER);

    const published = await scrapeSources({ sourceId: register.id, now: new Date("2025-09-15T14:00:00Z") });
    expect(published.sources[0]).toMatchObject({ error: null, fetched: 1, new: 0, duplicates: 0, published: 1 });
    const after = await onlyRow(NUMBER);
    expect(after).toMatchObject({
      id: onDesk.id,
      originalUrl: PUBLISHED_URL,
      summary: expect.stringMatching(/^The Commission is acknowledging that the Postal Service/),
      publishDate: new Date("2025-09-15T12:00:00Z"),
      documentType: "Proposed Rule",
      pageLength: 4,
      sourceId: register.id,
      sourceName: "Federal Register: Proposed Rules",
      publicInspectionPublishesOn: null,
    });
    expect(await articleCount()).toBe(3);
    expect((await allNews()).find((a) => a.id === onDesk.id)?.publicInspection).toBeNull();

    // The desk still lists it (a stale answer): it is known, and nothing about it changes.
    const stale = await scrapeSources({ sourceId: desk.id, now: new Date("2025-09-15T15:00:00Z") });
    expect(stale.sources[0]).toMatchObject({ error: null, new: 0, duplicates: 3 });
    expect(await onlyRow(NUMBER)).toEqual(after);
    expect(await articleCount()).toBe(3);
  });

  it("leaves a document read published first as it is when the desk lists it later", async () => {
    const { desk, register } = await addSources();
    const first = await scrapeSources({ sourceId: register.id, now: new Date("2025-09-15T14:00:00Z") });
    expect(first.sources[0]).toMatchObject({ error: null, new: 1 });
    const published = await onlyRow(NUMBER);
    expect(published).toMatchObject({ originalUrl: PUBLISHED_URL, publicInspectionPublishesOn: null, specialFiling: false });

    const stale = await scrapeSources({ sourceId: desk.id, now: new Date("2025-09-15T15:00:00Z") });
    expect(stale.sources[0]).toMatchObject({ error: null, fetched: 3, new: 2, duplicates: 1 });
    expect(await onlyRow(NUMBER)).toEqual(published);
    expect((await allNews()).find((a) => a.documentNumber === NUMBER)?.publicInspection).toBeNull();
    expect(await articleCount()).toBe(3);
  });
});

describe("alerts", () => {
  /** A running daily alert for all news at 09:00 New York time. */
  async function followAllNews(email: string) {
    await execute(
      db()
        .insert(t.alerts)
        .values({ email, view: "", frequency: "daily", hour: 9, confirmedAt: new Date("2025-09-01T00:00:00Z"), cursorArticleId: 0 }),
    );
  }
  /** 09:30 New York time (UTC-4 in September) on `day`: the daily alert is due. */
  const morningOf = (day: string) => new Date(`${day}T13:30:00Z`);
  const mentions = (email: string) => smtp.to(email).filter((mail) => mail.text.includes(TITLE)).length;

  it("announces a document once: seen on the desk, then published", async () => {
    const email = "desk-first@example.com";
    const { desk, register } = await addSources();
    await followAllNews(email);
    await scrapeSources({ sourceId: desk.id, now: new Date("2025-09-12T12:50:00Z") });
    expect(await sendDueAlerts(morningOf("2025-09-12"))).toMatchObject({ sent: 1 });
    await smtp.waitForCount(email, 1);
    expect(mentions(email)).toBe(1);

    await scrapeSources({ sourceId: register.id, now: new Date("2025-09-15T11:00:00Z") });
    expect((await onlyRow(NUMBER)).publicInspectionPublishesOn).toBeNull();
    // Published, it is the same article: nothing new for the next morning's alert.
    expect(await sendDueAlerts(morningOf("2025-09-15"))).toMatchObject({ sent: 0, empty: 1 });
    expect(smtp.to(email)).toHaveLength(1);
    expect(mentions(email)).toBe(1);
  });

  it("announces a document once: published first, then listed by a stale desk", async () => {
    const email = "published-first@example.com";
    const { desk, register } = await addSources();
    await followAllNews(email);
    await scrapeSources({ sourceId: register.id, now: new Date("2025-09-15T11:00:00Z") });
    expect(await sendDueAlerts(morningOf("2025-09-15"))).toMatchObject({ sent: 1 });
    await smtp.waitForCount(email, 1);
    expect(mentions(email)).toBe(1);

    await scrapeSources({ sourceId: desk.id, now: new Date("2025-09-15T14:00:00Z") });
    // The next morning's email carries the desk's two other documents, not this one again.
    expect(await sendDueAlerts(morningOf("2025-09-16"))).toMatchObject({ sent: 1 });
    await smtp.waitForCount(email, 2);
    expect(smtp.to(email)).toHaveLength(2);
    expect(mentions(email)).toBe(1);
  });
});
