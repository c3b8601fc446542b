// Editors' writes to stored articles: tags, priority and category chosen by hand, deletions remembered so a scrape
// never brings them back, and AI summaries written once.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { db, execute, t, transaction } from "../../db.server";
import { dedupKeys } from "../canonical-url";
import { reindexStoredArticles } from "./article-indexes.server";
import { replaceArticleTags } from "./insert.server";

/** Deletes articles and remembers them, so the next scrape does not bring them back. */
export async function deleteArticles(ids: number[]) {
  if (!ids.length) return 0;
  return transaction(
    function* (tx) {
      const rows = yield* tx.all(
        tx.db.select({ canonicalUrl: t.articles.canonicalUrl, documentNumber: t.articles.documentNumber }).from(t.articles).where(inArray(t.articles.id, ids)),
      );
      const keys = rows.flatMap((row) => dedupKeys(row.canonicalUrl, row.documentNumber));
      if (keys.length)
        yield* tx.execute(
          tx.db
            .insert(t.deletedArticles)
            .values(keys.map((key) => ({ key })))
            .onConflictDoNothing(),
        );
      return yield* tx.execute(tx.db.delete(t.articles).where(inArray(t.articles.id, ids)));
    },
    { behavior: "immediate" },
  );
}

/** Stores an editor's tags (and priority, when given with its reason) and marks the article manually tagged. */
export async function saveEditorTags(id: number, tags: string[], priority?: { priority: string; priorityReason: string }) {
  await transaction(function* (tx) {
    yield* tx.execute(
      tx.db
        .update(t.articles)
        .set({ tags, manuallyTagged: true, ...priority })
        .where(eq(t.articles.id, id)),
    );
    yield* replaceArticleTags(tx, id, tags);
  });
}

/** Stores an editor's category (with its reason, when given), marks the article manually tagged, and moves its rulemaking rows. */
export async function saveEditorCategory(id: number, category: string, reason: { categoryReason?: string }) {
  await transaction(function* (tx) {
    yield* tx.execute(
      tx.db
        .update(t.articles)
        .set({ category, manuallyTagged: true, ...reason })
        .where(eq(t.articles.id, id)),
    );
    yield* reindexStoredArticles(tx, [id]);
  });
}

/** Forgets that articles under these keys were deleted, so they may be added again. */
export async function forgetDeletedArticles(keys: string[]) {
  await execute(db().delete(t.deletedArticles).where(inArray(t.deletedArticles.key, keys)));
}

/** Stores an AI summary with who wrote it, unless the article has one already (the first one stays). */
export async function storeAiSummary(articleId: number, summary: string, by: { provider: string; model: string | null }, at = new Date()) {
  await execute(
    db()
      .update(t.articles)
      .set({ aiSummary: summary, aiSummaryProvider: by.provider, aiSummaryModel: by.model, aiSummaryAt: at })
      .where(and(eq(t.articles.id, articleId), isNull(t.articles.aiSummary))),
  );
}

/** Removes the offline demo articles (scripts/demo.ts), without remembering them as deleted; answers how many. */
export async function deleteDemoArticles() {
  return execute(db().delete(t.articles).where(eq(t.articles.isDemo, true)));
}
