// What a reader and the job runner meet as the corpus grows (issue 40, a million articles): each page and API one
// connection at a time on a server rendering per request (SHARED_PAGE_CACHE=false), the identifier counts of views
// never counted before, the ingest and related-fill rates of the corpus's own reports. Its figures are kept per
// corpus size (scale-queries-<count>.json beside the corpora), and a run on another size prints each figure beside
// the 100,000-article one (BENCH_BASELINE) with its growth: a cost growing faster than the corpus is flagged.
import fs from "node:fs";
import path from "node:path";
import { groupedHref } from "~/feed/grouped-view";
import type { LedgerJson } from "~/ledger/answer.server";
import { rulemakingPath } from "~/rulemakings/keys";
import { runLoad, warmUp, percentile } from "../../support/load";
import { startProductionServer, type ProductionServer } from "../../support/prod-server";
import { BENCH_DIR } from "../corpus";
import type { BenchStep, Measurement, Ratio } from "../types";
import { BROWSER_HEADERS, FEED_SEARCH } from "./endpoints";

/** The corpus the other sizes are compared with (BENCH_BASELINE: another size whose figures are kept). */
const BASELINE_COUNT = Number(process.env.BENCH_BASELINE ?? 100_000);
/** Views whose identifiers are counted for the first time: each a fresh count (the limit is part of the kept key). */
const COLD_COUNTS = 6;

/** One figure of the step: a request's cost (ms, lower is better) or a rate over the whole corpus (per second, higher is better). */
type Figure = { name: string; value: number; unit: "ms" | "per s"; detail: string };

const figuresFile = (count: number) => path.join(BENCH_DIR, `scale-queries-${count}.json`);

/** Sequential calls of distinct views' counts; a refusal for the second's budget (429) is asked again after it. */
async function coldCounts(url: string, paths: string[]) {
  const times: number[] = [];
  for (const path of paths) {
    for (;;) {
      const started = performance.now();
      const response = await fetch(url + path);
      await response.arrayBuffer();
      if (response.status === 429) {
        await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get("retry-after") ?? 1) * 1000));
        continue;
      }
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      times.push(performance.now() - started);
      break;
    }
  }
  return times.sort((a, b) => a - b);
}

/** Each figure beside the baseline's, with its growth; flagged when it grew more than the corpus did. */
function compared(figures: Figure[], count: number): Ratio[] {
  const file = figuresFile(BASELINE_COUNT);
  if (count === BASELINE_COUNT || !fs.existsSync(file)) return [];
  const baseline = new Map((JSON.parse(fs.readFileSync(file, "utf8")) as Figure[]).map((figure) => [figure.name, figure]));
  const corpusGrowth = count / BASELINE_COUNT;
  return figures.flatMap((figure) => {
    const before = baseline.get(figure.name);
    if (!before) return [];
    // The growth of the cost: a request's time, or the whole corpus's time at a rate (articles or lists per second),
    // which grows with the corpus even at a steady rate.
    const growth = figure.unit === "ms" ? figure.value / before.value : (before.value / figure.value) * corpusGrowth;
    return [
      {
        name: `${figure.name}: cost @${count.toLocaleString("en-US")} / @${BASELINE_COUNT.toLocaleString("en-US")}`,
        value: growth,
        target: `<= ${corpusGrowth} (the corpus's growth)`,
        met: growth <= corpusGrowth,
        detail: `${figure.value.toFixed(1)} vs ${before.value.toFixed(1)} ${figure.unit}; ${figure.detail} vs ${before.detail}`,
      },
    ];
  });
}

export const scaleQueriesStep: BenchStep = {
  name: "scale-queries",
  async run(context) {
    const { seconds, count } = context.options;
    const port = Number(process.env.BENCH_PORT ?? 3261) + 12;
    const measurements: Measurement[] = [];
    const figures: Figure[] = [];
    let rendering: ProductionServer | undefined;
    // A page that fails or times out at this size is reported as such, and the other figures are still taken.
    const measure = async (name: string, server: ProductionServer, path: string) => {
      await warmUp(server.url + path, BROWSER_HEADERS, 2);
      const result = await runLoad({ url: server.url + path, connections: 1, seconds, headers: BROWSER_HEADERS });
      if (result.errors || Object.keys(result.statusCounts).some((status) => status !== "200")) {
        console.error(`  ${path}: ${JSON.stringify(result.statusCounts)}, ${result.errors} without an answer`);
        return;
      }
      measurements.push({ name: `${name}, 1 connection @${count.toLocaleString("en-US")}`, server: "large", path, ...result });
      const detail = `${result.requestsPerSecond.toFixed(1)} req/s, p95 ${result.p95Ms.toFixed(1)} ms, ${(result.bytesPerRequest / 1024).toFixed(1)} KB`;
      figures.push({ name: `${name} (p50)`, value: result.p50Ms, unit: "ms", detail });
    };
    try {
      if (context.corpusReport) {
        const { inserted, seconds: took } = context.corpusReport;
        figures.push({ name: "ingest through insertArticle", value: inserted / took, unit: "per s", detail: `${inserted} articles in ${took.toFixed(0)} s` });
      }
      const fill = context.fillReport;
      if (fill)
        figures.push({
          name: "related fill after the bulk load",
          value: fill.filled / fill.wallSeconds,
          unit: "per s",
          detail: `${fill.filled} lists in ${fill.wallSeconds.toFixed(0)} s (${fill.cpuSeconds.toFixed(0)} s CPU)${fill.complete ? "" : ", not complete"}`,
        });
      rendering = await startProductionServer({
        port,
        databaseFile: context.databases.large,
        env: { SHARED_PAGE_CACHE: "false", ...context.databaseEnv.large },
      });
      const url = rendering.url;
      await measure("feed page 1", rendering, "/");
      await measure("feed page 50", rendering, "/?page=50");
      await measure(`search "${FEED_SEARCH}"`, rendering, `/?q=${encodeURIComponent(FEED_SEARCH)}`);
      await measure('search "rule"', rendering, "/?q=rule");
      await measure("Regulatory Rollbacks by rulemaking", rendering, groupedHref());
      const newest = (await (await fetch(`${url}/api/articles?limit=100`)).json()) as { rulemaking: { key: string; documents: number } | null }[];
      const largest = newest.flatMap((article) => (article.rulemaking ? [article.rulemaking] : [])).sort((a, b) => b.documents - a.documents)[0];
      if (largest) await measure("rulemaking page", rendering, rulemakingPath(largest.key));
      const ledger = (await (await fetch(`${url}/api/ledger`)).json()) as LedgerJson;
      await measure("/ledger", rendering, `/ledger?fy=${ledger.fiscalYear}`);
      await measure("/api/ledger", rendering, `/api/ledger?fy=${ledger.fiscalYear}`);
      await measure(`/export.csv of the search "${FEED_SEARCH}"`, rendering, `/export.csv?q=${encodeURIComponent(FEED_SEARCH)}`);
      await measure("/api/articles/facets, kept", rendering, "/api/articles/facets");
      for (const [name, view] of [
        ["every article", ""],
        ["category and priority", "category=regulatory-rollbacks&priority=high&"],
        [`search "${FEED_SEARCH}"`, `q=${encodeURIComponent(FEED_SEARCH)}&`],
      ]) {
        const times = await coldCounts(
          url,
          Array.from({ length: COLD_COUNTS }, (_, i) => `/api/articles/facets?${view}limit=${11 + i}`),
        );
        figures.push({
          name: `/api/articles/facets of ${name}, counted anew (p50)`,
          value: percentile(times, 50),
          unit: "ms",
          detail: `${COLD_COUNTS} views, max ${times[times.length - 1].toFixed(1)} ms`,
        });
      }
      fs.writeFileSync(figuresFile(count), JSON.stringify(figures, null, 2));
      console.log(`Scale figures @${count.toLocaleString("en-US")} (kept in ${path.relative(process.cwd(), figuresFile(count))}):`);
      console.table(figures.map((figure) => ({ figure: figure.name, value: Number(figure.value.toFixed(1)), unit: figure.unit, detail: figure.detail })));
      return { measurements, ratios: compared(figures, count), figures: { scaleQueries: figures } };
    } finally {
      await rendering?.stop();
    }
  },
};
