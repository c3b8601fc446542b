// Test data written through the product's own insert path.
import { insertArticle, type NewArticle } from "~/articles/store.server";
import { db, execute, t } from "~/db.server";

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
