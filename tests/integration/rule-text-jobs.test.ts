// The rule-texts and redlines jobs (app/jobs/kinds/rule-text.server.ts) end to end, through the real scrape path:
// a stand-in Federal Register API lists rules with their `full_text_xml_url`, a stand-in serves the full-text XML
// (fixtures in GPO's shape, tests/fixtures/federal-register-xml/) and another plays eCFR's versioner
// (tests/fixtures/ecfr/). A document's own statement decides its category with the sentence quoted; a final rule's
// amended part is compared on its effective date; a part eCFR has not published waits; a failed read is tried again
// later; an editor's category stays.
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { all, db, first, t } from "~/db.server";
import type { FederalRegisterDocument } from "~/ingest/federal-register";
import { scrapeSources } from "~/ingest/scrape.server";
import { describeJob } from "~/jobs/outcome";
import { jobHandlers } from "~/jobs/registry.server";
import { saveEditorCategory } from "~/articles/store/edits.server";
import { redlinesOf } from "~/rule-text/store.server";
import { clearArticles } from "../support/articles";
import { startServer, type TestServer } from "../support/http-server";
import { addServedSource } from "../support/sources";

const xmlFixture = (name: string) => fs.readFileSync(`tests/fixtures/federal-register-xml/${name}`, "utf8");
const ecfrFixture = (name: string) => fs.readFileSync(`tests/fixtures/ecfr/${name}`);

/** The deregulatory fixture, amending the part the eCFR stand-in serves (40 CFR 990) instead of its own parts. */
const DEREGULATORY_XML = xmlFixture("rule-2025-deregulatory-savings.xml").replace(/<REGTEXT TITLE="\d+" PART="\d+">/g, '<REGTEXT TITLE="40" PART="990">');

function document(number: string, values: Partial<FederalRegisterDocument>, origin: string): FederalRegisterDocument {
  return {
    document_number: number,
    title: `Document ${number}`,
    abstract: null,
    html_url: `https://www.federalregister.gov/documents/2025/03/20/${number}/document`,
    publication_date: "2025-03-20",
    type: "Rule",
    agencies: [{ name: "Environmental Protection Agency" }],
    full_text_xml_url: `${origin}/full_text/xml/${number}.xml`,
    ...values,
  };
}

let server: TestServer;
let failingReadsLeft = 1;
const context = { progress: () => undefined, signal: new AbortController().signal, log: () => undefined };
const runJob = (kind: "rule-texts" | "redlines") => jobHandlers[kind]!({}, context);

const articleOf = (number: string) => first(db().select().from(t.articles).where(eq(t.articles.documentNumber, number)));
const ruleTextOf = async (number: string) =>
  first(
    db()
      .select()
      .from(t.ruleTexts)
      .where(eq(t.ruleTexts.articleId, (await articleOf(number))!.id)),
  );

beforeAll(async () => {
  await clearArticles();
  server = await startServer({
    "/api/v1/documents.json": (_request, response, origin) => {
      const results = [
        // The title reads as a new requirement; the document states it is deregulatory.
        document("2025-99101", { title: "Widget Emission Standards", effective_on: "2025-04-01", cfr_references: [{ title: 40, part: 990 }] }, origin),
        // The title reads as a rollback; the proposal states it is a regulatory action.
        document("2025-99102", { title: "Rescission of Widget Reporting Requirements", type: "Proposed Rule" }, origin),
        document("2025-99103", { title: "Energy Conservation Program: Test Procedures", effective_on: "2025-05-01" }, origin),
        // Effective after the last version eCFR lists for the part: its new text is not published yet.
        document("2025-99104", { title: "Widget Labeling", effective_on: "2025-07-01" }, origin),
        document("2025-99105", { title: "Widget Recordkeeping", type: "Rule" }, origin),
      ];
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ count: results.length, total_pages: 1, results }));
    },
    "/full_text/xml/2025-99101.xml": (_request, response) => void response.writeHead(200, { "content-type": "application/xml" }).end(DEREGULATORY_XML),
    "/full_text/xml/2025-99102.xml": (_request, response) =>
      void response.writeHead(200, { "content-type": "application/xml" }).end(xmlFixture("prorule-2025-regulatory-costs.xml")),
    "/full_text/xml/2025-99103.xml": (_request, response) =>
      void response.writeHead(200, { "content-type": "application/xml" }).end(xmlFixture("rule-2025-no-statement.xml")),
    "/full_text/xml/2025-99104.xml": (_request, response) => void response.writeHead(200, { "content-type": "application/xml" }).end(DEREGULATORY_XML),
    "/full_text/xml/2025-99105.xml": (_request, response) => {
      if (failingReadsLeft-- > 0) return void response.writeHead(503).end("busy");
      response.writeHead(200, { "content-type": "application/xml" }).end(xmlFixture("rule-2025-not-significant.xml"));
    },
    "/api/versioner/v1/versions/title-40.json": (_request, response) =>
      void response.writeHead(200, { "content-type": "application/json" }).end(ecfrFixture("versions-title-40-part-990.json")),
    "/api/versioner/v1/full/2021-06-14/title-40.xml": (_request, response) =>
      void response.writeHead(200, { "content-type": "application/xml" }).end(ecfrFixture("title-40-part-990-2025-03-31.xml")),
    "/api/versioner/v1/full/2025-04-01/title-40.xml": (_request, response) =>
      void response.writeHead(200, { "content-type": "application/xml" }).end(ecfrFixture("title-40-part-990-2025-04-01.xml")),
  });
  Object.assign(config(), { ECFR_API_URL: server.origin, RULE_TEXT_REQUEST_INTERVAL_MS: 0 });
  const source = await addServedSource(server.origin, "/api/v1/documents.json", { name: "Federal Register", type: "federal-register-api" });
  await scrapeSources({ sourceId: source.id, now: new Date("2025-03-21T14:00:00Z") });
});

afterAll(async () => {
  await server.close();
});

describe("the rule-texts job", () => {
  it("reads each rule's full text once, and the document's own statement decides its category with the sentence quoted", async () => {
    const before = await articleOf("2025-99101");
    expect(before?.fullTextXmlUrl).toBe(`${server.origin}/full_text/xml/2025-99101.xml`);
    expect(before?.category).not.toBe("regulatory-rollbacks");

    const run = await runJob("rule-texts");
    expect(run).toMatchObject({ read: 4, failed: 1, remaining: 0 });
    expect(describeJob({ status: "succeeded", result: run, progress: null, error: null })).toBe(
      "Read 4 full texts (3 stating a designation); 1 failed, tried again later.",
    );

    const deregulatory = await articleOf("2025-99101");
    expect(deregulatory?.category).toBe("regulatory-rollbacks");
    expect(deregulatory?.categoryReason).toMatch(/^rollback: the document states ".*E\.O\. 14192 deregulatory action.*"$/);
    const text = await ruleTextOf("2025-99101");
    expect(text).toMatchObject({ status: "read", designation: "deregulatory", amends: [{ title: 40, part: 990 }] });
    expect(text?.statements).toContainEqual(expect.objectContaining({ kind: "cost", direction: "savings" }));

    const regulatory = await articleOf("2025-99102");
    expect(regulatory?.category).toBe("new-regulations");
    expect(regulatory?.categoryReason).toMatch(/^new regulation: the document states ".*regulatory action.*"$/);

    // No statement: the rules decide as before, and the reason does not pretend otherwise.
    expect(await ruleTextOf("2025-99103")).toMatchObject({ status: "read", designation: null });
    expect((await articleOf("2025-99103"))?.categoryReason).not.toMatch(/the document states/);

    expect(server.hits("/full_text/xml/2025-99101.xml")).toBe(1);
    await runJob("rule-texts");
    expect(server.hits("/full_text/xml/2025-99101.xml")).toBe(1);
  });

  it("tries a failed read again only when it is due", async () => {
    const failed = await ruleTextOf("2025-99105");
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed?.error).toMatch(/HTTP 503/);
    // An hour after the first failure.
    expect(failed!.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect((await runJob("rule-texts")).read).toBe(0);

    await db()
      .update(t.ruleTexts)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(t.ruleTexts.articleId, failed!.articleId));
    expect((await runJob("rule-texts")).read).toBe(1);
    expect(await ruleTextOf("2025-99105")).toMatchObject({ status: "read", attempts: 2, error: null });
  });

  it("keeps an editor's category when the statement is read again", async () => {
    const article = await articleOf("2025-99101");
    await saveEditorCategory(article!.id, "new-regulations");
    await db().delete(t.ruleTexts).where(eq(t.ruleTexts.articleId, article!.id));
    await runJob("rule-texts");
    expect(await articleOf("2025-99101")).toMatchObject({ category: "new-regulations", categoryReason: "set by an editor" });
  });
});

describe("the redlines job", () => {
  it("compares the amended part as eCFR shows it the day before the effective date and on it, each version read once", async () => {
    const run = await runJob("redlines");
    expect(describeJob({ status: "succeeded", result: run, progress: null, error: null })).toBe("Compared 1 CFR part; 1 waiting for eCFR, 1 failed.");
    // 10 CFR 430 (the rule without a statement) is a part the stand-in eCFR does not know: a failure, asked again later.
    expect(run).toMatchObject({ compared: 1, waiting: 1, failed: 1 });
    const [unknownPart] = await redlinesOf((await articleOf("2025-99103"))!.id);
    expect(unknownPart).toMatchObject({ title: 10, part: 430, status: "pending", effectiveOn: "2025-05-01" });
    expect(unknownPart.error).toMatch(/HTTP 404/);

    const [compared] = await redlinesOf((await articleOf("2025-99101"))!.id);
    expect(compared).toMatchObject({ title: 40, part: 990, status: "compared", beforeDate: "2021-06-14", afterDate: "2025-04-01" });
    expect(compared.restrictionsRemoved).toBe(9);
    expect(compared.restrictionsAdded).toBe(4);
    const statuses = new Set(compared.redline!.sections.map((section) => section.status));
    for (const status of ["changed", "removed", "reserved", "added", "renumbered"]) expect(statuses).toContain(status);
    expect(await all(db().select({ date: t.cfrPartVersions.date }).from(t.cfrPartVersions))).toHaveLength(2);
  });

  it("waits for eCFR to publish a part's new text and asks again a day later", async () => {
    const [waiting] = await redlinesOf((await articleOf("2025-99104"))!.id);
    expect(waiting).toMatchObject({ status: "pending", effectiveOn: "2025-07-01", redline: null });
    expect(waiting.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const versionReads = server.hits("/api/versioner/v1/versions/title-40.json");
    const again = await runJob("redlines");
    expect(again).toMatchObject({ compared: 0, waiting: 0 });
    expect(server.hits("/api/versioner/v1/versions/title-40.json")).toBe(versionReads);
  });
});
