// Slipping rulemakings (app/agenda/next-action.ts, app/rulemakings/store/overdue.server.ts): two Unified Agenda
// editions and Federal Register documents served from a loopback server and read through the real scrape path; the
// due day kept with each entry, the count per agency on a day, the feed's `overdue` view it links to, the rulemaking's
// API answer and the grouped view.
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, execute, first, t } from "~/db.server";
import { feedHref, OVERDUE_ALL, parseFeedParams, tidyFeedPath } from "~/feed/filters";
import type { FederalRegisterDocument } from "~/ingest/federal-register";
import { scrapeSources } from "~/ingest/scrape.server";
import { loader as articlesApi } from "~/routes/api.articles";
import { loader as ledgerApi } from "~/routes/api.ledger";
import { loader as ledgerPage } from "~/routes/ledger";
import { loader as rulemakingApi } from "~/routes/api.rulemakings.$key";
import { loader as feedLoader } from "~/routes/_index";
import { rulemakingGroupsPage } from "~/rulemakings/groups.server";
import { getRulemaking } from "~/rulemakings/page.server";
import { countOverdueByAgency, overdueCountQuery, overdueSinceOf } from "~/rulemakings/store/overdue.server";
import { todayInZone } from "~/rulemakings/comment-periods.server";
import { migrationsFolder } from "~/schema-store.server";
import { clearArticles, queryPlan } from "../support/articles";
import { federalRegisterRoute } from "../support/federal-register-api";
import { startServer, type TestServer } from "../support/http-server";
import { callRoute } from "../support/load-context";
import { addServedSource } from "../support/sources";

const fixture = (name: string) => fs.readFileSync(path.resolve("tests/fixtures/unified-agenda", name), "utf8");
const SPRING_2025 = fixture("REGINFO_RIN_DATA_202504.xml");
const FALL_2025 = fixture("REGINFO_RIN_DATA_202510.xml");

const doc = (number: string, rin: string, day: string, type: string, title: string, agency: string): FederalRegisterDocument => ({
  document_number: number,
  title,
  abstract: `${title}. The agency requests comment.`,
  html_url: `https://www.federalregister.gov/documents/${day.replaceAll("-", "/")}/${number}/document`,
  publication_date: day,
  type,
  action: type === "Rule" ? "Final rule." : "Proposed rule.",
  agencies: [{ name: agency }],
  regulation_id_numbers: [rin],
});

const DOCS: FederalRegisterDocument[] = [
  // The day before the Fall 2025 edition's first day: the agenda knew of it, so the NPRM planned for December is still due.
  doc(
    "2025-18801",
    "2060-AX01",
    "2025-09-30",
    "Proposed Rule",
    "Stationary Combustion Turbines: Advance Notice of Proposed Rulemaking",
    "Environmental Protection Agency",
  ),
  // The proposal the agenda cites (90 FR 18511): the final rule planned for November 14 is due.
  doc(
    "2025-07702",
    "1018-BJ02",
    "2025-05-01",
    "Proposed Rule",
    "Migratory Bird Permits; Rescinding Incidental Take Authorization Requirements",
    "Fish and Wildlife Service",
  ),
  // On the edition's first day: the agency moved, so the NPRM planned for October 20 is no longer awaited.
  doc(
    "2025-19003",
    "2120-AM03",
    "2025-10-01",
    "Proposed Rule",
    "Removal of Obsolete Airworthiness Reporting Requirements for Small Aircraft",
    "Federal Aviation Administration",
  ),
  // The proposal of 2023 the agenda cites: the final rule planned for October 2025 is due.
  doc("2023-19904", "1904-AG06", "2023-09-14", "Proposed Rule", "Energy Conservation Program: Standards for Portable Electric Heaters", "Energy Department"),
];

let frDocs: FederalRegisterDocument[] = [];
let server: TestServer;
const articleIds = new Map<string, number>();

const xml = (body: string) => (_request: http.IncomingMessage, response: http.ServerResponse) => {
  response.writeHead(200, { "content-type": "application/xml; charset=utf-8" });
  response.end(body);
};

async function scrape(sourceId: number) {
  const result = await scrapeSources({ sourceId });
  expect(result.sources[0].error).toBeNull();
  return result.sources[0];
}

let fallSource = 0;

beforeAll(async () => {
  server = await startServer({
    "/agenda/spring-2025.xml": xml(SPRING_2025),
    "/agenda/fall-2025.xml": xml(FALL_2025),
    "/api/v1/documents.json": (request, response, origin) => federalRegisterRoute(frDocs)(request, response, origin),
  });
  await clearArticles();
  await execute(db().delete(t.sources));
  await execute(db().delete(t.agendaEntries));
  // Spring first: its RINs the fall edition no longer lists stay behind in the older edition.
  await scrape((await addServedSource(server.origin, "/agenda/spring-2025.xml", { type: "unified-agenda", name: "Spring 2025" })).id);
  fallSource = (await addServedSource(server.origin, "/agenda/fall-2025.xml", { type: "unified-agenda", name: "Fall 2025" })).id;
  expect((await scrape(fallSource)).agenda).toMatchObject({ read: 6, stored: 6 });
  frDocs = DOCS;
  const register = await addServedSource(server.origin, "/api/v1/documents.json", { type: "federal-register-api", name: "Federal Register" });
  expect((await scrape(register.id)).new).toBe(DOCS.length);
  for (const row of await db().select({ id: t.articles.id, documentNumber: t.articles.documentNumber }).from(t.articles))
    articleIds.set(row.documentNumber!, row.id);
});
afterAll(() => server.close());

const stored = (rin: string) =>
  first(
    db()
      .select({ timetable: t.agendaEntries.timetable, nextActionDate: t.agendaEntries.nextActionDate })
      .from(t.agendaEntries)
      .where(eq(t.agendaEntries.rin, rin)),
  );

describe("reading an edition", () => {
  it("keeps each timetable row's Federal Register citation and the next action's due day", async () => {
    expect(await stored("1018-BJ02")).toEqual({
      timetable: [
        { action: "NPRM", date: "05/01/2025", frCitation: "90 FR 18511" },
        { action: "NPRM Comment Period End", date: "06/30/2025", frCitation: null },
        { action: "Final Rule", date: "11/14/2025", frCitation: null },
      ],
      nextActionDate: "2025-11-14",
    });
    expect((await stored("2060-AX01"))?.nextActionDate).toBe("2025-12-31");
    expect((await stored("1904-AG06"))?.nextActionDate).toBe("2025-10-31");
    // To Be Determined, and a completed action whose only planned row is its effective date.
    expect((await stored("2120-AM04"))?.nextActionDate).toBeNull();
    expect((await stored("1615-AD05"))?.nextActionDate).toBeNull();
  });

  it("fills the due day of entries stored before the citations were read when the edition is read again", async () => {
    // As migration 0024 leaves an entry of an edition read before: no citations, no due day.
    await execute(sql`UPDATE agenda_entries SET timetable = '[{"action":"NPRM","date":"05/01/2025"},{"action":"Final Rule","date":"11/14/2025"}]',
      next_action_date = NULL WHERE rin = '1018-BJ02'`);
    expect(await overdueSinceOf(["1018-BJ02"], "2026-01-01")).toEqual(new Map());
    expect((await getRulemaking("1018-BJ02", new Date("2026-01-01T17:00:00Z")))?.nextAction).toBeNull();
    expect((await scrape(fallSource)).agenda).toMatchObject({ stored: 1, unchanged: 5 });
    expect((await stored("1018-BJ02"))?.nextActionDate).toBe("2025-11-14");
  });

  it("has the migration forget the agenda sources' validators, so their next read fetches the whole edition", async () => {
    const folder = migrationsFolder();
    const file = fs.readdirSync(folder).find((name) => name.endsWith("_overdue_rulemakings.sql"))!;
    const updates = fs
      .readFileSync(path.join(folder, file), "utf8")
      .split("--> statement-breakpoint")
      .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
      .filter((statement) => statement.startsWith("UPDATE"));
    expect(updates).toHaveLength(1);
    await execute(sql`UPDATE sources SET etag = '"e1"', last_modified = 'Fri, 09 Jan 2026 10:00:00 GMT'`);
    await execute(sql.raw(updates[0]));
    const validators = await db().select({ type: t.sources.type, etag: t.sources.etag, lastModified: t.sources.lastModified }).from(t.sources);
    expect(validators.filter((row) => row.type === "unified-agenda")).toEqual([
      { type: "unified-agenda", etag: null, lastModified: null },
      { type: "unified-agenda", etag: null, lastModified: null },
    ]);
    expect(validators.filter((row) => row.type !== "unified-agenda")).toEqual([
      { type: "federal-register-api", etag: '"e1"', lastModified: "Fri, 09 Jan 2026 10:00:00 GMT" },
    ]);
  });
});

describe("the count per agency", () => {
  it("counts the loaded edition's rulemakings past due with nothing published since the edition, by the agenda's agency", async () => {
    expect(await countOverdueByAgency("2026-01-01")).toEqual(
      new Map([
        ["Environmental Protection Agency", 1],
        ["Department of the Interior", 1],
        ["Department of Energy", 1],
      ]),
    );
    // The spring edition's endangerment-finding NPRM (July 2025, nothing published) is not the loaded edition's.
    expect(await overdueSinceOf(["2060-AW48"], "2026-01-01")).toEqual(new Map());
  });

  it("counts none on the due day, and from the next day on", async () => {
    // Month-only December 2025: due on the 31st.
    expect((await countOverdueByAgency("2025-12-31")).get("Environmental Protection Agency")).toBeUndefined();
    expect((await countOverdueByAgency("2026-01-01")).get("Environmental Protection Agency")).toBe(1);
    // November 14, 2025: due that day; October 2025 (Energy) is overdue since November 1.
    expect(await countOverdueByAgency("2025-11-14")).toEqual(new Map([["Department of Energy", 1]]));
    expect(await countOverdueByAgency("2025-11-15")).toEqual(
      new Map([
        ["Department of the Interior", 1],
        ["Department of Energy", 1],
      ]),
    );
    expect(await overdueSinceOf(["1018-BJ02", "1904-AG06", "2120-AM03", "2120-AM04"], "2025-11-15")).toEqual(
      new Map([
        ["1018-BJ02", "2025-11-15"],
        ["1904-AG06", "2025-11-01"],
      ]),
    );
  });

  it("refuses a day that is not YYYY-MM-DD", async () => {
    await expect(countOverdueByAgency("11/15/2025")).rejects.toThrow(/asOf must be a day/);
  });

  it("reads the edition's index and the RIN's documents by date, never scanning", async () => {
    const plan = await queryPlan((await overdueCountQuery("2026-01-01"))!);
    expect(plan).toContain("agenda_entries_next_action_idx");
    expect(plan).toContain("article_rulemakings_key_date_idx");
    expect(plan).not.toMatch(/SCAN (e|ar)\b|Seq Scan/);
  });
});

describe("the feed's overdue view", () => {
  const api = async (query: string) => {
    const answer = await callRoute(articlesApi, `/api/articles?${query}`);
    expect(answer.status).toBe(200);
    const articles = (await answer.json()) as { id: number }[];
    return { total: Number(answer.headers.get("X-Total-Count")), ids: articles.map((article) => article.id).sort((a, b) => a - b) };
  };
  const idsOf = (...numbers: string[]) => numbers.map((number) => articleIds.get(number)!).sort((a, b) => a - b);

  it("lists the documents of today's overdue rulemakings, of one agency as the agenda names it, as many as the count", async () => {
    expect(await api("overdue=1")).toEqual({ total: 3, ids: idsOf("2025-18801", "2025-07702", "2023-19904") });
    const counts = await countOverdueByAgency(todayInZone());
    expect([...counts.keys()].sort()).toEqual(["Department of Energy", "Department of the Interior", "Environmental Protection Agency"]);
    for (const [agency, count] of counts) {
      const view = await api(`overdue=${encodeURIComponent(agency)}`);
      // One document per overdue rulemaking here, so the documents match the count.
      expect(view.total).toBe(count);
    }
    expect(await api(`overdue=${encodeURIComponent("Department of Energy")}`)).toEqual({ total: 1, ids: idsOf("2023-19904") });
    expect(await api(`overdue=${encodeURIComponent("Department of Transportation")}`)).toEqual({ total: 0, ids: [] });
    // With the feed's other filters.
    expect(await api(`overdue=1&agency=${encodeURIComponent("Environmental Protection Agency")}`)).toEqual({ total: 1, ids: idsOf("2025-18801") });
  });

  it("stands in the ledger per agency as the agenda names it, each count opening its documents", async () => {
    const answer = await callRoute(ledgerApi, "/api/ledger");
    expect(answer.status).toBe(200);
    const { overdue } = (await answer.json()) as {
      overdue: { asOf: string; agencies: { agency: string; rulemakings: { count: number; api: string } }[]; total: { count: number; feed: string } };
    };
    expect(overdue.asOf).toBe(todayInZone());
    const counts = await countOverdueByAgency(todayInZone());
    expect(overdue.agencies.map((row) => [row.agency, row.rulemakings.count])).toEqual([...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
    expect(overdue.total).toMatchObject({ count: 3, feed: "/?overdue=1" });
    for (const row of overdue.agencies) expect((await api(row.rulemakings.api.replace("/api/articles?", ""))).total).toBe(row.rulemakings.count);
    const page = await callRoute(ledgerPage, "/ledger");
    expect(page.status).toBe(200);
  });

  it("is a view parameter: tidy in the feed's address, shown by the feed, strict in the API", async () => {
    const agency = "Department of the Interior";
    expect(feedHref({ timeframe: "all", overdue: agency })).toBe("/?overdue=Department+of+the+Interior");
    expect(feedHref({ timeframe: "all", overdue: OVERDUE_ALL })).toBe("/?overdue=1");
    expect(parseFeedParams(new URLSearchParams("overdue=%20Department%20of%20the%20Interior%20")).filters.overdue).toBe(agency);
    expect(tidyFeedPath(new URL("http://x/?overdue=&q="))).toBe("/");
    const page = await (await callRoute(feedLoader, "/?overdue=Department+of+the+Interior")).json();
    expect(page.articles.map((article: { id: number }) => article.id)).toEqual(idsOf("2025-07702"));
    for (const query of ["overdue=%01", `overdue=${"x".repeat(201)}`]) {
      const answer = await callRoute(articlesApi, `/api/articles?${query}`);
      expect(answer.status).toBe(400);
      expect((await answer.json()).message).toMatch(/^Invalid 'overdue' parameter: must be/);
    }
  });
});

describe("the rulemaking and the grouped view", () => {
  it("answer the next action and since when it is overdue, turning at midnight in the product's time zone", async () => {
    // 11:30 pm on November 14 in Washington, then just past midnight.
    const onDueDay = await getRulemaking("1018-BJ02", new Date("2025-11-15T04:30:00Z"));
    expect(onDueDay).toMatchObject({ nextAction: { action: "Final Rule", date: "11/14/2025", dueOn: "2025-11-14" }, overdueSince: null, today: "2025-11-14" });
    const after = await getRulemaking("1018-BJ02", new Date("2025-11-15T05:00:00Z"));
    expect(after).toMatchObject({ overdueSince: "2025-11-15", today: "2025-11-15" });
    const published = await getRulemaking("2120-AM03", new Date("2026-01-01T17:00:00Z"));
    expect(published).toMatchObject({ nextAction: { action: "NPRM", dueOn: "2025-10-20" }, overdueSince: null });
    expect(await getRulemaking("2120-AM04", new Date("2026-01-01T17:00:00Z"))).toMatchObject({
      nextAction: { action: "NPRM", date: "To Be Determined", dueOn: null },
      overdueSince: null,
    });
    expect((await getRulemaking("1615-AD05"))?.nextAction).toBeNull();
  });

  it("carries them in the API's answer, today", async () => {
    const answer = await callRoute(rulemakingApi, "/api/rulemakings/1904-AG06", {}, { key: "1904-AG06" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      nextAction: { action: "Final Rule", date: "10/00/2025", dueOn: "2025-10-31" },
      overdueSince: "2025-11-01",
      agenda: {
        timetable: [
          { action: "NPRM", date: "09/14/2023", frCitation: "88 FR 63010" },
          { action: "Final Rule", date: "10/00/2025", frCitation: null },
        ],
      },
    });
  });

  it("marks each overdue rulemaking of the grouped view", async () => {
    const { groups } = await rulemakingGroupsPage("regulatory-rollbacks", 1, 12, "2026-01-01");
    expect(Object.fromEntries(groups.map((group) => [group.key, group.overdueSince]))).toEqual({
      "2060-AX01": "2026-01-01",
      "1018-BJ02": "2025-11-15",
      "2120-AM03": null,
      "1904-AG06": "2025-11-01",
    });
  });
});
