// Stored related lists: filled and kept current by the runner's refresh through inserts, edits and deletions,
// always equal to the brute-force scorer; a page reads them, merges articles still pending, and computes
// (and stores) a list that is missing.
import { spawnSync } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { updateArticleCategory, updateArticleTags } from "~/admin/article-edits.server";
import { relatedArticles, storedRelatedArticles } from "~/related/pages.server";
import * as relatedSearch from "~/related/search.server";
import * as relatedReads from "~/related/store/search.server";
import { refreshRelatedLists } from "~/related/store/lists.server";
import { deleteArticles } from "~/articles/store/edits.server";
import { all, db, execute, first as firstRow, t } from "~/db.server";
import { loader as articleLoader } from "~/routes/articles.$slug";
import { loader as feedLoader } from "~/routes/_index";
import { loader as relatedLoader } from "~/routes/articles.$id.related";
import { articlePath } from "~/articles/article-page";
import { clearArticles } from "../support/articles";
import { callRoute } from "../support/load-context";
import { addNearCopy, randomCorpus, seededRandom } from "../support/related-corpus";
import { relatedArticlesBruteForce } from "../support/reference-related";

// The real indexed search, watched: a feed page must never ask it anything.
vi.mock("~/related/search.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/related/search.server")>();
  return { ...actual, findRelated: vi.fn(actual.findRelated) };
});
// Reading every article's features for the runner's in-memory index, watched: it is carried from round to round.
vi.mock("~/related/store/search.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/related/store/search.server")>();
  return { ...actual, allFeatureRows: vi.fn(actual.allFeatureRows) };
});
const indexReads = () => vi.mocked(relatedReads.allFeatureRows).mock.calls.length;
/** How many targets the search was asked about so far in this file. */
const searchedTargets = () => vi.mocked(relatedSearch.findRelated).mock.calls.reduce((n, [, , ids]) => n + ids.length, 0);

const allIds = async () => (await all(db().select({ id: t.articles.id }).from(t.articles).orderBy(t.articles.id))).map((row) => row.id);
const pendingCount = async () =>
  (await firstRow(
    db()
      .select({ n: sql<number>`count(*)` })
      .from(t.relatedPending),
  ))!.n;
const listCount = async () =>
  (await firstRow(
    db()
      .select({ n: sql<number>`count(*)` })
      .from(t.relatedLists),
  ))!.n;

/** Every stored list as [related id, score] pairs, by article. */
async function storedTable() {
  const lists: Record<number, [number, number][]> = {};
  for (const { articleId } of await all(db().select().from(t.relatedLists))) lists[articleId] = [];
  const entries = await all(db().select().from(t.relatedListEntries).orderBy(t.relatedListEntries.articleId, t.relatedListEntries.rank));
  for (const entry of entries) lists[entry.articleId].push([entry.relatedId, entry.score]);
  return lists;
}

async function bruteForceTable(ids: number[]) {
  return Object.fromEntries(Object.entries(await relatedArticlesBruteForce(ids)).map(([id, list]) => [id, list.map((r) => [r.id, r.score])]));
}

const refreshAll = async () => await refreshRelatedLists(Number.POSITIVE_INFINITY);

// Corpora of hundreds of articles, each stored and then refreshed: on PostgreSQL, a round trip a read, on a busy
// machine that takes a minute or more.
describe("stored related lists", { timeout: 180_000 }, () => {
  it("are filled by the refresh and equal the brute-force answers", async () => {
    await clearArticles();
    await randomCorpus(11, 500);
    expect(await pendingCount()).toBeGreaterThan(0);
    const totals = await refreshAll();
    expect(totals.filled + totals.offered).toBeGreaterThan(0);
    expect(await pendingCount()).toBe(0);
    expect(await listCount()).toBe((await allIds()).length);
    expect(await storedTable()).toEqual(await bruteForceTable(await allIds()));
  });

  it("stay exact through inserts, edits and deletions: pages show what is stored, the refresh brings it up to date", async () => {
    await clearArticles();
    const ids = await randomCorpus(12, 500);
    await refreshAll();
    const random = seededRandom(99);
    const pick = () => ids[Math.floor(random() * ids.length)];
    const page = ids.slice(0, 12);

    // Near-copies of existing articles: each enters the lists of its original's family.
    for (let i = 0; i < 15; i++) await addNearCopy(pick(), 86_400_000);
    const edited = [pick(), pick(), pick(), pick()];
    await updateArticleTags(edited[0], { tags: ["energy", "epa"] });
    await updateArticleCategory(edited[1], "legal-decisions");
    await execute(db().update(t.articles).set({ title: "Entirely new words here" }).where(eq(t.articles.id, edited[2])));
    await execute(
      db()
        .update(t.articles)
        .set({ publishDate: new Date(Date.UTC(2026, 0, 1)) })
        .where(eq(t.articles.id, edited[3])),
    );
    // Deleting articles that stand in other lists drops those lists.
    const listed = (
      await all(
        db()
          .select({ id: t.relatedListEntries.relatedId })
          .from(t.relatedListEntries)
          .orderBy(t.relatedListEntries.articleId, t.relatedListEntries.rank)
          .limit(5),
      )
    ).map((row) => row.id);
    await deleteArticles(listed);
    expect(await pendingCount()).toBeGreaterThan(0);

    const current = page.filter((id) => !listed.includes(id));
    // Until the refresh, the page shows the lists still stored, exactly as stored, and none for the dropped ones.
    const stored = await storedTable();
    const shown = await storedRelatedArticles(current);
    expect(Object.keys(shown).map(Number).sort()).toEqual(current.filter((id) => stored[id]).sort());
    for (const id of current) if (shown[id]) expect(shown[id].map((r) => [r.id, r.score])).toEqual(stored[id]);

    await refreshAll();
    expect(await pendingCount()).toBe(0);
    expect(await listCount()).toBe((await allIds()).length);
    expect(await storedTable()).toEqual(await bruteForceTable(await allIds()));
    expect(await storedRelatedArticles(current)).toEqual(await relatedArticlesBruteForce(current));
  });

  it("are what a page shows; the feed leaves a missing one out, the article page computes and stores it", async () => {
    await clearArticles();
    const ids = await randomCorpus(13, 200);
    await refreshAll();
    const [first, second] = ids;
    const expected = await relatedArticlesBruteForce([first, second]);
    expect(await storedRelatedArticles([first, second])).toEqual(expected);
    expect(await relatedArticles([first, second])).toEqual(expected);

    // The page reads the stored entry (a changed score shows), not a fresh search.
    const entry = { articleId: t.relatedListEntries.articleId, rank: t.relatedListEntries.rank };
    await execute(
      db()
        .update(t.relatedListEntries)
        .set({ score: 999 })
        .where(sql`${entry.articleId} = ${first} AND ${entry.rank} = 1`),
    );
    expect((await storedRelatedArticles([first]))[first][0].score).toBe(999);
    expect((await relatedArticles([first]))[first][0].score).toBe(999);

    await execute(db().delete(t.relatedLists).where(eq(t.relatedLists.articleId, first)));
    const searched = searchedTargets();
    const before = await storedTable();
    expect(await storedRelatedArticles([first, second])).toEqual({ [second]: expected[second] });
    expect(searchedTargets()).toBe(searched);
    expect(await storedTable()).toEqual(before);

    expect(await relatedArticles([first, second])).toEqual(expected);
    expect(searchedTargets()).toBe(searched + 1);
    expect((await storedTable())[first]).toEqual(expected[first].map((r) => [r.id, r.score]));
  });

  it("a feed page with missing lists renders its cards without a related block and runs no search", async () => {
    await clearArticles();
    await randomCorpus(14, 120);
    // Every list is missing, as right after a bulk load: the page must still answer from the tables alone.
    await refreshRelatedLists(0);
    await execute(db().delete(t.relatedLists));
    const searched = searchedTargets();
    const response = await callRoute(feedLoader, "/");
    expect(response.status).toBe(200);
    const data = (await response.json()) as { articles: { id: number }[]; relatedCounts: Record<number, number> };
    expect(data.articles.length).toBe(12);
    expect(data.relatedCounts).toEqual({});
    expect(searchedTargets()).toBe(searched);
    expect(await listCount()).toBe(0);

    // Once the runner has filled them, the same page counts them, and each card's block opens on its stored list
    // (the related route), equal to the brute-force answers, still without a search.
    await refreshAll();
    const searchedBefore = searchedTargets();
    const filled = (await (await callRoute(feedLoader, "/")).json()) as typeof data;
    const cards = filled.articles.map((a) => a.id);
    const brute = await relatedArticlesBruteForce(cards);
    const shown = (list: { id: number }[] | undefined) => (list ?? []).map((r) => r.id);
    expect(Object.fromEntries(cards.map((id) => [id, filled.relatedCounts[id] ?? 0]))).toEqual(
      Object.fromEntries(cards.map((id) => [id, brute[id]?.length ?? 0])),
    );
    for (const id of cards) {
      const opened = await callRoute(relatedLoader, `/articles/${id}/related?category=new-regulations`, {}, { id: String(id) });
      expect(opened.status).toBe(200);
      expect(shown(((await opened.json()) as { related: { id: number }[] }).related)).toEqual(shown(brute[id]));
    }
    expect(searchedTargets()).toBe(searchedBefore);
  });

  it("an article's related route answers 404 for an unknown article or an address with a slug", async () => {
    for (const id of ["987654321", "1-some-title", "abc"]) {
      const answer = await callRoute(relatedLoader, `/articles/${id}/related`, { headers: { Accept: "application/json" } }, { id }).catch(
        (thrown: unknown) => thrown,
      );
      expect((answer as Response).status, id).toBe(404);
    }
  });

  it("an article page computes its missing list on demand and stores it", async () => {
    await clearArticles();
    const ids = await randomCorpus(15, 150);
    await refreshAll();
    const target = ids[7];
    await execute(db().delete(t.relatedLists).where(eq(t.relatedLists.articleId, target)));
    expect((await storedTable())[target]).toBeUndefined();
    const article = (await firstRow(db().select().from(t.articles).where(eq(t.articles.id, target))))!;
    const path = articlePath(article);
    const response = await callRoute(articleLoader, path, { headers: { Accept: "text/html" } }, { slug: path.split("/").pop()! });
    expect(response.status).toBe(200);
    const data = (await response.json()) as { related: { id: number }[] };
    const expected = (await relatedArticlesBruteForce([target]))[target];
    expect(data.related.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect((await storedTable())[target]).toEqual(expected.map((r) => [r.id, r.score]));
  });
});

describe("the runner's in-memory index", { timeout: 180_000 }, () => {
  it("is carried through inserts and edits without being read again, and read afresh after another process's offers", async () => {
    await clearArticles();
    const ids = await randomCorpus(16, 300);
    await refreshAll();
    await addNearCopy(ids[0], 86_400_000);
    await refreshAll();
    const reads = indexReads();

    // New and changed articles reach it from their rows alone, and every list stays exact.
    for (const id of ids.slice(1, 6)) await addNearCopy(id, 3_600_000);
    await updateArticleTags(ids[10], { tags: ["energy", "epa"] });
    await execute(db().update(t.articles).set({ title: "Offshore wind leasing rules rewritten" }).where(eq(t.articles.id, ids[11])));
    await refreshAll();
    expect(indexReads()).toBe(reads);
    expect(await pendingCount()).toBe(0);
    expect(await storedTable()).toEqual(await bruteForceTable(await allIds()));

    // Another process offers an edited article (taking its pending row): this one cannot see the edit in
    // related_pending any more, so it reads every article again before offering the next newcomer.
    const source = (await firstRow(db().select().from(t.articles).where(eq(t.articles.id, ids[20]))))!;
    await execute(db().update(t.articles).set({ title: source.title, summary: source.summary }).where(eq(t.articles.id, ids[30])));
    const other = spawnSync(process.execPath, ["--import", "tsx", "tests/support/refresh-related.ts"], { env: process.env, encoding: "utf8" });
    expect(other.status, other.stderr).toBe(0);
    expect(await pendingCount()).toBe(0);
    await addNearCopy(ids[20], 60_000);
    await refreshAll();
    expect(await storedTable()).toEqual(await bruteForceTable(await allIds()));
    expect(indexReads()).toBe(reads + 1);
  });
});

describe("after a bulk write", { timeout: 180_000 }, () => {
  it("drops every list and fills them again instead of offering each article", async () => {
    await clearArticles();
    await randomCorpus(21, 300);
    await refreshAll();
    await randomCorpus(22, 2100);
    const totals = await refreshAll();
    expect(totals.reset).toBe(true);
    expect(await pendingCount()).toBe(0);
    expect(await listCount()).toBe((await allIds()).length);
    const stored = await storedTable();
    const sample = (await allIds()).filter((_, i) => i % 40 === 0);
    expect(Object.fromEntries(sample.map((id) => [id, stored[id]]))).toEqual(await bruteForceTable(sample));
  });
});
