// The feed's cheaper reads (counts in the full-text index or capped, pages walked down the date index) give the
// same pages and counts as the plain plan, on the Federal Register sample in a real SQLite file.
import { beforeAll, describe, expect, it } from "vitest";
import type { ArticleFilters } from "~/feed/filters";
import { toggleBookmark } from "~/articles/store/bookmarks.server";
import { countArticles, feedPage, listArticles, searchPlan } from "~/feed/queries.server";
import { countArticlesPlain, listArticlesPlain } from "../support/reference-queries";
import { insertArticle, insertArticles } from "~/ingest/insert.server";
import { PAGE_SIZE } from "~/articles/vocabulary";
import { all, db, execute, t } from "~/db.server";
import { eq } from "drizzle-orm";
import { loadDemo } from "../../scripts/demo";

const VISITOR = "search-plans-visitor";
const TERMS = [
  "the",
  "federal",
  "rule",
  "court",
  "emission standards",
  "environmental protection",
  "air",
  "noncompete",
  "medicare prior",
  "café",
  "zzzznothing",
  // One letter begins too many words to spell out: it keeps its prefix query, alone or beside spelled-out words.
  "a",
  "rule a",
  "rule café",
  "federal rule",
  "2025",
];
const OTHER_FILTERS: Omit<ArticleFilters, "search">[] = [
  { timeframe: "all" },
  { timeframe: "all", category: "new-regulations" },
  { timeframe: "all", priority: "high" },
  { timeframe: "all", category: "regulatory-rollbacks", priority: "medium" },
  { timeframe: "month" },
  { timeframe: "all", saved: true },
  { timeframe: "all", agency: "Environmental Protection Agency" },
  { timeframe: "all", documentType: "rule" },
  { timeframe: "week", agency: "Environmental Protection Agency", documentType: "notice" },
];

beforeAll(async () => {
  expect((await loadDemo()).inserted).toBe(2000);
  // A spread of bookmarks for the Saved filter.
  const ids = (await all(db().select({ id: t.articles.id }).from(t.articles))).map((row) => row.id);
  for (const id of ids.filter((_, i) => i % 7 === 0)) await toggleBookmark(VISITOR, id);
  // Copies of every fifth article with a document type and agencies, for the agency and type filters.
  const copies = (await all(db().select().from(t.articles))).filter((_, i) => i % 5 === 0);
  await insertArticles(
    copies.map((a, i) => ({
      title: a.title,
      summary: a.summary,
      sourceId: a.sourceId,
      sourceName: a.sourceName,
      originalUrl: `${a.originalUrl}?copy=${i}`,
      publishDate: new Date(a.publishDate.getTime() + 60_000),
      documentType: i % 2 ? "Rule" : "Notice",
      agencies: i % 3 ? ["Environmental Protection Agency"] : ["Department of Labor"],
    })),
  );
});

const PLANS = ["lookup", "walk", "probe"] as const;

const plainPage = async (filters: ArticleFilters, page: number) =>
  (await listArticlesPlain(filters, { visitorId: VISITOR, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE })).map((a) => a.id);

describe("the feed's search plans", () => {
  it("lists broad terms with more matches than the walk threshold, so both plans are exercised", async () => {
    expect(await countArticlesPlain({ timeframe: "all", search: "the" })).toBeGreaterThan(1000);
    expect(await countArticlesPlain({ timeframe: "all", search: "noncompete" })).toBeLessThan(1000);
  });

  for (const search of TERMS) {
    for (const other of OTHER_FILTERS) {
      const filters: ArticleFilters = { ...other, search };
      it(`gives the plain answer for ${JSON.stringify(filters)}`, async () => {
        const total = await countArticlesPlain(filters, VISITOR);
        expect(await countArticles(filters, VISITOR)).toBe(total);
        const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
        for (const page of new Set([1, Math.min(2, lastPage), Math.min(5, lastPage), Math.ceil(lastPage / 2), lastPage])) {
          const fast = await feedPage(filters, page, PAGE_SIZE, VISITOR);
          expect(fast).toMatchObject({ total, totalCapped: false, page, pageCount: lastPage });
          expect(fast.articles.map((a) => a.id)).toEqual(await plainPage(filters, page));
          expect((await listArticles(filters, { visitorId: VISITOR, limit: 25, offset: 7 })).map((a) => a.id)).toEqual(
            (await listArticlesPlain(filters, { visitorId: VISITOR, limit: 25, offset: 7 })).map((a) => a.id),
          );
          // Each plan, whichever the search's breadth would choose, gives the plain page (the first and the deepest).
          for (const plan of page === 1 || page === lastPage ? PLANS : []) {
            const offset = (page - 1) * PAGE_SIZE;
            expect((await listArticles(filters, { visitorId: VISITOR, limit: PAGE_SIZE, offset, plan })).map((a) => a.id)).toEqual(
              await plainPage(filters, page),
            );
          }
        }
      });
    }
  }
});

describe("the plan chosen for a search alone", () => {
  const broad: ArticleFilters = { timeframe: "all", search: "federal" };

  it("chooses a lookup for narrow searches and the walk through the match list for deep pages of broad ones", async () => {
    const total = await countArticlesPlain(broad);
    expect(total).toBeGreaterThan(1000);
    expect(await searchPlan(broad, total, { matches: total, capped: false })).toBe("walk");
    expect(await searchPlan({ timeframe: "all", search: "noncompete" }, PAGE_SIZE)).toBe("lookup");
    // A word that begins too many words keeps its prefix query, whose breadth is unknown: never probed.
    expect(await searchPlan({ timeframe: "all", search: "a" }, PAGE_SIZE)).toBe("walk");
    expect(await searchPlan({ ...broad, category: "new-regulations" }, PAGE_SIZE)).toBe("walk");
    expect(await searchPlan({ ...broad, saved: true }, PAGE_SIZE)).toBe("lookup");
  });

  it("finds a word first stored after the search vocabulary was read", async () => {
    const filters: ArticleFilters = { timeframe: "all", search: "zyxwvnew" };
    expect(await feedPage(filters, 1, PAGE_SIZE)).toMatchObject({ total: 0, articles: [] });
    expect(await countArticles({ timeframe: "all", search: "zyxwvnewwo" })).toBe(0);
    const outcome = await insertArticle({
      title: "Zyxwvnewword standards withdrawn",
      summary: "A word no other article holds.",
      sourceId: null,
      sourceName: "Test source",
      originalUrl: "https://example.com/zyxwvnewword",
      publishDate: new Date("2020-01-01T12:00:00Z"),
    });
    expect(outcome.status).toBe("inserted");
    const found = await feedPage(filters, 1, PAGE_SIZE);
    expect(found).toMatchObject({ total: 1, totalCapped: false });
    expect(found.articles.map((a) => a.title)).toEqual(["Zyxwvnewword standards withdrawn"]);
    expect(await countArticles({ timeframe: "all", search: "zyxwvnewwo" })).toBe(1);
  });
});

describe("kept search counts", () => {
  it("count a search again once an article's words change or it is deleted (the counts are kept per article revision)", async () => {
    const filters: ArticleFilters = { timeframe: "all", search: "qqkeptcount" };
    const count = () => countArticles(filters);
    expect(await count()).toBe(0);
    const outcome = await insertArticle({
      title: "Qqkeptcount rule withdrawn",
      summary: "Counted, then renamed, then removed.",
      sourceId: null,
      sourceName: "Test source",
      originalUrl: "https://example.com/qqkeptcount",
      publishDate: new Date("2020-01-02T12:00:00Z"),
    });
    if (outcome.status !== "inserted") throw new Error(`not inserted: ${outcome.status}`);
    expect(await count()).toBe(1);
    expect(await count()).toBe(1);
    expect((await feedPage(filters, 1, PAGE_SIZE)).total).toBe(1);
    await execute(db().update(t.articles).set({ title: "Renamed rule withdrawn" }).where(eq(t.articles.id, outcome.id)));
    expect(await count()).toBe(0);
    expect((await feedPage(filters, 1, PAGE_SIZE)).total).toBe(0);
    await execute(
      db()
        .update(t.articles)
        .set({ tags: ["qqkeptcount"] })
        .where(eq(t.articles.id, outcome.id)),
    );
    expect(await count()).toBe(1);
    await execute(db().delete(t.articles).where(eq(t.articles.id, outcome.id)));
    expect(await count()).toBe(0);
    expect(await countArticlesPlain(filters)).toBe(0);
  });
});

describe("capped counts", () => {
  const filters: ArticleFilters = { timeframe: "all", search: "rule" };
  const withCategory: ArticleFilters = { ...filters, category: "new-regulations" };

  it("stops counting a broad search at the cap and offers the page past it", async () => {
    const total = await countArticlesPlain(filters);
    const first = await feedPage(filters, 1, PAGE_SIZE, undefined, 100);
    expect(first).toMatchObject({ total: 100, totalCapped: true, page: 1, pageCount: 9 });
    expect(first.articles.map((a) => a.id)).toEqual(await plainPage(filters, 1));
    // Paging on counts further: page 30 is found, exact, although it lies past the first cap.
    const deep = await feedPage(filters, 30, PAGE_SIZE, undefined, 100);
    expect(deep).toMatchObject({ total: 360, totalCapped: true, page: 30, pageCount: 31 });
    expect(deep.articles.map((a) => a.id)).toEqual(await plainPage(filters, 30));
    // Past the real end the page is clamped to the last one, with the exact count.
    const beyond = await feedPage(filters, 10_000, PAGE_SIZE, undefined, 100);
    expect(beyond).toMatchObject({ total, totalCapped: false, page: Math.ceil(total / PAGE_SIZE) });
    expect(beyond.articles.map((a) => a.id)).toEqual(await plainPage(filters, Math.ceil(total / PAGE_SIZE)));
  });

  it("caps a search combined with other filters the same way", async () => {
    expect(await countArticlesPlain(withCategory)).toBeGreaterThan(50);
    expect(await feedPage(withCategory, 1, PAGE_SIZE, undefined, 50)).toMatchObject({ total: 50, totalCapped: true, pageCount: 5 });
  });

  it("keeps counts below the cap exact", async () => {
    const total = await countArticlesPlain(filters);
    expect(await feedPage(filters, 1, PAGE_SIZE, undefined, total)).toMatchObject({ total, totalCapped: false });
  });
});
