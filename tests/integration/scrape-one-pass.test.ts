// One pass per scraped item, through the real scrape path: a feed and a Federal Register query served from a loopback
// server, the real fetcher, adapters, insert path and database, and the local model stand-in as the assisted
// classifier. The classifier, the agenda read, the deletion markers and the keyword matcher are watched where the app
// reaches them (their modules, wrapped): each item the store may take is judged once, with its rulemaking's Unified
// Agenda designation already read (one query per batch); the markers are read once before that work and once more in
// the store's transaction; a source's keywords are compiled once per run.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { saveAgendaEntries } from "~/agenda/store.server";
import { canonicalUrl, dedupKeys } from "~/articles/canonical-url";
import { deleteArticles } from "~/articles/store/edits.server";
import { reloadConfig } from "~/config.server";
import { db, execute, first, t, transaction } from "~/db.server";
import type { FederalRegisterDocument } from "~/ingest/federal-register";
import { scrapeSources } from "~/ingest/scrape.server";
import { addArticle, clearArticles } from "../support/articles";
import { federalRegisterRoute } from "../support/federal-register-api";
import { startServer, type TestServer } from "../support/http-server";
import { startOpenAiServer } from "../support/openai-server";
import { addServedSource } from "../support/sources";

/** What the scrape asked of the watched modules. */
const seen = vi.hoisted(() => ({
  /** Each judgement: the item's title and the agenda designation its input carried. */
  judged: [] as { title: string; designation: string | null }[],
  /** The RINs of each agenda query. */
  agendaQueries: [] as string[][],
  /** The URL key of each item whose deletion markers were read (before the work, or in the store's transaction). */
  markerReads: [] as string[],
  /** The canonical address of each item asked about as stored already (only before a model call). */
  storedReads: [] as string[],
  matchersBuilt: 0,
}));

vi.mock("~/classify/classifier", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/classify/classifier")>();
  return {
    ...actual,
    classifyArticle: (...args: Parameters<typeof actual.classifyArticle>) => {
      seen.judged.push({ title: args[0].title, designation: args[0].officialDesignation?.designation ?? null });
      return actual.classifyArticle(...args);
    },
  };
});
vi.mock("~/agenda/store.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/agenda/store.server")>();
  return {
    ...actual,
    agendaEntriesOf: (rins: Iterable<string>) => {
      const wanted = [...rins];
      if (wanted.length) seen.agendaQueries.push(wanted);
      return actual.agendaEntriesOf(wanted);
    },
  };
});
vi.mock("~/articles/store/insert.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/articles/store/insert.server")>();
  return {
    ...actual,
    deletedOf: <T extends { urlKey: string }>(items: T[]) => {
      seen.markerReads.push(...items.map((item) => item.urlKey));
      return actual.deletedOf(items as never);
    },
    isStored: (canonical: string, documentNumber: string | null) => {
      seen.storedReads.push(canonical);
      return actual.isStored(canonical, documentNumber);
    },
    // The store's transaction reads the markers of every item it is handed.
    storeArticles: (pending: Parameters<typeof actual.storeArticles>[0]) => {
      seen.markerReads.push(...pending.map((item) => item.urlKey));
      return actual.storeArticles(pending);
    },
  };
});
vi.mock("~/ingest/keywords", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/ingest/keywords")>();
  return {
    ...actual,
    keywordMatcher: (keywords: readonly string[]) => {
      seen.matchersBuilt++;
      return actual.keywordMatcher(keywords);
    },
  };
});

const NOW = new Date("2026-11-23T12:00:00Z");
/** The local classifier is unsure of these (tests/integration/classify-assist-ingest.test.ts shows it). */
const UNSURE = ["Administration weighs changes to power plant emissions standards", "Regulators consider new approach to bank capital"];
/** A bill number: a codebook rule decides, so the model is not asked. */
const SURE = "H.R. 1234 - Regulatory Relief Act";
/** Stored by an earlier scrape: judged with the batch, but never sent to the model. */
const STORED = "Officials review truck emissions program";
/** Stored earlier and deleted by an editor: never judged. */
const DELETED = "Agency withdraws emissions guidance for trucks";
/** Not admitted by the source's keywords. */
const SKIPPED = "Local parade schedule announced";
const FEED_TITLES = [...UNSURE, SURE, STORED, DELETED, SKIPPED];

const storyUrl = (i: number) => `${server.origin}/story/${i}`;
const rss = () => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Example News</title><link>${server.origin}/</link><description>News</description>
${FEED_TITLES.map((title, i) => `<item><title>${title}</title><link>${storyUrl(i)}</link><pubDate>Mon, 2${i} Oct 2026 12:00:00 GMT</pubDate></item>`).join("\n")}
</channel></rss>`;

/** Three documents on two pages: one of a rulemaking the agenda designates Deregulatory, one of a RIN it lacks, one citing none. */
const DOCS: FederalRegisterDocument[] = [
  {
    document_number: "2025-14572",
    title: "Reconsideration of 2009 Endangerment Finding",
    abstract: "The Environmental Protection Agency (EPA) is reconsidering the 2009 finding under section 202(a) of the Clean Air Act.",
    html_url: "https://www.federalregister.gov/documents/2025/08/01/2025-14572/reconsideration-of-2009-endangerment-finding",
    publication_date: "2025-08-01",
    type: "Proposed Rule",
    action: "Proposed rule.",
    agencies: [{ name: "Environmental Protection Agency" }],
    regulation_id_numbers: ["2060-AW48"],
  },
  {
    document_number: "2025-14001",
    title: "Air Plan Approval; Ohio; Redesignation",
    html_url: "https://www.federalregister.gov/documents/2025/07/30/2025-14001/air-plan-approval-ohio-redesignation",
    publication_date: "2025-07-30",
    type: "Rule",
    action: "Final rule.",
    agencies: [{ name: "Environmental Protection Agency" }],
    regulation_id_numbers: ["2060-ZZ99"],
  },
  {
    document_number: "2025-13900",
    title: "Agency Information Collection Activities; Proposed Collection; Comment Request",
    html_url: "https://www.federalregister.gov/documents/2025/07/29/2025-13900/agency-information-collection-activities",
    publication_date: "2025-07-29",
    type: "Notice",
    action: "Notice.",
    agencies: [{ name: "Environmental Protection Agency" }],
  },
];
const OFFICIAL_REASON = "rollback: officially deregulatory (EO 14192), Unified Agenda Spring 2025";

let server: TestServer;
let model: Awaited<ReturnType<typeof startOpenAiServer>>;
const saved = { ...process.env };

beforeAll(async () => {
  server = await startServer({
    "/news.rss": (_req, res) => void res.writeHead(200, { "content-type": "application/rss+xml" }).end(rss()),
    "/api/v1/documents.json": federalRegisterRoute(DOCS),
  });
  model = await startOpenAiServer();
});
afterAll(async () => {
  await server.close();
  await model.close();
});

beforeEach(async () => {
  await clearArticles();
  await execute(db().delete(t.sources));
  await execute(db().delete(t.agendaEntries));
  Object.assign(process.env, {
    CLASSIFY_ASSIST: "true",
    AI_PROVIDER: "openai",
    OPENAI_BASE_URL: model.baseURL,
    OPENAI_MODEL: "test-model",
    OPENAI_TIMEOUT_MS: "1000",
  });
  reloadConfig();
  model.requests.length = 0;
  model.reply({ kind: "content", content: '{"category": "regulatory-rollbacks", "priority": "medium", "reason": "The agency loosens a standard."}' });
});
afterEach(() => {
  process.env = { ...saved };
  reloadConfig();
});

function forget() {
  seen.judged.length = 0;
  seen.agendaQueries.length = 0;
  seen.markerReads.length = 0;
  seen.storedReads.length = 0;
  seen.matchersBuilt = 0;
}

/** How many times each value occurs. */
const tally = (values: string[]) => values.reduce((counts, value) => counts.set(value, (counts.get(value) ?? 0) + 1), new Map<string, number>());
const urlKey = (url: string) => dedupKeys(canonicalUrl(url), null)[0];
const row = async (title: string) => (await first(db().select().from(t.articles).where(eq(t.articles.title, title))))!;

describe("one pass per scraped item", () => {
  it("judges each feed item once, asks the model on that judgement, and reads the deletion markers once before the work", async () => {
    await addServedSource(server.origin, "/news.rss", {
      name: "Example News",
      type: "rss",
      category: "news",
      keywords: ["emissions", "capital", "regulatory"],
    });
    await addArticle({ title: STORED, originalUrl: storyUrl(FEED_TITLES.indexOf(STORED)), sourceName: "Example News", sourceCategory: "news" });
    await deleteArticles([await addArticle({ title: DELETED, originalUrl: storyUrl(FEED_TITLES.indexOf(DELETED)) })]);
    forget();

    const result = await scrapeSources({ now: NOW });

    expect(result.sources[0]).toMatchObject({ fetched: 6, new: 3, duplicates: 2, skippedByKeywords: 1, error: null });
    // One judgement per item the store may take (the stored one too: the store tells it from a new one); none for the
    // deleted item or the one the keywords turn away.
    expect(Object.fromEntries(tally(seen.judged.map((judgement) => judgement.title)))).toEqual(
      Object.fromEntries([...UNSURE, SURE, STORED].map((title) => [title, 1])),
    );
    // That judgement decided who is asked: the new items it was unsure of. Whether an item is stored already is asked
    // only of the items it was unsure of (the stored one is not sent).
    expect(model.requests).toHaveLength(2);
    expect(seen.storedReads.sort()).toEqual([...UNSURE, STORED].map((title) => canonicalUrl(storyUrl(FEED_TITLES.indexOf(title)))).sort());
    for (const title of UNSURE)
      expect(await row(title)).toMatchObject({ categoryReason: "model test-model: The agency loosens a standard.", manuallyTagged: false });
    expect((await row(SURE)).categoryReason).not.toMatch(/^model /);
    // The markers: once before the work for each admitted item, once more in the store's transaction for those it
    // is handed; the deleted item stops at the first.
    const reads = tally(seen.markerReads);
    for (const title of [...UNSURE, SURE, STORED]) expect(reads.get(urlKey(storyUrl(FEED_TITLES.indexOf(title)))), title).toBe(2);
    expect(reads.get(urlKey(storyUrl(FEED_TITLES.indexOf(DELETED))))).toBe(1);
    expect(seen.markerReads).toHaveLength(9);
    // Feed items cite no RINs: nothing to read in the agenda.
    expect(seen.agendaQueries).toEqual([]);
    expect(seen.matchersBuilt).toBe(1);
  });

  it("judges a Federal Register document once, with its designation read in one query per page, and stores the reason that quotes it", async () => {
    await transaction(function* (tx) {
      return yield* saveAgendaEntries(tx, [
        {
          rin: "2060-AW48",
          publicationId: "202504",
          designation: "Deregulatory",
          stage: "Proposed Rule Stage",
          priority: "Economically Significant",
          major: true,
          timetable: [],
          title: "Reconsideration of 2009 Endangerment Finding and Greenhouse Gas Vehicle Standards",
          agency: "Office of Air and Radiation",
          parentAgency: "Environmental Protection Agency",
        },
      ]);
    });
    await addServedSource(server.origin, "/api/v1/documents.json?per_page=2", {
      name: "Federal Register",
      type: "federal-register-api",
      keywords: ["finding", "air", "collection"],
    });
    forget();

    const result = await scrapeSources({ now: NOW });

    expect(result.sources[0]).toMatchObject({ fetched: 3, new: 3, pages: 2, error: null });
    // Each document judged once, the first with its rulemaking's designation already in hand.
    expect(seen.judged).toEqual(DOCS.map((doc, i) => ({ title: doc.title, designation: i === 0 ? "Deregulatory" : null })));
    expect(seen.agendaQueries).toEqual([["2060-AW48", "2060-ZZ99"]]);
    expect(await row(DOCS[0].title)).toMatchObject({ category: "regulatory-rollbacks", categoryReason: OFFICIAL_REASON });
    expect(Object.fromEntries(tally(seen.markerReads))).toEqual(Object.fromEntries(DOCS.map((doc) => [urlKey(doc.html_url), 2])));
    // Federal Register documents are never sent to the model; two pages, one matcher.
    expect(model.requests).toEqual([]);
    expect(seen.storedReads).toEqual([]);
    expect(seen.matchersBuilt).toBe(1);
  });
});
