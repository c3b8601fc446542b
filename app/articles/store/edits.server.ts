// Editors' writes to stored articles: tags, priority and category chosen by hand, deletions remembered so a scrape
// never brings them back, and AI summaries written once.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { db, execute, t, transaction, type Transaction } from "../../db.server";
import { dedupKeys } from "../canonical-url";
import { EDITOR_REASON, type Category, type Priority } from "../vocabulary";
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

/** The article's category and priority, read inside an edit's transaction, or undefined when there is no such article. */
function* judgementIn(tx: Transaction, id: number) {
  return yield* tx.first(tx.db.select({ category: t.articles.category, priority: t.articles.priority }).from(t.articles).where(eq(t.articles.id, id)));
}

/**
 * Stores an editor's tags and marks the article manually tagged. The tag editor always sends the priority: only a
 * changed one is the editor's call and takes the editor's reason; an unchanged one keeps its reason. Compared and
 * written in one transaction. False when there is no such article.
 */
export async function saveEditorTags(id: number, tags: string[], priority?: Priority) {
  return transaction(
    function* (tx) {
      const current = yield* judgementIn(tx, id);
      if (!current) return false;
      const edited = priority !== undefined && priority !== current.priority ? { priority, priorityReason: EDITOR_REASON } : {};
      yield* tx.execute(
        tx.db
          .update(t.articles)
          .set({ tags, manuallyTagged: true, ...edited })
          .where(eq(t.articles.id, id)),
      );
      yield* replaceArticleTags(tx, id, tags);
      return true;
    },
    { behavior: "immediate" },
  );
}

/**
 * Stores an editor's category and marks the article manually tagged; a changed category takes the editor's reason,
 * an unchanged one keeps its reason, and its rulemaking rows take the category. False when there is no such article.
 */
export async function saveEditorCategory(id: number, category: Category) {
  return transaction(
    function* (tx) {
      const current = yield* judgementIn(tx, id);
      if (!current) return false;
      const reason = category === current.category ? {} : { categoryReason: EDITOR_REASON };
      yield* tx.execute(
        tx.db
          .update(t.articles)
          .set({ category, manuallyTagged: true, ...reason })
          .where(eq(t.articles.id, id)),
      );
      yield* reindexStoredArticles(tx, [id]);
      return true;
    },
    { behavior: "immediate" },
  );
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
