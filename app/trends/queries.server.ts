// Reading the stored 30-day trends analyses.
import { desc } from "drizzle-orm";
import { db, t } from "../db.server";

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
