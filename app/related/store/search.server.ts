// Related articles, the search's reads: the index lists, counts and rows the indexed search
// (app/related/search.server.ts) asks for, and the read transaction it runs in.
//
// On SQLite a hot path: raw prepared statements (db/statement-cache.ts) answered at once, inside one better-sqlite3
// transaction that runs synchronously from start to end, so no other statement joins it. On PostgreSQL each read
// is a query the transaction awaits, all inside one REPEATABLE READ snapshot; words are listed by the
// `related_words` column of db/pg/migrations/0004_related_words.sql.
import { sql, type SQL } from "drizzle-orm";
import { all, db, engine, fts5String, statement, t, transaction, type Transaction, type TransactionPart } from "../../db.server";
import { searchCache } from "../cache.server";
import type { Feature, FeatureKind } from "../plan.server";
import { FEATURE_COLUMNS, type FeatureRow, type Scored } from "../score";
import { findRelated, type IdList, type Reading, type RelatedReader } from "../search.server";

/**
 * Runs a read of the related lists or the search in one transaction: one snapshot of the data. `read` gets the
 * transaction, for the reads of `relatedReader(tx)` and the store's own.
 */
export async function readSnapshot<T>(read: (tx: Transaction) => Reading<T>): Promise<T> {
  if (engine() === "sqlite") {
    // The hot path: a plain BEGIN ... COMMIT around a body that runs at once (its reads are raw statements, which
    // never use the transaction's steps), without building a transaction object for every feed page.
    statement("BEGIN").run();
    try {
      const done = read(undefined as unknown as Transaction).next();
      if (!done.done) throw new Error("a read of the related lists waited for a step on SQLite");
      return done.value;
    } finally {
      statement("COMMIT").run();
    }
  }
  return transaction(function* (tx) {
    // Every read of the body sees the data of its first, as inside SQLite's read transaction.
    yield* tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
    return yield* read(tx) as TransactionPart<T>;
  });
}

/** The article_revision counter: it moves on every insert, delete and change of a scored column (migration triggers). */
export function* articleRevision(tx: Transaction): Reading<number> {
  if (engine() === "sqlite") return statement("SELECT revision FROM article_revision WHERE id = 1").pluck().get() as number;
  return (yield* tx.first<{ revision: number }>(sql`SELECT revision FROM article_revision WHERE id = 1`))!.revision;
}

/** This database's search cache (app/related/cache.server.ts), at the revision of the data read now. */
export function* currentSearchCache(tx: Transaction) {
  return searchCache(db(), yield* articleRevision(tx));
}

/** The given articles' rows, `columns` of them, in one raw statement on SQLite. */
function sqliteRows<T>(columns: string, list: number[]): T[] {
  if (!list.length) return [];
  return statement(`SELECT ${columns} FROM articles WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(list)) as T[];
}

/** The same query on PostgreSQL. */
const postgresRows = (columns: string, list: number[]) => sql`SELECT ${sql.raw(columns)} FROM articles WHERE id = ANY(${idArray(list)})`;

/** The given articles' rows, `columns` of them, in one query. */
function* rowsById<T>(tx: Transaction, columns: string, list: number[]): Reading<T[]> {
  if (!list.length) return [];
  if (engine() === "sqlite") return sqliteRows<T>(columns, list);
  return yield* tx.all<T>(postgresRows(columns, list));
}

/** A list of ids as one PostgreSQL parameter (drizzle would spread a plain array into a list of parameters). */
export function idArray(list: number[]) {
  return sql`${sql.param(list)}::int[]`;
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
  if (!articleIds.length) return [];
  if (engine() === "sqlite") return sqliteRows<DisplayRow>(DISPLAY_COLUMNS, articleIds);
  return all<DisplayRow>(postgresRows(DISPLAY_COLUMNS, articleIds));
}

/** The column of the articles table each column feature is listed by. */
const FEATURE_COLUMN = { category: "category", source: "source_name", priority: "priority" } as const;

/** The search's reads on SQLite: raw prepared statements, answered at once (they yield nothing). */
const sqliteReader = (() => {
  /** Ids the query lists (a short list). */
  const ids = (sqlText: string, ...values: unknown[]) =>
    statement(sqlText)
      .pluck()
      .all(...values) as number[];

  /**
   * Ids the query lists, as one comma-separated value read as bytes and parsed here: a quarter faster than a JSON
   * array through JSON.parse, itself twice as fast as row by row, and the packed list costs the collector nothing to
   * keep (docs/benchmarks.md, "The related search's index lists read as bytes").
   */
  const idList = (sqlText: string, value: string) =>
    idsFromDigits(statement(`SELECT CAST(group_concat(id) AS BLOB) FROM (${sqlText})`).pluck().get(value) as Buffer | null);

  const termViews = new WeakSet<object>();

  /** How many articles contain a word, from the full-text index's term statistics. */
  const wordFrequency = (word: string) => {
    const handle = db();
    if (!termViews.has(handle)) {
      // A per-connection view of the FTS index's term statistics: how many articles contain each word.
      statement("CREATE VIRTUAL TABLE IF NOT EXISTS temp.related_terms USING fts5vocab(main, articles_fts, row)").run();
      termViews.add(handle);
    }
    // A word the index folds differently (accents) shows no count; it is then simply read early.
    return (statement("SELECT doc FROM temp.related_terms WHERE term = ?").pluck().get(word) as number | undefined) ?? 0;
  };

  /** The query listing a feature's articles, and the value it is asked with. */
  const featureList = (feature: Pick<Feature, "kind" | "value">): [sqlText: string, value: string] => {
    const { kind, value } = feature;
    if (kind === "tag") return ["SELECT article_id AS id FROM article_tags WHERE tag = ?", value];
    if (kind === "word") return ["SELECT rowid AS id FROM articles_fts WHERE articles_fts MATCH ?", `{title summary} : ${fts5String(value)}`];
    return [`SELECT id FROM articles WHERE ${FEATURE_COLUMN[kind]} = ?`, value];
  };

  // Generators that return at once: the search runs through them synchronously.
  /* eslint-disable require-yield */
  const reader: RelatedReader = {
    *maxArticleId() {
      return (statement("SELECT max(id) FROM articles").pluck().get() as number | null) ?? 0;
    },
    *articleCount() {
      return statement("SELECT count(*) FROM articles").pluck().get() as number;
    },
    *frequencies(features) {
      return features.map(({ kind, value }) => {
        if (kind === "word") return wordFrequency(value);
        if (kind === "tag") return statement("SELECT count(*) FROM article_tags WHERE tag = ?").pluck().get(value) as number;
        return statement(`SELECT count(*) FROM articles WHERE ${FEATURE_COLUMN[kind]} = ?`).pluck().get(value) as number;
      });
    },
    *articlesWith(feature) {
      return idList(...featureList(feature));
    },
    *irregularIds() {
      return ids(`SELECT id FROM articles WHERE ${t.RELATED_IRREGULAR_TEXT}`);
    },
    *newestOfClass(target, count) {
      return ids(
        `SELECT id FROM articles WHERE source_name = ? AND category = ? AND priority = ?
         ORDER BY publish_date DESC, id DESC LIMIT ${count}`,
        target.sourceName,
        target.category,
        target.priority,
      );
    },
    *featureRows(list) {
      return sqliteRows<FeatureRow>(FEATURE_COLUMNS, list);
    },
    *publishDates(list) {
      return sqliteRows<{ id: number; publish_date: number }>("id, publish_date", list);
    },
  };
  /* eslint-enable require-yield */
  return reader;
})();

/** The ids of a comma-separated list of decimal ids (as SQLite's group_concat writes them), none for null. */
export function idsFromDigits(digits: Uint8Array | null): IdList {
  if (!digits?.length) return new Int32Array(0);
  // Each id takes at least two bytes but the last: its digit and a comma.
  const ids = new Int32Array((digits.length >> 1) + 1);
  let count = 0;
  let id = 0;
  for (let i = 0; i < digits.length; i++) {
    const byte = digits[i];
    if (byte === COMMA) {
      ids[count++] = id;
      id = 0;
    } else id = id * 10 + byte - ZERO;
  }
  ids[count++] = id;
  return ids.slice(0, count);
}
const COMMA = 0x2c;
const ZERO = 0x30;

/** The query listing a feature's articles on PostgreSQL. */
function postgresFeatureList(kind: FeatureKind, value: string): SQL {
  if (kind === "tag") return sql`SELECT article_id AS id FROM article_tags WHERE tag = ${value}`;
  // The same words as significantWords, kept with each row and indexed (db/pg/migrations/0004_related_words.sql).
  if (kind === "word") return sql`SELECT id FROM articles WHERE related_words @> ARRAY[${value}::text]`;
  return sql`SELECT id FROM articles WHERE ${sql.identifier(FEATURE_COLUMN[kind])} = ${value}`;
}

/** The search's reads on PostgreSQL: each a query awaited inside the transaction `tx`. */
function postgresReader(tx: Transaction): RelatedReader {
  /** Ids the query lists, as one array value: far fewer rows to decode than one per id. */
  function* ids(query: SQL): Reading<number[]> {
    return (yield* tx.first<{ ids: number[] }>(sql`SELECT coalesce(array_agg(id), '{}') AS ids FROM (${query}) AS listed`))!.ids;
  }
  function* count(query: SQL): Reading<number> {
    return (yield* tx.first<{ n: number }>(sql`SELECT count(*) AS n FROM (${query}) AS listed`))!.n;
  }
  /** How many articles have each of the words, or each of the tags: one query for them all. */
  function* countsOf(kind: "word" | "tag", values: string[]): Reading<Map<string, number>> {
    if (!values.length) return new Map();
    const list = sql`${sql.param(values)}::text[]`;
    const rows = yield* tx.all<{ value: string; n: number }>(
      kind === "word"
        ? sql`SELECT word AS value, count(DISTINCT id) AS n FROM articles, unnest(related_words) AS word
              WHERE related_words && ${list} AND word = ANY(${list}) GROUP BY word`
        : sql`SELECT tag AS value, count(*) AS n FROM article_tags WHERE tag = ANY(${list}) GROUP BY tag`,
    );
    return new Map(rows.map((row) => [row.value, row.n]));
  }
  return {
    *maxArticleId() {
      return (yield* tx.first<{ n: number | null }>(sql`SELECT max(id) AS n FROM articles`))?.n ?? 0;
    },
    articleCount: () => count(sql`SELECT 1 FROM articles`),
    *frequencies(features) {
      const words = yield* countsOf(
        "word",
        features.filter((f) => f.kind === "word").map((f) => f.value),
      );
      const tags = yield* countsOf(
        "tag",
        features.filter((f) => f.kind === "tag").map((f) => f.value),
      );
      const counts: number[] = [];
      for (const { kind, value } of features) {
        if (kind === "word" || kind === "tag") counts.push((kind === "word" ? words : tags).get(value) ?? 0);
        else counts.push(yield* count(postgresFeatureList(kind, value)));
      }
      return counts;
    },
    *articlesWith(feature) {
      return Int32Array.from(yield* ids(postgresFeatureList(feature.kind, feature.value)));
    },
    irregularIds: () => ids(sql`SELECT id FROM articles WHERE ${sql.raw(t.RELATED_IRREGULAR_TEXT)}`),
    newestOfClass: (target, n) =>
      ids(sql`SELECT id FROM articles WHERE source_name = ${target.sourceName} AND category = ${target.category}
              AND priority = ${target.priority} ORDER BY publish_date DESC, id DESC LIMIT ${n}`),
    featureRows: (list) => rowsById<FeatureRow>(tx, FEATURE_COLUMNS, list),
    publishDates: (list) => rowsById<{ id: number; publish_date: number }>(tx, "id, publish_date", list),
  };
}

/** The search's reads inside the read transaction `tx` (`readSnapshot`). */
export function relatedReader(tx: Transaction): RelatedReader {
  return engine() === "sqlite" ? sqliteReader : postgresReader(tx);
}

/** Every article's feature columns, newest first (publication date, then id, descending): what the bulk fill indexes. */
export function* allFeatureRows(tx: Transaction): Reading<Iterable<FeatureRow>> {
  const query = `SELECT ${FEATURE_COLUMNS} FROM articles ORDER BY publish_date DESC, id DESC`;
  if (engine() === "sqlite") return statement(query).iterate() as IterableIterator<FeatureRow>;
  return yield* tx.all<FeatureRow>(sql.raw(query));
}

/** Up to `limit` related articles for each of the given articles, found through the indexes, in one read transaction. */
export async function searchRelated(articleIds: number[], limit: number): Promise<(readonly [number, Scored[]])[]> {
  if (!articleIds.length) return [];
  return readSnapshot(function* (tx) {
    return yield* findRelated(relatedReader(tx), yield* currentSearchCache(tx), articleIds, limit);
  });
}
