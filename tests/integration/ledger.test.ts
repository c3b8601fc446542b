// The deregulation ledger (app/ledger/) end to end, through the real scrape path: a stand-in Federal Register API
// lists rules and proposed rules with their RINs and `full_text_xml_url`, the Unified Agenda's edition (fixture in
// reginfo.gov's shape) designates some of their rulemakings, and the rule-texts job reads their full texts (GPO's
// shape, tests/fixtures/federal-register-xml/). Official counts come from the statements, else the agenda; the
// product's judgement is counted apart; every count equals the total of the feed view it links to.
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateArticleCategory } from "~/admin/article-edits.server";
import { all, db, engine, execute, first, t } from "~/db.server";
import { sql } from "drizzle-orm";
import type { FederalRegisterDocument } from "~/ingest/federal-register";
import { feedRevision } from "~/feed/shared-feed.server";
import { scrapeSources } from "~/ingest/scrape.server";
import { jobHandlers } from "~/jobs/registry.server";
import type { LedgerCount, LedgerJson, LedgerRow } from "~/ledger/answer.server";
import { fiscalYearOf, fiscalYearRange } from "~/designations/fiscal-year";
import { action as alertsAction } from "~/routes/api.alerts";
import { loader as articlesLoader } from "~/routes/api.articles";
import { loader as exportLoader } from "~/routes/export[.]csv";
import { loader as atomLoader } from "~/routes/feed[.]atom";
import { loader as ledgerApi } from "~/routes/api.ledger";
import { loader as ledgerCsvLoader } from "~/routes/ledger[.]csv";
import { loader as ledgerPageLoader } from "~/routes/ledger";
import { addArticle, clearArticles } from "../support/articles";
import { federalRegisterRoute } from "../support/federal-register-api";
import { startServer, type TestServer } from "../support/http-server";
import { callRoute } from "../support/load-context";
import { expectDescribed } from "../support/openapi";
import { addServedSource } from "../support/sources";

const xmlFixture = (name: string) => fs.readFileSync(`tests/fixtures/federal-register-xml/${name}`, "utf8");
const AGENDA = fs.readFileSync("tests/fixtures/unified-agenda/REGINFO_RIN_DATA_202504.xml", "utf8");

const EPA = "Environmental Protection Agency";
const DOT = "Transportation Department";

function document(number: string, values: Partial<FederalRegisterDocument>, origin: string): FederalRegisterDocument {
  const day = values.publication_date ?? "2025-10-01";
  return {
    document_number: number,
    title: `Widget Program Amendments ${number}`,
    abstract: null,
    html_url: `https://www.federalregister.gov/documents/${day.replaceAll("-", "/")}/${number}/document`,
    publication_date: day,
    type: "Rule",
    agencies: [{ name: EPA }],
    full_text_xml_url: `${origin}/full_text/xml/${number}.xml`,
    ...values,
  };
}

let server: TestServer;
/** What the full text of 2025-99208 says when read: deregulatory first, then, on a later read, not subject. */
let laterReadXml = xmlFixture("rule-2025-deregulatory-savings.xml");
const context = { progress: () => undefined, signal: new AbortController().signal, log: () => undefined };
const readTexts = () => jobHandlers["rule-texts"]!({}, context);
const articleOf = (number: string) => first(db().select().from(t.articles).where(eq(t.articles.documentNumber, number)));

async function ledger(fy: number): Promise<LedgerJson> {
  const response = await callRoute(ledgerApi, `/api/ledger?fy=${fy}`);
  expect(response.status).toBe(200);
  return (await response.json()) as LedgerJson;
}

const rowOf = (answer: LedgerJson, agency: string) => answer.agencies.find((row) => row.agency === agency);

/** The total of a count's view, as GET /api/articles answers it. */
async function viewTotal(count: LedgerCount) {
  const response = await callRoute(articlesLoader, count.api);
  expect(response.status, count.api).toBe(200);
  return Number(response.headers.get("X-Total-Count"));
}

/** Every count of a row with its view. */
function countsOf(row: LedgerRow): [string, LedgerCount][] {
  return [
    ["deregulatory", row.deregulatoryFinal],
    ["regulatory", row.regulatoryFinal],
    ["proposals", row.deregulatoryProposalsOpen],
    ["judged deregulatory", row.judgement.deregulatoryFinal],
    ["judged regulatory", row.judgement.regulatoryFinal],
    ["stated costs", row.costsView],
    ["restrictions", row.restrictions.view],
  ];
}

async function expectCountsEqualViews(answer: LedgerJson) {
  for (const row of [...answer.agencies, answer.total])
    for (const [name, count] of countsOf(row)) expect(await viewTotal(count), `${row.agency ?? "total"} ${name}: ${count.api}`).toBe(count.count);
  for (const month of answer.months) {
    expect(await viewTotal(month.deregulatory), month.deregulatory.api).toBe(month.deregulatory.count);
    expect(await viewTotal(month.regulatory), month.regulatory.api).toBe(month.regulatory.count);
  }
}

beforeAll(async () => {
  await clearArticles();
  server = await startServer({
    "/api/v1/documents.json": (request, response, origin) =>
      federalRegisterRoute([
        // The last day of FY2025 and the first of FY2026, both stating they are deregulatory.
        document("2025-99201", { publication_date: "2025-09-30" }, origin),
        document("2025-99202", { publication_date: "2025-10-01" }, origin),
        // No statement of its own; its rulemaking is Regulatory in the agenda.
        document("2025-99203", { publication_date: "2025-10-20", regulation_id_numbers: ["1615-AC96"] }, origin),
        // Neither designates it: only the product's judgement speaks of it.
        document("2025-99204", { publication_date: "2025-11-03", title: "Removal of Obsolete Widget Reporting Requirements", full_text_xml_url: null }, origin),
        // A deregulatory proposal (agenda) without a final rule, and one whose final rule followed.
        document(
          "2025-99205",
          { publication_date: "2025-12-01", type: "Proposed Rule", regulation_id_numbers: ["2060-AW48"], full_text_xml_url: null },
          origin,
        ),
        document(
          "2025-99206",
          { publication_date: "2025-12-02", type: "Proposed Rule", regulation_id_numbers: ["1018-BI09"], full_text_xml_url: null },
          origin,
        ),
        document("2025-99207", { publication_date: "2026-01-05", regulation_id_numbers: ["1018-BI09"], full_text_xml_url: null }, origin),
        // Another agency's rule, whose designation changes on a later read.
        document("2025-99208", { publication_date: "2026-02-02", agencies: [{ name: DOT }] }, origin),
      ])(request, response, origin),
    "/full_text/xml/2025-99201.xml": (_request, response) =>
      void response.writeHead(200, { "content-type": "application/xml" }).end(xmlFixture("rule-2025-deregulatory-savings.xml")),
    "/full_text/xml/2025-99202.xml": (_request, response) =>
      void response.writeHead(200, { "content-type": "application/xml" }).end(xmlFixture("rule-2025-deregulatory-savings.xml")),
    "/full_text/xml/2025-99203.xml": (_request, response) =>
      void response.writeHead(200, { "content-type": "application/xml" }).end(xmlFixture("rule-2025-no-statement.xml")),
    "/full_text/xml/2025-99208.xml": (_request, response) => void response.writeHead(200, { "content-type": "application/xml" }).end(laterReadXml),
    "/agenda/spring-2025.xml": (_request, response) => void response.writeHead(200, { "content-type": "application/xml" }).end(AGENDA),
  });
  const register = await addServedSource(server.origin, "/api/v1/documents.json", { name: "Federal Register", type: "federal-register-api" });
  await scrapeSources({ sourceId: register.id, now: new Date("2026-02-03T14:00:00Z") });
  // The agenda arrives after the documents: its load writes the designations of the documents citing its RINs.
  const agenda = await addServedSource(server.origin, "/agenda/spring-2025.xml", { name: "Unified Agenda", type: "unified-agenda" });
  await scrapeSources({ sourceId: agenda.id, now: new Date("2026-02-03T15:00:00Z") });
  await readTexts();
});

afterAll(async () => {
  await server.close();
});

describe("the ledger", () => {
  it("counts official final actions from the statements, else the agenda, per agency and fiscal year", async () => {
    const fy2026 = await ledger(2026);
    expect(fy2026).toMatchObject({ fiscalYear: 2026, from: "2025-10-01", to: "2026-09-30", timeZone: "America/New_York" });
    const epa = rowOf(fy2026, EPA)!;
    // 2025-99202 (stated) and 2025-99207 (agenda); 2025-99201 was published on the last day of FY2025.
    expect(epa.deregulatoryFinal).toMatchObject({ count: 2, statement: 1, agenda: 1 });
    expect(epa.regulatoryFinal).toMatchObject({ count: 1, statement: 0, agenda: 1 });
    expect(epa.ratio).toBe(2);
    expect(epa.meetsTenToOne).toBe(false);
    // 2025-99206's rulemaking has its final rule (2025-99207): only 2025-99205 is still in the pipeline.
    expect(epa.deregulatoryProposalsOpen).toMatchObject({ count: 1, statement: 0, agenda: 1 });
    // The savings 2025-99202 states, at its own discount rate.
    expect(epa.statedCosts).toEqual([{ discountRate: 7, savingsMillions: 14.2, costsMillions: 0, documents: 1 }]);
    expect(rowOf(fy2026, DOT)!.deregulatoryFinal).toMatchObject({ count: 1, statement: 1 });
    expect(fy2026.total.deregulatoryFinal.count).toBe(3);
    expect(fy2026.total.regulatoryFinal.count).toBe(1);
    expect(fy2026.months.map((month) => month.month)).toEqual([
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
    ]);
    expect(fy2026.months.find((month) => month.month === "2025-10")).toMatchObject({ deregulatory: { count: 1 }, regulatory: { count: 1 } });
    expect(fy2026.months.find((month) => month.month === "2026-01")).toMatchObject({ deregulatory: { count: 1 }, regulatory: { count: 0 } });

    const fy2025 = await ledger(2025);
    expect(rowOf(fy2025, EPA)!.deregulatoryFinal).toMatchObject({ count: 1, statement: 1 });
    expect(fy2025.total.deregulatoryFinal.count).toBe(1);
  });

  it("gives every count the feed view of exactly the documents it counts", async () => {
    await expectCountsEqualViews(await ledger(2026));
    await expectCountsEqualViews(await ledger(2025));
    const epa = rowOf(await ledger(2026), EPA)!;
    expect(epa.deregulatoryFinal.feed).toBe(`/?agency=${encodeURIComponent(EPA).replaceAll("%20", "+")}&type=rule&designation=deregulatory&fy=2026`);
  });

  it("counts 30 September and 1 October in the product's time zone", async () => {
    expect(fiscalYearOf(new Date("2025-10-01T03:30:00Z"), "America/New_York")).toBe(2025);
    expect(fiscalYearOf(new Date("2025-10-01T03:30:00Z"), "UTC")).toBe(2026);
    expect(fiscalYearRange(2026, "America/New_York").start.toISOString()).toBe("2025-10-01T04:00:00.000Z");
    // Late on 30 September in Washington (already 1 October in UTC), and just after its midnight.
    const late = { documentType: "Rule", agencies: ["Edge Agency"], regulationIdNumbers: ["1615-AC96"], sourceName: "Edge" };
    await addArticle({ ...late, title: "Edge rule one", publishDate: new Date("2025-10-01T03:59:00Z") });
    await addArticle({ ...late, title: "Edge rule two", publishDate: new Date("2025-10-01T04:00:00Z") });
    const [fy2025, fy2026] = [await ledger(2025), await ledger(2026)];
    expect(rowOf(fy2025, "Edge Agency")!.regulatoryFinal.count).toBe(1);
    expect(rowOf(fy2026, "Edge Agency")!.regulatoryFinal.count).toBe(1);
    expect(fy2026.months[0].regulatory.count).toBe(2);
    await expectCountsEqualViews(fy2025);
    await expectCountsEqualViews(fy2026);
  });

  it("follows a document whose designation changes on a later read", async () => {
    expect(await articleOf("2025-99208")).toMatchObject({ designation: "deregulatory", designationBasis: "statement" });
    laterReadXml = xmlFixture("rule-2025-not-significant.xml");
    const article = await articleOf("2025-99208");
    await db().delete(t.ruleTexts).where(eq(t.ruleTexts.articleId, article!.id));
    const revision = await feedRevision();
    await readTexts();
    // The shared pages (feed views of the ledger's counts among them) are made anew.
    expect(await feedRevision()).not.toBe(revision);
    expect(await articleOf("2025-99208")).toMatchObject({ designation: "not-subject", designationBasis: "statement" });
    const dot = rowOf(await ledger(2026), DOT);
    // Not subject to the order: counted neither as deregulatory nor as the product's judgement.
    expect(dot?.deregulatoryFinal.count ?? 0).toBe(0);
    expect(dot?.judgement.deregulatoryFinal.count ?? 0).toBe(0);
    expect((await ledger(2026)).total.deregulatoryFinal.count).toBe(2);
    await expectCountsEqualViews(await ledger(2026));
  });

  it("counts an editor's correction in the product's judgement only, never in the official counts", async () => {
    const before = rowOf(await ledger(2026), EPA)!;
    const revision = await feedRevision();
    // Neither designated: the correction moves the judgement count.
    await updateArticleCategory((await articleOf("2025-99204"))!.id, "regulatory-rollbacks");
    expect(await feedRevision()).not.toBe(revision);
    // Officially deregulatory by its own statement: the editor's category changes no count.
    await updateArticleCategory((await articleOf("2025-99202"))!.id, "new-regulations");
    const after = rowOf(await ledger(2026), EPA)!;
    expect(after.deregulatoryFinal.count).toBe(before.deregulatoryFinal.count);
    expect(after.regulatoryFinal.count).toBe(before.regulatoryFinal.count);
    expect(after.judgement.deregulatoryFinal.count).toBe(1);
    expect(after.judgement.regulatoryFinal.count).toBe(0);
    await updateArticleCategory((await articleOf("2025-99204"))!.id, "new-regulations");
    const corrected = rowOf(await ledger(2026), EPA)!;
    expect(corrected.judgement).toMatchObject({ deregulatoryFinal: { count: 0 }, regulatoryFinal: { count: 1 } });
    expect(corrected.deregulatoryFinal.count).toBe(before.deregulatoryFinal.count);
    await expectCountsEqualViews(await ledger(2026));
  });
});

describe("the migration", () => {
  it("fills the articles stored before it as the designation store writes them", async () => {
    const written = await all(db().select({ id: t.articles.id, designation: t.articles.designation, basis: t.articles.designationBasis }).from(t.articles));
    expect(written.filter((row) => row.basis === "statement").length).toBeGreaterThan(0);
    expect(written.filter((row) => row.basis === "agenda").length).toBeGreaterThan(0);
    await execute(db().update(t.articles).set({ designation: null, designationBasis: null }));
    const file = engine() === "postgres" ? "db/pg/migrations/0015_ledger.sql" : "db/migrations/0025_ledger.sql";
    const fills = fs
      .readFileSync(file, "utf8")
      .split("--> statement-breakpoint")
      .filter((statement) => /^\s*(--[^\n]*\n\s*)*UPDATE/.test(statement));
    expect(fills).toHaveLength(2);
    for (const fill of fills) await execute(sql.raw(fill));
    const filled = await all(db().select({ id: t.articles.id, designation: t.articles.designation, basis: t.articles.designationBasis }).from(t.articles));
    expect(filled.sort((a, b) => a.id - b.id)).toEqual(written.sort((a, b) => a.id - b.id));
  });
});

describe("a count's view", () => {
  it("works like any other view: Atom, CSV and an alert take it, and a bad value is refused naming it", async () => {
    const epa = rowOf(await ledger(2026), EPA)!;
    const view = epa.deregulatoryFinal.feed.slice(2);
    const atom = await (await callRoute(atomLoader, `/feed.atom?${view}`)).text();
    expect(atom).toContain("Deregulatory (official)");
    expect(atom).toContain("FY2026 (2025-10-01 to 2026-09-30)");
    expect(atom.match(/<entry>/g)).toHaveLength(epa.deregulatoryFinal.count);
    const csv = await (await callRoute(exportLoader, `/export.csv?${view}`)).text();
    expect(csv.trim().split("\n")).toHaveLength(1 + epa.deregulatoryFinal.count);
    const alert = await callRoute(alertsAction, "/api/alerts", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost" },
      body: JSON.stringify({ email: "analyst@example.com", view, frequency: "weekly" }),
    });
    expect(alert.status).toBe(202);
    const stored = await first(db().select().from(t.alerts).where(eq(t.alerts.email, "analyst@example.com")));
    expect(new URLSearchParams(stored!.view).get("designation")).toBe("deregulatory");
    expect(new URLSearchParams(stored!.view).get("fy")).toBe("2026");
    for (const [name, bad] of [
      ["designation", "rollback"],
      ["basis", "guess"],
      ["fy", "26"],
      ["month", "2026-13"],
      ["pipeline", "closed"],
      ["costs", "all"],
    ]) {
      const refused = await callRoute(articlesLoader, `/api/articles?${name}=${bad}`);
      expect(refused.status, name).toBe(400);
      expect((await refused.json()).message).toContain(`'${name}'`);
    }
  });
});

describe("GET /api/ledger and /ledger.csv", () => {
  it("answers as the OpenAPI description says, and refuses a bad fy naming it", async () => {
    const ok = await callRoute(ledgerApi, "/api/ledger?fy=2026");
    expect(ok.status).toBe(200);
    await expectDescribed(ok, "/api/ledger");
    for (const bad of ["20x6", "1899", "2026.5"]) {
      const refused = await callRoute(ledgerApi, `/api/ledger?fy=${bad}`);
      expect(refused.status).toBe(400);
      const message = await expectDescribed(refused, "/api/ledger");
      expect(message.message).toMatch(/'fy'/);
    }
    expect((await callRoute(ledgerApi, "/api/ledger?year=2026")).status).toBe(400);
  });

  it("writes the ledger as CSV, one line per agency and one for all, amounts apart per discount rate", async () => {
    const response = await callRoute(ledgerCsvLoader, "/ledger.csv?fy=2026");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const text = (await response.text()).replace(/^\uFEFF/, "");
    const [header, ...lines] = text.trim().split("\n");
    expect(header).toContain('"stated annualized savings, $ millions (7%)"');
    expect(header).toContain("product's judgement, not official");
    const epa = lines.find((line) => line.includes(`"${EPA}"`))!;
    expect(epa.startsWith('"2026","Environmental Protection Agency","2","1","1","0","2.00","no","1"')).toBe(true);
    expect(epa).toContain('"14.2"');
    expect(lines.at(-1)).toMatch(/^"2026","All agencies"/);
    expect((await callRoute(ledgerCsvLoader, "/ledger.csv?fy=nope")).status).toBe(400);
  });

  it("the page keeps a bad fy as typed, says what is wrong, and shows the current year", async () => {
    const response = await callRoute(ledgerPageLoader, "/ledger?fy=20x6&sort=ratio&dir=up");
    const data = await response.json();
    expect(data.typed).toBe("20x6");
    expect(data.problems[0]).toMatch(/“20x6” is not a fiscal year.*fy must be/);
    expect(data.problems[1]).toMatch(/dir must be asc or desc/);
    expect(data.ledger.fiscalYear).toBe(data.current);
    expect(data.sort).toBe("ratio");
  });
});
