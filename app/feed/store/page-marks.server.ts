// Deep pages of the feed without walking its index from the top. Page N of a view is its articles from (N - 1) × 12
// on, newest first, and SQLite's OFFSET steps through every article before them in the date index: about 2 ms at
// page 4,000 of 100,000 articles, most of a deep page's database time (docs/benchmarks.md). So where every
// MARK_EVERY-th article of a view stands in that order (its publication date and id) is kept, and a deep page
// starts at the mark before it, walking at most MARK_EVERY articles.
//
// Marks are kept per article revision, which every insert and delete of an article and every change of its
// category, priority or publication date moves (the triggers of db/migrations/0003_article_revision.sql). So only
// views whose articles and order depend on nothing else have marks (`markedView`): the whole feed, one category,
// one priority, or both, newest first. A page reads its marks, and the revision they belong to, in the same read
// transaction as its rows: it is the page an OFFSET would give on the same data.
//
// The same views' totals are kept beside their marks, at the same revision: every page of a view shows how many
// articles it holds.
import { and, count, sql, type SQL } from "drizzle-orm";
import { db, engine, t, type Transaction, type TransactionPart } from "../../db.server";
import type { ArticleFilters } from "../filters";

/** Articles between two marks of a view: the most a deep page walks. */
export const MARK_EVERY = 1_200;

/** Views whose marks are kept at once (the whole feed, categories, priorities and their pairs are fewer). */
const VIEWS_KEPT = 64;

/** Where an article stands in the newest-first order. */
type Mark = { publishDate: number; id: number };

/**
 * What is kept of each view at one revision of one database handle: its marks (marks[i] is the article at (i + 1) ×
 * MARK_EVERY) and how many articles it holds.
 */
let kept: { handle?: object; revision: number; views: Map<string, Mark[]>; counts: Map<string, number> } = {
  revision: -1,
  views: new Map(),
  counts: new Map(),
};

/** What is kept at the revision the read transaction sees, emptied first when the articles moved since. */
function* keptNow(tx: Transaction): TransactionPart<typeof kept> {
  const revision = (yield* tx.first<{ revision: number }>(sql`SELECT revision FROM article_revision WHERE id = 1`))?.revision ?? 0;
  const handle = db();
  if (kept.handle !== handle || kept.revision !== revision) kept = { handle, revision, views: new Map(), counts: new Map() };
  return kept;
}

/** How many marks were found by walking (not taken from those kept) since the process started: for tests. */
let walked = 0;
export function pageMarksWalked() {
  return walked;
}

/**
 * The key of a view whose deep pages may start at marks: the feed newest first, filtered by nothing but its
 * category and priority; undefined for any other view, and on PostgreSQL, which pages through ids first
 * (app/feed/store/search.server.ts `articleRows`).
 */
export function markedView(filters: ArticleFilters): string | undefined {
  if (engine() !== "sqlite") return undefined;
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === false) continue;
    if (name === "timeframe" ? value !== "all" : name !== "category" && name !== "priority") return undefined;
  }
  return `${filters.category ?? ""}\n${filters.priority ?? ""}`;
}

/** Articles at or after a mark in the newest-first order: read from the date index, as the order is. */
export function fromMark(mark: Mark): SQL {
  return sql`(${t.articles.publishDate}, ${t.articles.id}) <= (${mark.publishDate}, ${mark.id})`;
}

/**
 * The last mark of `view` (whose articles meet `conditions`, in `order`: the newest first) at or before `offset`, with
 * its place in the list; no mark (place 0) before the first. Marks missing at this revision are found first, each
 * MARK_EVERY articles on from the one before. Run inside the page's read transaction.
 */
export function* markBefore(tx: Transaction, view: string, conditions: SQL[], order: SQL[], offset: number): TransactionPart<{ mark?: Mark; place: number }> {
  const { views } = yield* keptNow(tx);
  let marks = views.get(view);
  if (!marks) {
    if (views.size >= VIEWS_KEPT) views.clear();
    views.set(view, (marks = []));
  }
  const wanted = Math.floor(offset / MARK_EVERY);
  while (marks.length < wanted) {
    const previous = marks.at(-1);
    const next = yield* tx.first(
      tx.db
        .select({ publishDate: t.articles.publishDate, id: t.articles.id })
        .from(t.articles)
        .where(and(...conditions, previous && fromMark(previous)))
        .orderBy(...order)
        .limit(1)
        .offset(MARK_EVERY),
    );
    // The view ends before the page: it starts from the last mark there is, and is empty.
    if (!next) break;
    walked++;
    marks.push({ publishDate: next.publishDate.getTime(), id: next.id });
  }
  const count = Math.min(wanted, marks.length);
  return count ? { mark: marks[count - 1], place: count * MARK_EVERY } : { place: 0 };
}

/**
 * How many articles `view` (whose articles meet `conditions`) holds, counted once per revision: every page of a view
 * shows its total, and counting a whole view reads its index through (0.3-0.5 ms at 100,000 articles). Run inside
 * a read transaction, so the count is the revision's that it is kept under.
 */
export function* viewCount(tx: Transaction, view: string, conditions: SQL[]): TransactionPart<number> {
  const { counts } = yield* keptNow(tx);
  let total = counts.get(view);
  if (total === undefined) {
    total =
      (yield* tx.first(
        tx.db
          .select({ n: count() })
          .from(t.articles)
          .where(and(...conditions)),
      ))?.n ?? 0;
    if (counts.size >= VIEWS_KEPT) counts.clear();
    counts.set(view, total);
  }
  return total;
}
