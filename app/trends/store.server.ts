// The trends analyses' rows: the articles a 30-day window holds (what the statistics are computed from), and the
// stored analyses, one per day, written and read back.
import { and, desc, gte, lt } from "drizzle-orm";
import { all, db, execute, first, t } from "../db.server";
import type { TrendsJson } from "./answer.server";

/** An article as the statistics read it. */
export type TrendsArticle = {
  id: number;
  title: string;
  category: string;
  priority: string;
  tags: string[];
  agencies: string[];
  sourceName: string;
  publishDate: Date;
};

export type { TrendsJson };

/** The articles published from `start` up to (not including) `end`. */
export async function articlesPublishedBetween(start: Date, end: Date): Promise<TrendsArticle[]> {
  return all(
    db()
      .select({
        id: t.articles.id,
        title: t.articles.title,
        category: t.articles.category,
        priority: t.articles.priority,
        tags: t.articles.tags,
        agencies: t.articles.agencies,
        sourceName: t.articles.sourceName,
        publishDate: t.articles.publishDate,
      })
      .from(t.articles)
      .where(and(gte(t.articles.publishDate, start), lt(t.articles.publishDate, end))),
  );
}

/** Stores a day's analysis, replacing an earlier one of the same day. */
export async function saveTrends(values: typeof t.trends.$inferInsert) {
  await execute(db().insert(t.trends).values(values).onConflictDoUpdate({ target: t.trends.date, set: values }));
}

/** The newest stored analysis, or null before the first. */
export async function latestTrends(): Promise<TrendsJson | null> {
  const row = await first(db().select().from(t.trends).orderBy(desc(t.trends.date), desc(t.trends.id)).limit(1));
  if (!row) return null;
  return {
    createdAt: row.createdAt.toISOString(),
    date: row.date,
    trendsAnalysis: row.trendsAnalysis,
    keyInsights: row.keyInsights,
    significantChanges: row.significantChanges,
    emergingPatterns: row.emergingPatterns,
    categoriesAnalyzed: row.categoriesAnalyzed,
    articleCount: row.articleCount,
    provider: row.provider,
    model: row.model,
    stats: row.stats ?? null,
  };
}
