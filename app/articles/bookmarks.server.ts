// Bookmarks belong to the anonymous visitor who made them (DESIGN.md, Web): one visitor's list never
// shows up for another.
import { and, eq, inArray } from "drizzle-orm";
import { db, t } from "../db.server";

/** Adds or removes the visitor's bookmark on the article; returns whether it is now bookmarked. */
export function toggleBookmark(visitorId: string, articleId: number): boolean {
  return db().transaction(
    (tx) => {
      const where = and(eq(t.bookmarks.visitorId, visitorId), eq(t.bookmarks.articleId, articleId));
      const removed = tx.delete(t.bookmarks).where(where).run().changes;
      if (removed) return false;
      tx.insert(t.bookmarks).values({ visitorId, articleId }).run();
      return true;
    },
    { behavior: "immediate" },
  );
}

/** Sets the visitor's bookmark on the article to the state asked for (a form says which it wants). */
export function setBookmark(visitorId: string, articleId: number, bookmarked: boolean) {
  if (bookmarked) db().insert(t.bookmarks).values({ visitorId, articleId }).onConflictDoNothing().run();
  else
    db()
      .delete(t.bookmarks)
      .where(and(eq(t.bookmarks.visitorId, visitorId), eq(t.bookmarks.articleId, articleId)))
      .run();
  return bookmarked;
}

/** Which of these articles the visitor has bookmarked. */
export function bookmarkedAmong(visitorId: string, articleIds: number[]): number[] {
  if (!articleIds.length) return [];
  return db()
    .select({ articleId: t.bookmarks.articleId })
    .from(t.bookmarks)
    .where(and(eq(t.bookmarks.visitorId, visitorId), inArray(t.bookmarks.articleId, articleIds)))
    .all()
    .map((row) => row.articleId)
    .sort((a, b) => a - b);
}
