// Reading the stored 30-day trends analyses.
import { desc } from "drizzle-orm";
import { newestPublishDate } from "../articles/queries.server";
import { config } from "../config.server";
import { db, t } from "../db.server";
import { startOfDaysAgo } from "../time";
import { TRENDS_WINDOW_DAYS } from "./stats";

export type TrendsJson = {
  createdAt: string;
  date: string;
  trendsAnalysis: string;
  keyInsights: string[];
  significantChanges: string;
  emergingPatterns: string;
  categoriesAnalyzed: string[];
  articleCount: number;
  provider: string;
  model: string | null;
  stats: Record<string, unknown> | null;
};

export function latestTrends(): TrendsJson | null {
  const row = db().select().from(t.trends).orderBy(desc(t.trends.date), desc(t.trends.id)).limit(1).get();
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

/**
 * When the newest article was published, if that is before the 30-day window the analysis reads (as on an install
 * holding only the demo data): the trends card then says so instead of looking empty for no reason.
 */
export async function newestArticleBeforeWindow(now = new Date()): Promise<string | null> {
  const newest = await newestPublishDate({ timeframe: "all" });
  if (!newest) return null;
  return new Date(newest) < startOfDaysAgo(now, TRENDS_WINDOW_DAYS - 1, config().APP_TIMEZONE) ? newest : null;
}
