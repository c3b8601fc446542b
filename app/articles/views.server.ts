// View counting: opening Read Original counts once per visitor, article and calendar day,
// so reloading or clicking again cannot inflate the count.
import { eq, sql } from "drizzle-orm";
import { config } from "../config.server";
import { db, t } from "../db.server";
import { dayInZone } from "../time";

/** Records the visitor's view of the article today; returns whether it was counted (first view today). */
export function recordView(visitorId: string, articleId: number, now = new Date()): boolean {
  const day = dayInZone(now, config().APP_TIMEZONE);
  return db().transaction(
    (tx) => {
      const inserted = tx.insert(t.articleViews).values({ visitorId, articleId, day }).onConflictDoNothing().run().changes;
      if (!inserted) return false;
      tx.update(t.articles)
        .set({ views: sql`${t.articles.views} + 1` })
        .where(eq(t.articles.id, articleId))
        .run();
      return true;
    },
    { behavior: "immediate" },
  );
}
