// The lookup tables beside `articles` (article_agencies, article_identifiers, article_rulemakings): written by the
// store in the transaction that writes the fields they derive from, by the rules of app/articles/index-rows.ts, on
// both engines (docs/decisions/045). Every write of those fields goes through here: an article's insert, its
// published version, an editor's or the classifier's new category. A deleted article's rows go by the foreign keys'
// cascade.
import { asc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import { db, engine, execute, first, statement, t, transaction, type Transaction, type TransactionPart } from "../../db.server";
import { agencyNames, articleIdentifiers, articleRulemakings, type IndexedFields } from "../index-rows";
import { chunks, unnestInsert } from "./chunks";

/** An article's id and the fields its lookup rows derive from. */
export type IndexedArticle = IndexedFields & { id: number };

/** SQLite's inserts, raw prepared statements compiled once per connection: ingestion writes many thousands of rows. */
const SQLITE_INSERT = {
  agency: "INSERT OR IGNORE INTO article_agencies (article_id, agency) VALUES (?, ?)",
  identifier: "INSERT OR IGNORE INTO article_identifiers (article_id, kind, value) VALUES (?, ?, ?)",
  rulemaking: "INSERT OR IGNORE INTO article_rulemakings (article_id, key, publish_date, category) VALUES (?, ?, ?, ?)",
};

/** Rows (or ids) per statement on PostgreSQL. */
const ROWS_PER_STATEMENT = 10_000;

/** Writes the lookup rows of articles that have none yet (just inserted), as steps of the caller's transaction. */
export function* indexNewArticles(tx: Transaction, articles: IndexedArticle[]): TransactionPart<void> {
  if (engine() === "sqlite") {
    for (const article of articles) {
      const { id } = article;
      for (const agency of agencyNames(article.agencies)) statement(SQLITE_INSERT.agency).run(id, agency);
      for (const row of articleIdentifiers(article)) statement(SQLITE_INSERT.identifier).run(id, row.kind, row.value);
      for (const row of articleRulemakings(article)) statement(SQLITE_INSERT.rulemaking).run(id, row.key, row.publishDate.getTime(), row.category);
    }
    return;
  }
  // PostgreSQL: a few multi-row statements for the whole batch rather than round trips per article.
  const agencies = articles.flatMap(({ id, agencies }) => agencyNames(agencies).map((agency) => ({ articleId: id, agency })));
  const identifiers = articles.flatMap((article) => articleIdentifiers(article).map((row) => ({ articleId: article.id, ...row })));
  const rulemakings = articles.flatMap((article) => articleRulemakings(article).map((row) => ({ articleId: article.id, ...row })));
  // Over an array per column, as the articles themselves (chunks.ts unnestInsert): a multi-row VALUES of these rows
  // was the largest part of the ingest's CPU in the process (docs/benchmarks.md, "Lookup rows and tags unnested").
  for (const chunk of chunks(agencies, ROWS_PER_STATEMENT)) yield* tx.execute(sql`${unnestInsert(t.articleAgencies, chunk)} ON CONFLICT DO NOTHING`);
  for (const chunk of chunks(identifiers, ROWS_PER_STATEMENT)) yield* tx.execute(sql`${unnestInsert(t.articleIdentifiers, chunk)} ON CONFLICT DO NOTHING`);
  for (const chunk of chunks(rulemakings, ROWS_PER_STATEMENT)) yield* tx.execute(sql`${unnestInsert(t.articleRulemakings, chunk)} ON CONFLICT DO NOTHING`);
}

/** Rewrites the lookup rows of stored articles whose fields were just updated, as steps of the caller's transaction. */
export function* reindexArticles(tx: Transaction, articles: IndexedArticle[]): TransactionPart<void> {
  for (const ids of chunks(
    articles.map((article) => article.id),
    ROWS_PER_STATEMENT,
  )) {
    yield* tx.execute(tx.db.delete(t.articleAgencies).where(inArray(t.articleAgencies.articleId, ids)));
    yield* tx.execute(tx.db.delete(t.articleIdentifiers).where(inArray(t.articleIdentifiers.articleId, ids)));
    yield* tx.execute(tx.db.delete(t.articleRulemakings).where(inArray(t.articleRulemakings.articleId, ids)));
  }
  yield* indexNewArticles(tx, articles);
}

/** A stored JSON list, as the old triggers read one: text that is not JSON counts as an empty list. */
function storedList(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return [];
  }
}

/**
 * The indexed fields of stored articles. The lists are read as their text (both engines give raw JSON columns as text,
 * db/pg/client.ts) and parsed here, so a damaged value reads as an empty list instead of failing the write.
 */
function* indexedArticles(tx: Transaction, where: SQL, limit: number) {
  const a = t.articles;
  const rows = yield* tx.all(
    tx.db
      .select({
        id: a.id,
        documentNumber: a.documentNumber,
        publishDate: a.publishDate,
        category: a.category,
        agencies: sql<string>`${a.agencies}`,
        regulationIdNumbers: sql<string>`${a.regulationIdNumbers}`,
        docketIds: sql<string>`${a.docketIds}`,
        cfrReferences: sql<string>`${a.cfrReferences}`,
      })
      .from(a)
      .where(where)
      .orderBy(asc(a.id))
      .limit(limit),
  );
  return rows.map((row): IndexedArticle => ({
    ...row,
    agencies: storedList(row.agencies),
    regulationIdNumbers: storedList(row.regulationIdNumbers),
    docketIds: storedList(row.docketIds),
    cfrReferences: storedList(row.cfrReferences),
  }));
}

/** Rewrites the lookup rows of these stored articles from what their rows now hold, as steps of the caller's transaction. */
export function* reindexStoredArticles(tx: Transaction, ids: number[]): TransactionPart<void> {
  for (const chunk of chunks(ids, ROWS_PER_STATEMENT)) yield* reindexArticles(tx, yield* indexedArticles(tx, inArray(t.articles.id, chunk), chunk.length));
}

/**
 * Set by a migration that changes what a lookup row holds (db/migrations/0022_lookup_rules_in_typescript.sql and
 * its PostgreSQL twin): the rows of every stored article are then written again by this build's rules.
 */
const REINDEX_KEY = "reindex-articles";
const REINDEX_BATCH = 2_000;

/**
 * The TypeScript step of such a migration, run after the SQL ones (app/schema-store.server.ts): every stored
 * article's lookup rows rewritten, a batch per transaction, then the mark removed. Stopped half-way, it starts over
 * at the next start; two processes doing it at once write the same rows. Answers how many articles it rewrote.
 */
export async function reindexAllArticlesWhenAsked(): Promise<number> {
  const asked = await first(db().select({ key: t.appState.key }).from(t.appState).where(eq(t.appState.key, REINDEX_KEY)));
  if (!asked) return 0;
  let done = 0;
  let afterId = 0;
  for (;;) {
    const from = afterId;
    const articles = await transaction(
      function* (tx) {
        const batch = yield* indexedArticles(tx, gt(t.articles.id, from), REINDEX_BATCH);
        yield* reindexArticles(tx, batch);
        return batch;
      },
      { behavior: "immediate" },
    );
    if (!articles.length) break;
    done += articles.length;
    afterId = articles[articles.length - 1].id;
  }
  await execute(db().delete(t.appState).where(eq(t.appState.key, REINDEX_KEY)));
  return done;
}
