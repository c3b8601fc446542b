// The numbers a 30-day trends analysis is written from. Stored beside the text (`trends.stats`), so every
// figure in a narrative can be checked, and read back by the trends card for its chart.
import { CATEGORY_VALUES, type Category } from "../articles/vocabulary";

export const TRENDS_WINDOW_DAYS = 30;
export const TRENDS_WEEK_DAYS = 7;

type CategoryCounts = Record<Category, number>;
export type NamedCount = { name: string; count: number };
export type Movement = { name: string; lastWeek: number; previousWeek: number };
export type Period = { from: string; to: string; count: number; byCategory: CategoryCounts };

type HighPriorityItem = { id: number; title: string; category: string; sourceName: string; date: string };

export type TrendsStats = {
  /** Calendar days (YYYY-MM-DD, configured time zone), both included. */
  window: { from: string; to: string; days: number };
  articleCount: number;
  byCategory: CategoryCounts;
  byPriority: { high: number; medium: number; low: number };
  topSources: NamedCount[];
  topTags: NamedCount[];
  topAgencies: NamedCount[];
  /** The last 7 days (today included) and the 7 before them. */
  lastWeek: Period;
  previousWeek: Period;
  /** Articles per 7 days over the whole window, rounded to one decimal. */
  weeklyMean: number;
  risingTags: Movement[];
  risingAgencies: Movement[];
  highPriority: { count: number; lastWeek: number; items: HighPriorityItem[] };
  daily: { date: string; byCategory: CategoryCounts; total: number }[];
};

export function emptyCategoryCounts(): CategoryCounts {
  return Object.fromEntries(CATEGORY_VALUES.map((c) => [c, 0])) as CategoryCounts;
}

/** The stored stats when they have the shape this version writes (older or foreign rows give null). */
export function readTrendsStats(value: unknown): TrendsStats | null {
  if (!value || typeof value !== "object") return null;
  const stats = value as Partial<TrendsStats>;
  const dailyOk =
    Array.isArray(stats.daily) &&
    stats.daily.every((d) => d && typeof d.date === "string" && typeof d.total === "number" && d.byCategory && typeof d.byCategory === "object");
  return dailyOk && typeof stats.articleCount === "number" && stats.window ? (stats as TrendsStats) : null;
}
