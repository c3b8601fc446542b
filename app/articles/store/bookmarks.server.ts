// Bookmarks belong to the anonymous visitor who made them (DESIGN.md, Web): one visitor's list never
// shows up for another.
import { and, eq, inArray } from "drizzle-orm";
import { all, db, execute, t, transaction } from "../../db.server";

/** Adds or removes the visitor's bookmark on the article; returns whether it is now bookmarked. */
export async function toggleBookmark(visitorId: string, articleId: number): Promise<boolean> {
  return transaction(
    function* (tx) {
      const where = and(eq(t.bookmarks.visitorId, visitorId), eq(t.bookmarks.articleId, articleId));
      const removed = yield* tx.execute(tx.db.delete(t.bookmarks).where(where));
      if (removed) return false;
      yield* tx.execute(tx.db.insert(t.bookmarks).values({ visitorId, articleId }));
      return true;
    },
    { behavior: "immediate" },
  );
}

/** Sets the visitor's bookmark on the article to the state asked for (a form says which it wants). */
export async function setBookmark(visitorId: string, articleId: number, bookmarked: boolean) {
  if (bookmarked) await execute(db().insert(t.bookmarks).values({ visitorId, articleId }).onConflictDoNothing());
  else
    await execute(
      db()
        .delete(t.bookmarks)
        .where(and(eq(t.bookmarks.visitorId, visitorId), eq(t.bookmarks.articleId, articleId))),
    );
  return bookmarked;
}

/** Which of these articles the visitor has bookmarked. */
export async function bookmarkedAmong(visitorId: string, articleIds: number[]): Promise<number[]> {
  if (!articleIds.length) return [];
  const rows = await all(
    db()
      .select({ articleId: t.bookmarks.articleId })
      .from(t.bookmarks)
      .where(and(eq(t.bookmarks.visitorId, visitorId), inArray(t.bookmarks.articleId, articleIds))),
  );
  return rows.map((row) => row.articleId).sort((a, b) => a - b);
}
