// The statistical trends narrative: readable sentences written only from the computed numbers,
// so every figure in the text is one of the stored stats (or a percentage of two of them).
import { CATEGORY_VALUES, categoryLabel } from "../articles/vocabulary";
import { formatDate } from "../time";
import type { Movement, TrendsStats } from "./stats";
import { plural } from "../text/plural";

export type TrendsNarrative = {
  trendsAnalysis: string;
  keyInsights: string[];
  significantChanges: string;
  emergingPatterns: string;
};

export function percent(part: number, whole: number) {
  return whole ? Math.round((part / whole) * 100) : 0;
}

/** "up 25%", "down 10%", "unchanged", or "none the week before" when there is no base to compare with. */
function weekOverWeek(last: number, previous: number) {
  if (last === previous) return "unchanged";
  if (previous === 0) return "up from none";
  const change = percent(Math.abs(last - previous), previous);
  return `${last > previous ? "up" : "down"} ${change}%`;
}

function formatDay(day: string) {
  return formatDate(`${day}T12:00:00Z`, "UTC");
}

function listing(items: string[]) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function movements(items: Movement[]) {
  return listing(items.map((m) => `${m.name} (${m.previousWeek} → ${m.lastWeek})`));
}

function categoriesByCount(counts: Record<string, number>) {
  return CATEGORY_VALUES.map((c) => ({ category: c, count: counts[c] ?? 0 }))
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count);
}

export function writeTrendsNarrative(stats: TrendsStats): TrendsNarrative {
  const total = stats.articleCount;
  const span = `the 30 days from ${formatDay(stats.window.from)} to ${formatDay(stats.window.to)}`;
  if (total === 0) {
    return {
      trendsAnalysis: `No articles were published in ${span}, so there is nothing to analyse yet. The analysis is written again every day at 9 AM.`,
      keyInsights: [],
      significantChanges: "No articles in the last two weeks to compare.",
      emergingPatterns: "No tag or agency activity yet.",
    };
  }
  const ranked = categoriesByCount(stats.byCategory);
  const [lead, ...others] = ranked;
  const last = stats.lastWeek.count;
  const previous = stats.previousWeek.count;
  const high = stats.byPriority.high;
  const newestHigh = stats.highPriority.items[0];
  const [topSource] = stats.topSources;

  const paragraphs = [
    `${plural(total, "article was", "articles were")} collected in ${span}. ` +
      `${categoryLabel(lead.category)} led with ${lead.count} (${percent(lead.count, total)}%)` +
      (others.length ? `, followed by ${listing(others.slice(0, 2).map((c) => `${categoryLabel(c.category)} (${c.count})`))}.` : "."),
    `In the last 7 days ${plural(last, "article")} appeared against ${previous} in the 7 days before (${weekOverWeek(last, previous)}); ` +
      `the 30-day average is ${stats.weeklyMean} per week.`,
    `${plural(high, "high-priority item")} (${percent(high, total)}% of the total), ${stats.highPriority.lastWeek} of them in the last 7 days.` +
      (newestHigh ? ` The most recent: "${newestHigh.title}" (${newestHigh.sourceName}, ${formatDay(newestHigh.date)}).` : ""),
  ];
  if (stats.topTags.length) {
    paragraphs.push(
      `The most frequent tags were ${listing(stats.topTags.slice(0, 3).map((t) => `${t.name} (${t.count})`))}` +
        (topSource ? `, and most articles came from ${topSource.name} (${topSource.count}).` : "."),
    );
  }

  const keyInsights = [
    `${categoryLabel(lead.category)} is the largest category: ${lead.count} of ${plural(total, "article")} (${percent(lead.count, total)}%).`,
    `Weekly volume is ${weekOverWeek(last, previous)}: ${plural(last, "article")} in the last 7 days against ${previous} the week before.`,
    `${plural(high, "high-priority item")} in 30 days, ${stats.highPriority.lastWeek} in the last 7.`,
  ];
  if (stats.risingTags[0]) {
    const tag = stats.risingTags[0];
    keyInsights.push(`Rising topic: ${tag.name}, in ${plural(tag.lastWeek, "article")} this week against ${tag.previousWeek} the week before.`);
  }
  if (stats.risingAgencies[0]) {
    const agency = stats.risingAgencies[0];
    keyInsights.push(`More active: ${agency.name}, ${agency.lastWeek} documents this week against ${agency.previousWeek} the week before.`);
  }
  if (topSource) keyInsights.push(`${topSource.name} supplied the most articles (${topSource.count}).`);

  const changes = CATEGORY_VALUES.map((c) => ({
    category: c,
    last: stats.lastWeek.byCategory[c],
    previous: stats.previousWeek.byCategory[c],
  }))
    .filter((c) => c.last !== c.previous)
    .sort((a, b) => Math.abs(b.last - b.previous) - Math.abs(a.last - a.previous))
    .slice(0, 3);
  const significantChanges = changes.length
    ? changes
        .map((c) => `${categoryLabel(c.category)}: ${c.last} in the last 7 days against ${c.previous} the week before (${weekOverWeek(c.last, c.previous)}).`)
        .join(" ")
    : "No category changed between the last two weeks.";

  const patterns: string[] = [];
  if (stats.risingTags.length) patterns.push(`Tags rising week over week: ${movements(stats.risingTags)}.`);
  if (stats.risingAgencies.length) patterns.push(`Agencies appearing more often: ${movements(stats.risingAgencies)}.`);
  const emergingPatterns = patterns.length ? patterns.join(" ") : "No tag or agency rose between the last two weeks.";

  return { trendsAnalysis: paragraphs.join("\n\n"), keyInsights, significantChanges, emergingPatterns };
}
