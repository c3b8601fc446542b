// The rulemaking fixtures of tests/integration/rulemakings-*.test.ts, read through the real ingest path: Federal
// Register documents (fixture JSON in the API's shape) of one RIN and of one docket, a court's Atom feed and
// Congress's joint resolutions, served from loopback and scraped, after the Unified Agenda's entry for the RIN.
import { afterAll, beforeAll, expect } from "vitest";
import { saveAgendaBatch } from "~/agenda/store.server";
import { rejudgeArticlesCiting } from "~/classify/reclassify.server";
import { all, db, execute, t } from "~/db.server";
import { scrapeSources } from "~/ingest/scrape.server";
import { clearArticles } from "./articles";
import { serveFixture, startServer, type TestServer } from "./http-server";
import { addServedSource } from "./sources";

export const RIN = "1205-AC12";
export const DOCKET = "EPA-R05-OAR-2024-0123";
export const TITLE = "Improving Protections for Workers in Temporary Agricultural Employment in the United States";

/**
 * Before the file's tests, scrapes the fixtures into an emptied database (no articles, no sources but the three
 * served); after them, stops the server. Answers the article ids by document number (Federal Register) or title
 * (the rest), filled in before the first test.
 */
export function ingestRulemakingFixtures() {
  let server: TestServer;
  const ids = new Map<string, number>();
  beforeAll(async () => {
    await clearArticles();
    await execute(db().delete(t.sources));
    server = await startServer({
      "/fr/documents.json": serveFixture("rulemaking-federal-register.json", "application/json"),
      "/court.atom": serveFixture("rulemaking-court.atom", "application/atom+xml"),
      "/congress.rss": serveFixture("rulemaking-congress.rss", "application/rss+xml"),
    });
    // The agenda's entry for the RIN, as an edition read earlier left it.
    await saveAgendaBatch(
      [
        {
          rin: RIN,
          publicationId: "202504",
          designation: "Deregulatory",
          stage: "Final Rule Stage",
          priority: "Economically Significant",
          major: true,
          timetable: [
            { action: "NPRM", date: "09/15/2023" },
            { action: "Final Rule", date: "04/29/2024" },
          ],
          title: TITLE,
          agency: "Department of Labor",
          parentAgency: null,
        },
      ],
      new Date("2025-05-01T00:00:00Z"),
      rejudgeArticlesCiting,
    );
    await addServedSource(server.origin, "/fr/documents.json", { type: "federal-register-api", category: "government" });
    await addServedSource(server.origin, "/court.atom", { type: "atom", category: "legal", name: "Court opinions" });
    await addServedSource(server.origin, "/congress.rss", { type: "rss", category: "government", name: "Joint resolutions" });
    const result = await scrapeSources({ now: new Date("2025-09-01T00:00:00Z") });
    expect(result.sources.map((source) => source.error)).toEqual([null, null, null]);
    for (const row of await all(db().select({ id: t.articles.id, documentNumber: t.articles.documentNumber, title: t.articles.title }).from(t.articles))) {
      ids.set(row.documentNumber ?? row.title, row.id);
    }
  });
  afterAll(() => server.close());
  return ids;
}
