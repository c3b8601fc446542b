import type { LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { feedPage, listArticles } from "~/feed/queries.server";
import { loader as articlesLoader } from "~/routes/api.articles";
import { loader as sourcesLoader } from "~/routes/api.sources";
import { loader as trendsLoader } from "~/routes/api.trends";
import { execute, db, t } from "~/db.server";
import { addArticle } from "../support/articles";
import { callRoute } from "../support/load-context";
import { addSource } from "../support/sources";

// A refusal is thrown as its answer (app/http/app-error.server.ts, withAppErrors), as Remix would send it.
const call = (loader: (args: LoaderFunctionArgs) => unknown, url: string, headers: HeadersInit = {}) => callRoute(loader, url, { headers });

const HOSTILE_SEARCHES = ['"', "'", "*", "-", "AND", "OR NOT", "((", "a)", "NEAR(", "🙂", "💥 epa", "\\", "%", "_", "title:x", "^", "a".repeat(500)];

beforeAll(async () => {
  const day = (d: number) => new Date(Date.now() - d * 86_400_000);
  await addArticle({ title: "EPA rescinds power plant emissions rule", summary: "The Environmental Protection Agency repealed...", publishDate: day(0) });
  await addArticle({
    title: "Supreme Court rules on agency deference",
    summary: "The court held...",
    sourceName: "SCOTUSblog",
    sourceCategory: "legal",
    publishDate: day(3),
  });
  await addArticle({ title: "House passes bill on permitting reform", summary: "Congress moved...", publishDate: day(12) });
  for (let i = 0; i < 30; i++)
    await addArticle({ title: `Information collection notice ${i}`, summary: "Agency information collection activities.", publishDate: day(100 + i) });
});

describe("GET /api/articles", () => {
  it("returns every article with the fields of the spec, newest first", async () => {
    const response = await call(articlesLoader, "/api/articles");
    expect(response.status).toBe(200);
    const articles = await response.json();
    expect(articles).toHaveLength(33);
    expect(Object.keys(articles[0]).sort()).toEqual(
      [
        "aiSummary",
        "aiSummaryBy",
        "agencies",
        "category",
        "categoryReason",
        "comments",
        "commentsCloseOn",
        "createdAt",
        "documentNumber",
        "documentType",
        "id",
        "isBookmarked",
        "manuallyTagged",
        "officialDesignation",
        "originalUrl",
        "priority",
        "priorityReason",
        "publicInspection",
        "publishDate",
        "restrictions",
        "ruleText",
        "rulemaking",
        "sourceId",
        "sourceName",
        "summary",
        "tags",
        "title",
        "views",
      ].sort(),
    );
    expect(articles[0].title).toBe("EPA rescinds power plant emissions rule");
    expect(articles[0].category).toBe("regulatory-rollbacks");
    // Why, as stored at ingestion: the classifier's words.
    expect(articles[0].categoryReason).toBe("rollback: 'rescinds'");
    expect(articles[0].priorityReason).toMatch(/^medium: /);
  });

  it("filters by category, timeframe, search, priority, limit and offset", async () => {
    const get = async (q: string) => (await (await call(articlesLoader, `/api/articles?${q}`)).json()) as { title: string }[];
    expect((await get("category=legal-decisions")).map((a) => a.title)).toEqual(["Supreme Court rules on agency deference"]);
    expect(await get("timeframe=today")).toHaveLength(1);
    expect(await get("timeframe=week")).toHaveLength(2);
    expect(await get("timeframe=month")).toHaveLength(3);
    expect((await get("search=permitting")).map((a) => a.title)).toEqual(["House passes bill on permitting reform"]);
    expect(await get("search=scotusblog")).toHaveLength(1);
    expect(await get("priority=low")).toHaveLength(30);
    expect((await get("limit=2&offset=1")).map((a) => a.title)).toEqual(["Supreme Court rules on agency deference", "House passes bill on permitting reform"]);
    expect(await get("category=all&priority=all&timeframe=all")).toHaveLength(33);
  });

  it("takes the feed's names as well as the SPEC's: q for search, time for timeframe, saved=true or 1", async () => {
    const titles = async (q: string) => ((await (await call(articlesLoader, `/api/articles?${q}`)).json()) as { title: string }[]).map((a) => a.title);
    expect(await titles("q=emission")).toEqual(["EPA rescinds power plant emissions rule"]);
    expect(await titles("q=emission")).toEqual(await titles("search=emission"));
    expect(await titles("time=week")).toEqual(await titles("timeframe=week"));
    expect(await titles("time=week")).toHaveLength(2);
    expect(await titles("saved=true")).toEqual(await titles("saved=1"));
  });

  it.each(["serach=x", "page=2", "q=epa&order=newest", "_=1700000000"])("answers 400 naming the unknown parameter in %s", async (query) => {
    const response = await call(articlesLoader, `/api/articles?${query}`);
    expect(response.status).toBe(400);
    const unknown = [...new URLSearchParams(query).keys()].find((name) => !["q"].includes(name))!;
    expect((await response.json()).message).toMatch(new RegExp(`^Unknown parameter '${unknown}'\\. The parameters are: .*\\bsearch\\b`));
  });

  it.each([
    ["time=yesterday", "time"],
    ["category=bogus", "category"],
    ["timeframe=yesterday", "timeframe"],
    ["priority=urgent", "priority"],
    ["limit=0", "limit"],
    ["limit=abc", "limit"],
    ["offset=-1", "offset"],
  ])("answers 400 naming the parameter for %s", async (query, name) => {
    const response = await call(articlesLoader, `/api/articles?${query}`);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain(`'${name}'`);
  });

  it.each(HOSTILE_SEARCHES)("never fails on the search %j", async (search) => {
    const response = await call(articlesLoader, `/api/articles?search=${encodeURIComponent(search)}`);
    expect([200, 400]).toContain(response.status);
    if (response.status === 200) expect(Array.isArray(await response.json())).toBe(true);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await call(articlesLoader, "/api/articles?limit=5");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^".+"$/);
    const second = await call(articlesLoader, "/api/articles?limit=5", { "If-None-Match": etag });
    expect(second.status).toBe(304);
    const other = await call(articlesLoader, "/api/articles?limit=6", { "If-None-Match": etag });
    expect(other.status).toBe(200);
  });
});

describe("search index", () => {
  it("follows updates and deletes through triggers", async () => {
    const id = await addArticle({ title: "Zeppelin safety standards", summary: "" });
    expect(await listArticles({ timeframe: "all", search: "zeppelin" })).toHaveLength(1);
    await execute(db().update(t.articles).set({ title: "Balloon safety standards" }).where(eqId(id)));
    expect(await listArticles({ timeframe: "all", search: "zeppelin" })).toHaveLength(0);
    expect(await listArticles({ timeframe: "all", search: "balloon" })).toHaveLength(1);
    await execute(db().delete(t.articles).where(eqId(id)));
    expect(await listArticles({ timeframe: "all", search: "balloon" })).toHaveLength(0);
  });
});

describe("feed pages", () => {
  it("pages 12 at a time and clamps past the end", async () => {
    const filters = { timeframe: "all" as const };
    const first = await feedPage(filters, 1, 12);
    expect(first).toMatchObject({ total: 33, page: 1, pageCount: 3 });
    expect(first.articles).toHaveLength(12);
    expect((await feedPage(filters, 3, 12)).articles).toHaveLength(9);
    expect((await feedPage(filters, 99, 12)).page).toBe(3);
    const empty = await feedPage({ timeframe: "all", search: "nothingmatcheszz" }, 1, 12);
    expect(empty).toMatchObject({ total: 0, page: 1, pageCount: 1, articles: [] });
  });
});

describe("GET /api/sources and /api/trends", () => {
  it("lists sources and 404s when no trends exist", async () => {
    await addSource({ name: "Test feed", url: "https://example.gov/feed" });
    const sources = await (await call(sourcesLoader, "/api/sources")).json();
    expect(sources).toEqual([expect.objectContaining({ name: "Test feed", category: "government", isActive: true })]);
    const trends = await call(trendsLoader, "/api/trends");
    expect(trends.status).toBe(404);
    expect(await trends.json()).toHaveProperty("message");
  });
});

function eqId(id: number) {
  return eq(t.articles.id, id);
}
