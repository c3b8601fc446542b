// View counting: opening Read Original counts once per visitor, article and calendar day,
// so reloading or clicking again cannot inflate the count.
import { eq, inArray, sql } from "drizzle-orm";
import { config } from "../../config.server";
import { all, db, t, transaction } from "../../db.server";
import { dayInZone } from "../../time";

/**
 * Records a view of the article today by whoever the keys name (a visitor id; for a caller without a cookie,
 * also its address); returns whether it was counted: only when none of the keys has viewed it today.
 */
export async function recordView(viewerKeys: string | string[], articleId: number, now = new Date()): Promise<boolean> {
  const day = dayInZone(now, config().APP_TIMEZONE);
  const keys = typeof viewerKeys === "string" ? [viewerKeys] : viewerKeys;
  return transaction(
    function* (tx) {
      let inserted = 0;
      for (const visitorId of keys) inserted += yield* tx.execute(tx.db.insert(t.articleViews).values({ visitorId, articleId, day }).onConflictDoNothing());
      if (inserted < keys.length) return false;
      yield* tx.execute(
        tx.db
          .update(t.articles)
          .set({ views: sql`${t.articles.views} + 1` })
          .where(eq(t.articles.id, articleId)),
      );
      return true;
    },
    { behavior: "immediate" },
  );
}

/** The current view counts of these articles (the shared feed page may show counts up to a minute old). */
export async function viewCounts(articleIds: number[]): Promise<Record<number, number>> {
  if (!articleIds.length) return {};
  const rows = await all(db().select({ id: t.articles.id, views: t.articles.views }).from(t.articles).where(inArray(t.articles.id, articleIds)));
  return Object.fromEntries(rows.map((row) => [row.id, row.views]));
}
