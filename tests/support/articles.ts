// Test articles through the product's own insert path (app/ingest/insert.server.ts), into this process's database:
// classified, deduplicated and indexed as every source's articles are. A test that needs exact stored fields writes
// rows with tests/support/article-rows.ts instead; both start from the same defaults.
import { insertArticles } from "~/ingest/insert.server";
import { type NewArticle } from "~/articles/new-article";
import { sql, type SQL } from "drizzle-orm";
import { all, db, engine, execute, t, transaction } from "~/db.server";
import { nextTestArticle, type Exact } from "./article-rows";

/** The article as a source hands it over: the next test article, then `overrides`. */
export function makeArticle(overrides: Partial<NewArticle> = {}): NewArticle {
  return { ...nextTestArticle(), ...overrides };
}

/** Inserts articles in one batch, each `makeArticle(overrides)`, and returns their row ids in order. */
export async function addArticles<T extends Partial<NewArticle>>(list: Exact<T, NewArticle>[]) {
  const outcomes = await insertArticles(list.map((overrides: Partial<NewArticle>) => makeArticle(overrides)));
  return outcomes.map((outcome) => {
    if (outcome.status !== "inserted") throw new Error(`expected an insert, got ${outcome.status}`);
    return outcome.id;
  });
}

/** Inserts an article and returns its row id. */
export async function addArticle(overrides: Partial<NewArticle> = {}) {
  const [id] = await addArticles([overrides]);
  return id;
}

export async function clearArticles() {
  await execute(db().delete(t.articles));
  await execute(db().delete(t.deletedArticles));
}

/**
 * The engine's plan for a query, as text: SQLite's EXPLAIN QUERY PLAN details, or PostgreSQL's EXPLAIN lines. A
 * test's table holds a few rows, where PostgreSQL rightly prefers reading them all (or sorting the few an index
 * finds); with sequential and bitmap scans off (for this transaction only) the plan says whether an index can
 * answer the query, in the order it asks for, at all.
 */
export async function queryPlan(query: SQL): Promise<string> {
  if (engine() === "sqlite") return (await all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${query}`)).map((row) => row.detail).join("\n");
  const rows = await transaction(function* (tx) {
    yield* tx.execute(sql`SET LOCAL enable_seqscan = off`);
    yield* tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    return yield* tx.all<{ "QUERY PLAN": string }>(sql`EXPLAIN ${query}`);
  });
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}
