// The 30-day trends analysis with the local provider: every number it stores and writes matches counts
// computed here, independently, with SQL over the same articles.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { categoryLabel } from "~/articles/vocabulary";
import { all, db, engine, execute, first, t } from "~/db.server";
import { loader as trendsLoader } from "~/routes/api.trends";
import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { TrendsCard } from "~/components/TrendsCard";
import { generateTrends } from "~/trends/generate.server";
import type { TrendsJson } from "~/trends/store.server";
import { readTrendsStats, type TrendsStats } from "~/trends/stats";
import { jobHandlers, schedules } from "~/jobs/registry.server";
import { addArticle, clearArticles } from "../support/articles";
import { withContext } from "../support/load-context";

// Noon in New York (EDT, UTC-4, no clock change between May and July): the analysis covers
// 2026-05-17 to 2026-06-15, that is from 2026-05-17T04:00Z up to 2026-06-16T04:00Z.
const NOW = new Date("2026-06-15T16:00:00Z");
const WINDOW_START = Date.parse("2026-05-17T04:00:00Z");
const WINDOW_END = Date.parse("2026-06-16T04:00:00Z");
const LAST_WEEK_START = Date.parse("2026-06-09T04:00:00Z");
const PREVIOUS_WEEK_START = Date.parse("2026-06-02T04:00:00Z");
const HOUR = 3_600_000;

const TITLES = [
  "Executive Order on Unleashing American Energy",
  "EPA rescinds greenhouse gas reporting rule for oil and gas facilities",
  "Court of Appeals vacates FTC noncompete rule",
  "Senate passes bill to repeal CFPB overdraft rule",
  "Analysis: What the regulatory freeze means for small business",
  "OSHA proposes changes to workplace heat safety standard",
  "Treasury withdraws proposed rule on investment reporting",
  "FDA issues guidance on artificial intelligence in medical devices",
  "Agency Information Collection Activities; Comment Request",
  "DOT delays effective date of vehicle emissions rule",
];
const SOURCES = ["Federal Register", "White House", "Reuters Politics", "Regulatory Review"];
const AGENCIES = ["Environmental Protection Agency", "Department of Labor", "Federal Trade Commission"];

/** A deterministic spread of articles from 45 days before NOW to NOW, denser in the last week. */
async function seed() {
  let state = 7;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor(state / 65_536) % n;
  };
  const offsetsHours = [
    ...Array.from({ length: 90 }, () => next(45 * 24)),
    ...Array.from({ length: 30 }, () => next(6 * 24)),
    // Just inside and just outside the window's first and last moments.
    (NOW.getTime() - WINDOW_START) / HOUR - 0.01,
    (NOW.getTime() - WINDOW_START) / HOUR + 0.01,
  ];
  for (const [i, hours] of offsetsHours.entries()) {
    await addArticle({
      title: `${TITLES[next(TITLES.length)]} (${i})`,
      summary: i % 3 === 0 ? "The action reduces regulatory burden on small businesses and consumers." : "",
      sourceName: SOURCES[next(SOURCES.length)],
      sourceCategory: i % 5 === 0 ? "news" : "government",
      agencies: i % 2 === 0 ? [AGENCIES[next(AGENCIES.length)]] : [],
      publishDate: new Date(NOW.getTime() - hours * HOUR),
    });
  }
}

type Count = { key: string; n: number };
const inWindow = sql`publish_date >= ${WINDOW_START} AND publish_date < ${WINDOW_END}`;
const countWhere = async (condition: ReturnType<typeof sql>) => (await first<{ n: number }>(sql`SELECT count(*) AS n FROM articles WHERE ${condition}`))!.n;
const groupCounts = async (column: string) =>
  Object.fromEntries(
    (await all<Count>(sql`SELECT ${sql.raw(column)} AS key, count(*) AS n FROM articles WHERE ${inWindow} GROUP BY 1`)).map((r) => [r.key, r.n]),
  );

let stats: TrendsStats;
let row: typeof t.trends.$inferSelect;

beforeAll(async () => {
  await clearArticles();
  await execute(db().delete(t.trends));
  await seed();
  await generateTrends({ now: NOW });
  row = (await first(db().select().from(t.trends)))!;
  stats = readTrendsStats(row.stats)!;
});

describe("the trends statistics", () => {
  it("count the articles of the 30-day window, by category, priority and source", async () => {
    const total = await countWhere(inWindow);
    expect(total).toBeGreaterThan(50);
    expect(await countWhere(sql`1 = 1`)).toBeGreaterThan(total);
    expect(row.articleCount).toBe(total);
    expect(stats.articleCount).toBe(total);
    expect(row.date).toBe("2026-06-15");
    expect(stats.window).toEqual({ from: "2026-05-17", to: "2026-06-15", days: 30 });
    const categories = await groupCounts("category");
    for (const [category, n] of Object.entries(stats.byCategory)) expect(n, category).toBe(categories[category] ?? 0);
    const priorities = await groupCounts("priority");
    for (const [priority, n] of Object.entries(stats.byPriority)) expect(n, priority).toBe(priorities[priority] ?? 0);
    const sources = await groupCounts("source_name");
    for (const { name, count } of stats.topSources) expect(count, name).toBe(sources[name]);
    expect(stats.topSources[0].count).toBe(Math.max(...Object.values(sources)));
    expect(row.categoriesAnalyzed).toEqual(Object.keys(categories).length ? expect.arrayContaining(Object.keys(categories).map(categoryLabel)) : []);
  });

  it("count tags and agencies", async () => {
    const tags = Object.fromEntries(
      (await all<Count>(sql`SELECT tag AS key, count(*) AS n FROM article_tags JOIN articles ON articles.id = article_id WHERE ${inWindow} GROUP BY tag`)).map(
        (r) => [r.key, r.n],
      ),
    );
    expect(stats.topTags.length).toBeGreaterThan(3);
    for (const { name, count } of stats.topTags) expect(count, name).toBe(tags[name]);
    expect(stats.topTags[0].count).toBe(Math.max(...Object.values(tags)));
    const eachAgency = engine() === "postgres" ? sql`jsonb_array_elements_text(articles.agencies) AS j(value)` : sql`json_each(articles.agencies) j`;
    const agencies = Object.fromEntries(
      (await all<Count>(sql`SELECT j.value AS key, count(*) AS n FROM articles, ${eachAgency} WHERE ${inWindow} GROUP BY 1`)).map((r) => [r.key, r.n]),
    );
    for (const { name, count } of stats.topAgencies) expect(count, name).toBe(agencies[name]);
  });

  it("compare the last 7 days with the 7 before and the 30-day mean", async () => {
    const lastWeek = await countWhere(sql`publish_date >= ${LAST_WEEK_START} AND publish_date < ${WINDOW_END}`);
    const previousWeek = await countWhere(sql`publish_date >= ${PREVIOUS_WEEK_START} AND publish_date < ${LAST_WEEK_START}`);
    expect(stats.lastWeek.count).toBe(lastWeek);
    expect(stats.previousWeek.count).toBe(previousWeek);
    expect(lastWeek).toBeGreaterThan(previousWeek);
    expect(stats.weeklyMean).toBe(Math.round(((await countWhere(inWindow)) / 30) * 7 * 10) / 10);
    const high = await countWhere(sql`${inWindow} AND priority = 'high'`);
    expect(stats.highPriority.count).toBe(high);
    expect(stats.highPriority.lastWeek).toBe(await countWhere(sql`publish_date >= ${LAST_WEEK_START} AND publish_date < ${WINDOW_END} AND priority = 'high'`));
  });

  it("give one bucket per day with its category counts", async () => {
    // The day in New York (UTC-4 in May and June) of an epoch-milliseconds publish date.
    const day =
      engine() === "postgres"
        ? sql`to_char(to_timestamp(publish_date / 1000 - 4 * 3600) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`
        : sql`date(publish_date / 1000 - 4 * 3600, 'unixepoch')`;
    const perDay = await all<{ day: string; category: string; n: number }>(sql`
      SELECT ${day} AS day, category, count(*) AS n
      FROM articles WHERE ${inWindow} GROUP BY 1, 2`);
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily[0].date).toBe("2026-05-17");
    expect(stats.daily[29].date).toBe("2026-06-15");
    for (const day of stats.daily) {
      const expected = perDay.filter((r) => r.day === day.date);
      expect(day.total, day.date).toBe(expected.reduce((sum, r) => sum + r.n, 0));
      for (const r of expected) expect(day.byCategory[r.category as keyof typeof day.byCategory], `${day.date} ${r.category}`).toBe(r.n);
    }
  });
});

describe("the local narrative", () => {
  it("states the true counts", async () => {
    const total = await countWhere(inWindow);
    const categories = await groupCounts("category");
    const [leadCategory, leadCount] = Object.entries(categories).sort((a, b) => b[1] - a[1])[0];
    expect(row.provider).toBe("local");
    expect(row.model).toBe("statistical");
    expect(row.trendsAnalysis).toMatch(new RegExp(`^${total} articles were collected in the 30 days from May 17, 2026 to Jun 15, 2026\\.`));
    expect(row.trendsAnalysis).toContain(`${categoryLabel(leadCategory)} led with ${leadCount} (${Math.round((leadCount / total) * 100)}%)`);
    expect(row.trendsAnalysis).toContain(
      `In the last 7 days ${stats.lastWeek.count} articles appeared against ${stats.previousWeek.count} in the 7 days before`,
    );
    expect(row.keyInsights[0]).toBe(
      `${categoryLabel(leadCategory)} is the largest category: ${leadCount} of ${total} articles (${Math.round((leadCount / total) * 100)}%).`,
    );
  });

  it("writes no number that is not one of the counts", async () => {
    const numbers = new Set<number>([
      await countWhere(inWindow),
      ...Object.values(await groupCounts("category")),
      ...Object.values(await groupCounts("source_name")),
      ...stats.topTags.map((tag) => tag.count),
      ...stats.risingTags.flatMap((m) => [m.lastWeek, m.previousWeek]),
      ...stats.risingAgencies.flatMap((m) => [m.lastWeek, m.previousWeek]),
      stats.lastWeek.count,
      stats.previousWeek.count,
      ...Object.values(stats.lastWeek.byCategory),
      ...Object.values(stats.previousWeek.byCategory),
      stats.weeklyMean,
      stats.highPriority.count,
      stats.highPriority.lastWeek,
      7,
      30,
    ]);
    const text = [row.trendsAnalysis, ...row.keyInsights, row.significantChanges, row.emergingPatterns]
      .join("\n")
      // Dates, percentages, quoted titles (which carry their own numbers) and the "9 AM" schedule are not counts.
      .replace(/[A-Z][a-z]{2} \d{1,2}, \d{4}/g, "")
      .replace(/\d+%/g, "")
      .replace(/"[^"]*"/g, "");
    const found = [...text.matchAll(/\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
    expect(found.length).toBeGreaterThan(10);
    for (const n of found) expect(numbers, `the number ${n}`).toContain(n);
  });
});

describe("the trends job and API", () => {
  it("is registered with a daily 09:00 schedule and keeps one row per day", async () => {
    expect(schedules).toContainEqual(expect.objectContaining({ kind: "trends", cron: "0 9 * * *" }));
    const logs: string[] = [];
    const result = await jobHandlers.trends!({}, { signal: new AbortController().signal, progress: () => {}, log: (m) => logs.push(m) });
    expect(result).toMatchObject({ provider: "local", model: "statistical" });
    await jobHandlers.trends!({}, { signal: new AbortController().signal, progress: () => {}, log: () => {} });
    const rows = await all(db().select().from(t.trends));
    expect(rows.filter((r) => r.date === result.date)).toHaveLength(1);
    expect(logs.join("\n")).toMatch(/analysed \d+ articles/);
  });

  it("serves the latest analysis for an hour", async () => {
    const response = (await trendsLoader(withContext(new Request("http://localhost/api/trends")) as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("max-age=3600");
    const body = await response.json();
    expect(body).toMatchObject({ trendsAnalysis: expect.any(String), keyInsights: expect.any(Array), categoriesAnalyzed: expect.any(Array) });
    expect(body.date >= "2026-06-15").toBe(true);
  });

  it("speaks of a single article in the singular, in the analysis and on the card", async () => {
    await clearArticles();
    await execute(db().delete(t.trends));
    await addArticle({ title: "EPA withdraws a reporting rule", publishDate: new Date(NOW.getTime() - 2 * 24 * HOUR) });
    await generateTrends({ now: NOW });
    const response = (await trendsLoader(withContext(new Request("http://localhost/api/trends")) as never)) as Response;
    const trends = (await response.json()) as TrendsJson;
    const card = renderToStaticMarkup(
      createElement(MantineProvider, null, createElement(TrendsCard, { trends, newestArticleBeforeWindow: null, timeZone: "America/New_York" })),
    );
    const words = [trends.trendsAnalysis, ...trends.keyInsights, card].join("\n");
    expect(words).toContain("1 article analysed");
    expect(trends.keyInsights.join("\n")).toMatch(/^Weekly volume is .*: 1 article in the last 7 days against 0 the week before\.$/m);
    expect(words).not.toMatch(/\b1 articles\b/);
  });

  it("says plainly when there is nothing to analyse", async () => {
    await clearArticles();
    const outcome = await generateTrends({ now: NOW });
    expect(outcome.articleCount).toBe(0);
    const empty = (await all(db().select().from(t.trends))).find((r) => r.date === "2026-06-15")!;
    expect(empty.trendsAnalysis).toMatch(/^No articles were published in the 30 days/);
    expect(empty.keyInsights).toEqual([]);
  });
});
