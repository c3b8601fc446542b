// Comment counts end to end, through the real scrape path: a stand-in Federal Register API lists documents with their
// `regulations_dot_gov_info` in the API's shape, read again and again over nine days. Each read stores the count and,
// bounded, its history; the article answer (against the OpenAPI description), the `sort=most-commented` order (feed,
// /api/articles, paging, positions, its index), /comment-periods ordered by comments, the CSV and the feeds carry it.
import { parse } from "csv-parse/sync";
import { asc, eq, sql } from "drizzle-orm";
import { parseStringPromise } from "xml2js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { all, db, first, t } from "~/db.server";
import type { ArticleFilters } from "~/feed/filters";
import { feedPosition, listArticles } from "~/feed/queries.server";
import { feedRevision } from "~/feed/shared-feed.server";
import type { FederalRegisterDocument } from "~/ingest/federal-register";
import { scrapeSources } from "~/ingest/scrape.server";
import { loader as articlesApi } from "~/routes/api.articles";
import { loader as articleApi } from "~/routes/api.articles.$id";
import { loader as periodsLoader } from "~/routes/comment-periods";
import { loader as csvLoader } from "~/routes/export[.]csv";
import { loader as atomLoader } from "~/routes/feed[.]atom";
import { loader as jsonLoader } from "~/routes/feed[.]json";
import { loader as feedLoader } from "~/routes/_index";
import { clearArticles, queryPlan } from "../support/articles";
import { startServer, type TestServer } from "../support/http-server";
import { callRoute } from "../support/load-context";
import { expectDescribed } from "../support/openapi";
import { addServedSource } from "../support/sources";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.now();
const at = (daysAgo: number) => new Date(NOW - daysAgo * DAY);
/** A calendar day `days` from today (UTC; the comment periods below are weeks from either edge). */
const dayFromNow = (days: number) => new Date(NOW + days * DAY).toISOString().slice(0, 10);

/** `regulations_dot_gov_info` as the Federal Register API answers it, for a document of `docket` with `count` comments. */
function regulationsInfo(docket: string, count: number | undefined) {
  return {
    agency_id: "EPA",
    checked_regulationsdotgov_at: new Date(NOW).toISOString().replace(/\.\d+Z$/, "Z"),
    ...(count === undefined ? {} : { comments_count: count }),
    document_id: `${docket}-0001`,
    docket_id: docket,
    regulation_id_number: "2060-AW10",
    title: "Widget Emission Standards; Reconsideration",
    comments_url: `https://www.regulations.gov/docket/${docket}/comments`,
    supporting_documents_count: 3,
    supporting_documents: [{ title: "Regulatory Impact Analysis", document_id: `${docket}-0002` }],
  };
}

function fixture(number: string, values: Partial<FederalRegisterDocument>): FederalRegisterDocument {
  return {
    document_number: number,
    title: `Document ${number}`,
    abstract: `The abstract of ${number}.`,
    html_url: `https://www.federalregister.gov/documents/2025/06/02/${number}/document`,
    publication_date: "2025-06-02",
    type: "Proposed Rule",
    agencies: [{ name: "Environmental Protection Agency" }],
    ...values,
  };
}

const docs = {
  // Open for comments for three more weeks: its count grows read after read.
  open: fixture("2025-31001", {
    title: "Widget Emission Standards; Reconsideration",
    publication_date: "2025-06-04",
    comments_close_on: dayFromNow(21),
    docket_ids: ["EPA-HQ-OAR-2025-0101"],
    regulations_dot_gov_info: regulationsInfo("EPA-HQ-OAR-2025-0101", 892),
  }),
  // The most commented, but its period closed: no growth is shown.
  closed: fixture("2025-31002", {
    title: "Gadget Safety Program",
    publication_date: "2025-06-03",
    comments_close_on: dayFromNow(-2),
    regulations_dot_gov_info: regulationsInfo("EPA-HQ-OAR-2025-0102", 5000),
  }),
  // One comment, open.
  single: fixture("2025-31003", {
    title: "Sprocket Labeling",
    publication_date: "2025-06-02",
    comments_close_on: dayFromNow(10),
    regulations_dot_gov_info: regulationsInfo("EPA-HQ-OAR-2025-0103", 1),
  }),
  // Open, but regulations.gov has no count for it: the API leaves `comments_count` out.
  uncounted: fixture("2025-31004", {
    title: "Gizmo Recordkeeping",
    publication_date: "2025-06-05",
    comments_close_on: dayFromNow(5),
    regulations_dot_gov_info: regulationsInfo("EPA-HQ-OAR-2025-0104", undefined),
  }),
  // A notice the API answers `null` for.
  notice: fixture("2025-31005", {
    title: "Meeting of the Widget Advisory Committee",
    type: "Notice",
    publication_date: "2025-06-06",
    regulations_dot_gov_info: null,
  }),
};

let server: TestServer;
let sourceId: number;
const ids: Record<keyof typeof docs, number> = { open: 0, closed: 0, single: 0, uncounted: 0, notice: 0 };

/** Reads the stand-in as a scrape at `now` would, with the open document's count at `count`. */
async function readAt(now: Date, count: number) {
  docs.open.regulations_dot_gov_info = regulationsInfo("EPA-HQ-OAR-2025-0101", count);
  const result = await scrapeSources({ sourceId, now });
  expect(result.totals.failed).toBe(0);
}

const history = async (key: keyof typeof docs) =>
  (
    await all(
      db()
        .select({ readAt: t.articleCommentCounts.readAt, count: t.articleCommentCounts.count })
        .from(t.articleCommentCounts)
        .where(eq(t.articleCommentCounts.articleId, ids[key]))
        .orderBy(asc(t.articleCommentCounts.readAt)),
    )
  ).map((row) => [Math.round((NOW - row.readAt.getTime()) / HOUR), row.count]);

beforeAll(async () => {
  await clearArticles();
  server = await startServer({
    "/api/v1/documents.json": (_request, response) => {
      const results = Object.values(docs);
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ count: results.length, total_pages: 1, results }));
    },
  });
  sourceId = (await addServedSource(server.origin, "/api/v1/documents.json", { name: "Federal Register", type: "federal-register-api" })).id;
  await readAt(at(9), 892);
  for (const key of Object.keys(docs) as (keyof typeof docs)[])
    ids[key] = (await first(db().select({ id: t.articles.id }).from(t.articles).where(eq(t.articles.documentNumber, docs[key].document_number))))!.id;
});

afterAll(async () => {
  await server?.close();
});

describe("reading the counts", () => {
  it("asks the API for regulations_dot_gov_info and stores the count, its docket and when it was read", async () => {
    expect(server.log.every((request) => new URL(request.path, server.origin).searchParams.getAll("fields[]").includes("regulations_dot_gov_info"))).toBe(true);
    const row = await first(
      db()
        .select({ count: t.articles.commentsCount, docket: t.articles.commentsDocketId, readAt: t.articles.commentsReadAt })
        .from(t.articles)
        .where(eq(t.articles.id, ids.open)),
    );
    expect(row).toEqual({ count: 892, docket: "EPA-HQ-OAR-2025-0101", readAt: at(9) });
    expect(await history("uncounted")).toEqual([]);
    expect(await history("notice")).toEqual([]);
  });

  it("keeps a bounded history: a row when the count changes or a day has passed, not one per read", async () => {
    await readAt(new Date(at(9).getTime() + 23 * HOUR), 892); // same count within the day: no row
    await readAt(new Date(at(9).getTime() + 25 * HOUR), 892); // same count, a day later: a row
    const revision = await feedRevision();
    await readAt(at(6), 1000); // changed: a row, and the shared pages are made again
    expect(await feedRevision()).not.toBe(revision);
    await readAt(new Date(NOW - HOUR), 1204);
    expect(await history("open")).toEqual([
      [9 * 24, 892],
      [9 * 24 - 25, 892],
      [6 * 24, 1000],
      [1, 1204],
    ]);
    // The closed document, read as often, never changed: a row a day at most (not the read 23 hours after the first).
    expect(await history("closed")).toEqual([
      [9 * 24, 5000],
      [9 * 24 - 25, 5000],
      [6 * 24, 5000],
      [1, 5000],
    ]);
  });

  it("never lets an older read overwrite a later one", async () => {
    await readAt(at(8), 10);
    expect((await first(db().select({ count: t.articles.commentsCount }).from(t.articles).where(eq(t.articles.id, ids.open))))!.count).toBe(1204);
  });
});

describe("the article answer", () => {
  const one = async (key: keyof typeof docs) =>
    expectDescribed(await callRoute(articleApi, `/api/articles/${ids[key]}`, {}, { id: String(ids[key]) }), "/api/articles/{id}");

  it("carries the count, its docket, the week's growth while the period is open, and when it was read", async () => {
    // Growth from the last row at or before a week ago (892, 7.9 days ago) to the latest read.
    expect((await one("open")).comments).toEqual({
      count: 1204,
      docketId: "EPA-HQ-OAR-2025-0101",
      weekGrowth: 312,
      readAt: new Date(NOW - HOUR).toISOString(),
    });
    expect((await one("closed")).comments).toMatchObject({ count: 5000, weekGrowth: null });
    expect((await one("single")).comments).toMatchObject({ count: 1, weekGrowth: 0 });
    expect((await one("uncounted")).comments).toBeNull();
    expect((await one("notice")).comments).toBeNull();
  });

  it("answers the same in /api/articles, within the description", async () => {
    const list = await expectDescribed(await callRoute(articlesApi, "/api/articles"), "/api/articles");
    expect(list.find((article: { id: number }) => article.id === ids.open).comments).toMatchObject({ count: 1204, weekGrowth: 312 });
  });
});

const idsOf = (articles: { id: number }[]) => articles.map((article) => article.id);

describe("the most-commented sort", () => {
  const sorted: ArticleFilters = { timeframe: "all", sort: "most-commented" };

  it("orders by the count, documents without one last, then the newest, in every list and page", async () => {
    const expected = [ids.closed, ids.open, ids.single, ids.notice, ids.uncounted];
    expect(idsOf(await listArticles(sorted))).toEqual(expected);
    const api = async (query: string) => idsOf(await (await callRoute(articlesApi, `/api/articles?${query}`)).json());
    expect([...(await api("sort=most-commented&limit=2")), ...(await api("sort=most-commented&limit=3&offset=2"))]).toEqual(expected);
    const walked: number[] = [];
    for (let page = await listArticles(sorted, { limit: 2 }); page.length;) {
      walked.push(...idsOf(page));
      const last = page[page.length - 1];
      page = await listArticles(sorted, { limit: 2, after: { publishDate: last.publishDate, id: last.id, commentsCount: last.comments?.count ?? null } });
    }
    expect(walked).toEqual(expected);
    expect(await feedPosition(sorted, ids.single)).toBe(2);
    expect(await feedPosition(sorted, ids.uncounted)).toBe(4);
    const page = await (await callRoute(feedLoader, "/?sort=most-commented")).json();
    expect(idsOf(page.articles)).toEqual(expected);
    expect(page.articles[1].comments).toMatchObject({ count: 1204, weekGrowth: 312 });
  });

  it("reads the index in the list's order", async () => {
    const plan = await queryPlan(sql`SELECT id FROM articles ORDER BY coalesce(comments_count, -1) DESC, publish_date DESC, id DESC LIMIT 12`);
    expect(plan).toMatch(/articles_comments_count_idx/);
    expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
  });

  it("is strict in the API: a bad sort is a 400 naming the parameter", async () => {
    const answer = await callRoute(articlesApi, "/api/articles?sort=most-comments");
    expect(answer.status).toBe(400);
    expect((await answer.json()).message).toMatch(/^Invalid 'sort' parameter: must be one of: .*most-commented/);
  });
});

describe("the open comment periods", () => {
  it("are ordered by comments on request, with the counts and the week's growth", async () => {
    const byDeadline = await (await callRoute(periodsLoader, "/comment-periods")).json();
    expect(idsOf(byDeadline.periods)).toEqual([ids.uncounted, ids.single, ids.open]);
    const byComments = await (await callRoute(periodsLoader, "/comment-periods?order=comments")).json();
    expect(idsOf(byComments.periods)).toEqual([ids.open, ids.single, ids.uncounted]);
    expect(byComments.periods[0].comments).toMatchObject({ count: 1204, weekGrowth: 312 });
    expect(byComments.periods[2].comments).toBeNull();
  });

  it("refuse an unknown order with a 400 naming it", async () => {
    const answer = await callRoute(periodsLoader, "/comment-periods?order=popular");
    expect(answer.status).toBe(400);
    expect((await answer.json()).problem).toBe("order must be one of: deadline, comments");
  });
});

describe("the CSV and the feeds", () => {
  it("give the count, the week's growth and the docket their own CSV columns", async () => {
    const [header, ...rows] = parse(await (await callRoute(csvLoader, "/export.csv?sort=most-commented")).text(), { bom: true }) as string[][];
    const columns = ["comments", "comments this week", "comments docket"];
    const cells = (id: number) => {
      const row = rows.find((cells) => cells[0] === String(id))!;
      return columns.map((column) => row[header.indexOf(column)]);
    };
    expect(rows.map((row) => Number(row[0]))).toEqual([ids.closed, ids.open, ids.single, ids.notice, ids.uncounted]);
    expect(cells(ids.open)).toEqual(["1204", "312", "EPA-HQ-OAR-2025-0101"]);
    expect(cells(ids.closed)).toEqual(["5000", "", "EPA-HQ-OAR-2025-0102"]);
    expect(cells(ids.notice)).toEqual(["", "", ""]);
  });

  it("put the count in the Atom entry's content", async () => {
    const { feed } = await parseStringPromise(await (await callRoute(atomLoader, "/feed.atom?sort=most-commented")).text());
    expect(feed.title[0]).toBe("Federal Deregulation Tracker: most commented first");
    expect(feed.entry[1].content[0]._).toMatch(/\n\n1,204 comments \(\+312 this week\)$/);
    expect(feed.entry[0].content[0]._).toMatch(/\n\n5,000 comments$/);
    expect(feed.entry[2].content[0]._).toMatch(/\n\n1 comment \(none this week\)$/);
    expect(feed.entry[3].content).toBeUndefined();
  });

  it("give it in the JSON Feed's content and its _deregulation extension", async () => {
    const feed = await (await callRoute(jsonLoader, "/feed.json?sort=most-commented")).json();
    expect(feed.items[1]._deregulation).toEqual({
      comments_count: 1204,
      comments_week_growth: 312,
      comments_docket_id: "EPA-HQ-OAR-2025-0101",
      comments_read_at: new Date(NOW - HOUR).toISOString(),
      comments: "1,204 comments (+312 this week)",
    });
    expect(feed.items[1].content_text).toContain("1,204 comments (+312 this week)");
    expect(feed.items[3]._deregulation).toBeUndefined();
  });
});
