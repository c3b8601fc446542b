// Test data written through the product's own insert path.
import { insertArticle } from "~/ingest/insert.server";
import { type NewArticle } from "~/articles/new-article";
import { sql, type SQL } from "drizzle-orm";
import { all, db, engine, execute, t, transaction } from "~/db.server";

let counter = 0;

export function makeArticle(overrides: Partial<NewArticle> = {}): NewArticle {
  counter += 1;
  return {
    title: `Test article ${counter}`,
    summary: `Summary of test article ${counter}.`,
    originalUrl: `https://example.gov/articles/${counter}`,
    publishDate: new Date(Date.UTC(2025, 0, 1) + counter * 60_000),
    sourceId: null,
    sourceName: "Test Source",
    ...overrides,
  };
}

/** Inserts an article and returns its row id. */
export async function addArticle(overrides: Partial<NewArticle> = {}) {
  const outcome = await insertArticle(makeArticle(overrides));
  if (outcome.status !== "inserted") throw new Error(`expected an insert, got ${outcome.status}`);
  return outcome.id;
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
