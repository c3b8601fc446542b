// Bookmarks belong to the anonymous visitor who made them (DESIGN.md, Web): one visitor's list never
// shows up for another.
import { and, eq } from "drizzle-orm";
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
