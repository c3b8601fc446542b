// Related articles, the search's reads: the index lists, counts and rows the indexed search
// (related-search.server.ts) asks for, and the read transaction it runs in. A hot path: raw prepared statements
// (db/statement-cache.ts) in one better-sqlite3 transaction, which runs synchronously from start to end, so no
// other statement joins it.
import { db, statement, t } from "../db.server";
import { searchCache } from "./related-cache.server";
import type { Feature, FeatureKind } from "./related-plan.server";
import { FEATURE_COLUMNS, type FeatureRow, type Scored } from "./related-score";
import { findRelated, type RelatedReader } from "./related-search.server";

/** Runs a read of the related search in one transaction: one snapshot of the data. */
export function readSnapshot<T>(read: () => T): T {
  return db().$client.transaction(read)();
}

/** The article_revision counter: it moves on every insert, delete and change of a scored column (migration triggers). */
export function articleRevision() {
  return statement("SELECT revision FROM article_revision WHERE id = 1").pluck().get() as number;
}

/** This connection's search cache (related-cache.server.ts), at the revision of the data read now. */
export function currentSearchCache() {
  return searchCache(db().$client, articleRevision());
}

export function rowsById<T>(columns: string, list: number[]): T[] {
  if (!list.length) return [];
  return statement(`SELECT ${columns} FROM articles WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(list)) as T[];
}

/** What a card shows of a related article. */
export type DisplayRow = {
  id: number;
  title: string;
  summary: string;
  category: string;
  source_name: string;
  original_url: string;
  publish_date: number;
};

export const DISPLAY_COLUMNS = "id, title, summary, category, source_name, original_url, publish_date";

/** What the cards show of the given articles. */
export async function displayRows(articleIds: number[]): Promise<DisplayRow[]> {
  return rowsById<DisplayRow>(DISPLAY_COLUMNS, articleIds);
}

/** Ids the query lists (a short list). */
function ids(sqlText: string, ...values: unknown[]): number[] {
  return statement(sqlText)
    .pluck()
    .all(...values) as number[];
}

/** Ids the query lists, as one JSON array: twice as fast as row by row for lists of many thousands. */
function idList(sqlText: string, value: string): number[] {
  return JSON.parse(statement(`SELECT json_group_array(id) FROM (${sqlText})`).pluck().get(value) as string) as number[];
}

/** The column of the articles table each column feature is listed by. */
const FEATURE_COLUMN = { category: "category", source: "source_name", priority: "priority" } as const;

const termViews = new WeakSet<object>();

/** How many articles contain a word, from the full-text index's term statistics. */
function wordFrequency(word: string) {
  const client = db().$client;
  if (!termViews.has(client)) {
    // A per-connection view of the FTS index's term statistics: how many articles contain each word.
    client.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.related_terms USING fts5vocab(main, articles_fts, row)");
    termViews.add(client);
  }
  // A word the index folds differently (accents) shows no count; it is then simply read early.
  return (statement("SELECT doc FROM temp.related_terms WHERE term = ?").pluck().get(word) as number | undefined) ?? 0;
}

/** The query listing a feature's articles, and the value it is asked with. */
function featureList(feature: Pick<Feature, "kind" | "value">): [sqlText: string, value: string] {
  const { kind, value } = feature;
  if (kind === "tag") return ["SELECT article_id AS id FROM article_tags WHERE tag = ?", value];
  if (kind === "word") return ["SELECT rowid AS id FROM articles_fts WHERE articles_fts MATCH ?", `{title summary} : "${value.replaceAll('"', '""')}"`];
  return [`SELECT id FROM articles WHERE ${FEATURE_COLUMN[kind]} = ?`, value];
}

/** The search's reads, answered by raw prepared statements; valid inside a read transaction (`readSnapshot`). */
export const relatedReader: RelatedReader = {
  maxArticleId: () => (statement("SELECT max(id) FROM articles").pluck().get() as number | null) ?? 0,
  articleCount: () => statement("SELECT count(*) FROM articles").pluck().get() as number,
  frequency(kind: FeatureKind, value: string) {
    if (kind === "word") return wordFrequency(value);
    if (kind === "tag") return statement("SELECT count(*) FROM article_tags WHERE tag = ?").pluck().get(value) as number;
    return statement(`SELECT count(*) FROM articles WHERE ${FEATURE_COLUMN[kind]} = ?`).pluck().get(value) as number;
  },
  articlesWith: (feature) => idList(...featureList(feature)),
  irregularIds: () => ids(`SELECT id FROM articles WHERE ${t.RELATED_IRREGULAR_TEXT}`),
  newestOfClass: (target, count) =>
    ids(
      `SELECT id FROM articles WHERE source_name = ? AND category = ? AND priority = ?
       ORDER BY publish_date DESC, id DESC LIMIT ${count}`,
      target.sourceName,
      target.category,
      target.priority,
    ),
  featureRows: (list) => rowsById<FeatureRow>(FEATURE_COLUMNS, list),
  publishDates: (list) => rowsById<{ id: number; publish_date: number }>("id, publish_date", list),
};

/** Every article's feature columns, newest first (publication date, then id, descending): what the bulk fill indexes. */
export function allFeatureRows() {
  return statement(`SELECT ${FEATURE_COLUMNS} FROM articles ORDER BY publish_date DESC, id DESC`).iterate() as IterableIterator<FeatureRow>;
}

/** Up to `limit` related articles for each of the given articles, found through the indexes, in one read transaction. */
export async function searchRelated(articleIds: number[], limit: number): Promise<(readonly [number, Scored[]])[]> {
  if (!articleIds.length) return [];
  return readSnapshot(() => findRelated(relatedReader, currentSearchCache(), articleIds, limit));
}
