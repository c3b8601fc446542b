// Computing the 30-day statistics from the articles table. Days are calendar days in the configured
// time zone; the window ends today (the analysis runs at 09:00, so today's early articles count).
import { newestPublishDate } from "../feed/queries.server";
import { CATEGORY_VALUES, type Category } from "../articles/vocabulary";
import { config } from "../config.server";
import { dayInZone, startOfDaysAgo } from "../time";
import { articlesPublishedBetween, type TrendsArticle } from "./store.server";
import { emptyCategoryCounts, TRENDS_WEEK_DAYS, TRENDS_WINDOW_DAYS, type Movement, type NamedCount, type Period, type TrendsStats } from "./stats";

const TOP_LIMIT = 10;
const RISING_LIMIT = 5;
const HIGH_PRIORITY_ITEMS = 5;

type Row = TrendsArticle;

function isCategory(value: string): value is Category {
  return (CATEGORY_VALUES as readonly string[]).includes(value);
}

function tally(values: Iterable<string>) {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** Largest first; ties by name, so the same data always gives the same text. */
function topCounts(counts: Map<string, number>, limit = TOP_LIMIT): NamedCount[] {
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, limit);
}

function period(rows: Row[], from: string, to: string): Period {
  const byCategory = emptyCategoryCounts();
  for (const row of rows) if (isCategory(row.category)) byCategory[row.category] += 1;
  return { from, to, count: rows.length, byCategory };
}

/** Names seen more often in the last 7 days than in the 7 before (at least twice in the last 7). */
function rising(lastWeek: Map<string, number>, previousWeek: Map<string, number>): Movement[] {
  return [...lastWeek]
    .map(([name, count]) => ({ name, lastWeek: count, previousWeek: previousWeek.get(name) ?? 0 }))
    .filter((m) => m.lastWeek >= 2 && m.lastWeek > m.previousWeek)
    .sort((a, b) => b.lastWeek - b.previousWeek - (a.lastWeek - a.previousWeek) || b.lastWeek - a.lastWeek || a.name.localeCompare(b.name))
    .slice(0, RISING_LIMIT);
}

function addDays(day: string, days: number) {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export async function computeTrendsStats(now = new Date()): Promise<TrendsStats> {
  const timeZone = config().APP_TIMEZONE;
  const windowStart = startOfDaysAgo(now, TRENDS_WINDOW_DAYS - 1, timeZone);
  const windowEnd = startOfDaysAgo(now, -1, timeZone);
  const rows: Row[] = await articlesPublishedBetween(windowStart, windowEnd);

  const today = dayInZone(now, timeZone);
  const from = addDays(today, -(TRENDS_WINDOW_DAYS - 1));
  const lastWeekFrom = addDays(today, -(TRENDS_WEEK_DAYS - 1));
  const previousWeekFrom = addDays(today, -(2 * TRENDS_WEEK_DAYS - 1));
  const dayOf = new Map(rows.map((row) => [row.id, dayInZone(row.publishDate, timeZone)]));
  const lastWeekRows = rows.filter((row) => dayOf.get(row.id)! >= lastWeekFrom);
  const previousWeekRows = rows.filter((row) => dayOf.get(row.id)! >= previousWeekFrom && dayOf.get(row.id)! < lastWeekFrom);

  const byPriority = { high: 0, medium: 0, low: 0 };
  for (const row of rows) if (row.priority in byPriority) byPriority[row.priority as keyof typeof byPriority] += 1;

  const daily = Array.from({ length: TRENDS_WINDOW_DAYS }, (_, i) => ({
    date: addDays(from, i),
    byCategory: emptyCategoryCounts(),
    total: 0,
  }));
  const dailyByDate = new Map(daily.map((d) => [d.date, d]));
  for (const row of rows) {
    const bucket = dailyByDate.get(dayOf.get(row.id)!);
    if (!bucket) continue;
    bucket.total += 1;
    if (isCategory(row.category)) bucket.byCategory[row.category] += 1;
  }

  const highRows = rows.filter((row) => row.priority === "high").sort((a, b) => b.publishDate.getTime() - a.publishDate.getTime() || b.id - a.id);

  return {
    window: { from, to: today, days: TRENDS_WINDOW_DAYS },
    articleCount: rows.length,
    byCategory: period(rows, from, today).byCategory,
    byPriority,
    topSources: topCounts(tally(rows.map((row) => row.sourceName))),
    topTags: topCounts(tally(rows.flatMap((row) => row.tags))),
    topAgencies: topCounts(tally(rows.flatMap((row) => row.agencies))),
    lastWeek: period(lastWeekRows, lastWeekFrom, today),
    previousWeek: period(previousWeekRows, previousWeekFrom, addDays(lastWeekFrom, -1)),
    weeklyMean: Math.round((rows.length / TRENDS_WINDOW_DAYS) * TRENDS_WEEK_DAYS * 10) / 10,
    risingTags: rising(tally(lastWeekRows.flatMap((r) => r.tags)), tally(previousWeekRows.flatMap((r) => r.tags))),
    risingAgencies: rising(tally(lastWeekRows.flatMap((r) => r.agencies)), tally(previousWeekRows.flatMap((r) => r.agencies))),
    highPriority: {
      count: highRows.length,
      lastWeek: highRows.filter((row) => dayOf.get(row.id)! >= lastWeekFrom).length,
      items: highRows.slice(0, HIGH_PRIORITY_ITEMS).map((row) => ({
        id: row.id,
        title: row.title,
        category: row.category,
        sourceName: row.sourceName,
        date: dayOf.get(row.id)!,
      })),
    },
    daily,
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
