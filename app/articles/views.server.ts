// View counting: opening Read Original counts once per visitor, article and calendar day,
// so reloading or clicking again cannot inflate the count.
import { eq, inArray, sql } from "drizzle-orm";
import { config } from "../config.server";
import { db, t } from "../db.server";
import { dayInZone } from "../time";

/**
 * Records a view of the article today by whoever the keys name (a visitor id; for a caller without a cookie,
 * also its address); returns whether it was counted: only when none of the keys has viewed it today.
 */
export function recordView(viewerKeys: string | string[], articleId: number, now = new Date()): boolean {
  const day = dayInZone(now, config().APP_TIMEZONE);
  const keys = typeof viewerKeys === "string" ? [viewerKeys] : viewerKeys;
  return db().transaction(
    (tx) => {
      let inserted = 0;
      for (const visitorId of keys) inserted += tx.insert(t.articleViews).values({ visitorId, articleId, day }).onConflictDoNothing().run().changes;
      if (inserted < keys.length) return false;
      tx.update(t.articles)
        .set({ views: sql`${t.articles.views} + 1` })
        .where(eq(t.articles.id, articleId))
        .run();
      return true;
    },
    { behavior: "immediate" },
  );
}

/** The current view counts of these articles (the shared feed page may show counts up to a minute old). */
export function viewCounts(articleIds: number[]): Record<number, number> {
  if (!articleIds.length) return {};
  const rows = db().select({ id: t.articles.id, views: t.articles.views }).from(t.articles).where(inArray(t.articles.id, articleIds)).all();
  return Object.fromEntries(rows.map((row) => [row.id, row.views]));
}
