// `npm run bench`: the production build on loopback against a 100,000-article corpus (and a 1,000-article
// one for the scale ratio), measured in one run. Prints a table and JSON; writes tests/.tmp/bench/results.json.
//
// `npm run bench -- --count N` (or BENCH_COUNT; 100000): the large corpus's articles. Environment: BENCH_FROM (a
// Federal Register-shaped JSON file; default: generator), BENCH_SECONDS per endpoint (5), BENCH_CONNECTIONS (4), BENCH_PORT (3261; the small corpus uses +1),
// BENCH_STEPS (comma-separated step names to run; default: all), BENCH_SKIP_BUILD=1 (reuse build/ as it is),
// BENCH_FILL_SECONDS (3600: the most the related fill of a new large corpus may take; past it the bench serves the
// lists filled so far, and says so).
//
// The `limit` step (steps/limit.ts) measures the product against its own stack's limit in the same run: a plain React
// page of the same cards from the same corpus (limit-page.tsx), and bare node:http answering the shared copy's bytes
// (bare-copy.ts); the ratios, not the absolute figures, are what a change is judged by (docs/benchmarks.md).
//
// `npm run bench -- --engine postgres`: the same steps with the web servers on PostgreSQL. The SQLite corpora are
// built (or taken from the cache) as above and copied with `npm run db:copy` into databases of a throw-away cluster
// (tests/support/postgres.ts), or of the server TEST_POSTGRES_URL names; steps that read the SQLite file itself are
// skipped, each with its reason. Results go to tests/.tmp/bench/results-postgres.json.
import fs from "node:fs";
import path from "node:path";
import { createTestDatabase, startPostgres, type TestPostgres } from "../support/postgres";
import { ensureProductionBuild, startProductionServer, type ProductionServer } from "../support/prod-server";
import { runToEnd } from "./child-process";
import { BENCH_DIR, ensureCorpus, ensureFilledCorpus } from "./corpus";
import { endpointsStep } from "./steps/endpoints";
import { freshPagesStep } from "./steps/fresh-pages";
import { ftsVsLikeStep } from "./steps/fts-vs-like";
import { ingestStep } from "./steps/ingest";
import { ledgerStep } from "./steps/ledger";
import { lighthouseStep } from "./steps/lighthouse";
import { limitStep } from "./steps/limit";
import { mixedStep } from "./steps/mixed";
import { pageWeightStep } from "./steps/page-weight";
import { scaleStep } from "./steps/scale";
import { scaleQueriesStep } from "./steps/scale-queries";
import { relatedStep, rescrapeStep } from "./steps/scripts";
import { readerPagesStep } from "./steps/reader-pages";
import { targetsStep } from "./steps/targets";
import { workersStep } from "./steps/workers";
import type { BenchContext, BenchOptions, BenchStep, Measurement, Ratio } from "./types";

type Engine = BenchContext["engine"];

/** One web worker must fit a small machine: the whole bench's peak on the large corpus. */
const PEAK_RSS_TARGET_MB = 256;

/** The benchmark, step by step; each a `BenchStep` in its own file under steps/. */
export const BENCH_STEPS: BenchStep[] = [
  ingestStep,
  endpointsStep,
  targetsStep,
  limitStep,
  freshPagesStep,
  workersStep,
  readerPagesStep,
  ledgerStep,
  ftsVsLikeStep,
  scaleStep,
  scaleQueriesStep,
  relatedStep,
  rescrapeStep,
  pageWeightStep,
  lighthouseStep,
  mixedStep,
];

/** `--engine sqlite|postgres` (or BENCH_ENGINE); SQLite by default. */
function readEngine(): Engine {
  const at = process.argv.indexOf("--engine");
  const value = (at >= 0 ? process.argv[at + 1] : process.env.BENCH_ENGINE) ?? "sqlite";
  if (value !== "sqlite" && value !== "postgres") throw new Error(`--engine must be sqlite or postgres (got "${value}")`);
  return value;
}

/** A new database on the bench's PostgreSQL server holding an exact copy of the SQLite `file` (npm run db:copy). */
async function postgresCopy(serverUrl: string, file: string, name: string): Promise<string> {
  const database = await createTestDatabase(serverUrl, `bench_${name}`);
  console.log(`Copying ${path.basename(file)} into PostgreSQL...`);
  const copy = await runToEnd(path.resolve("node_modules/.bin/tsx"), ["scripts/db-copy.ts", "--from", file, "--to", database.url]);
  if (copy.status !== 0) throw new Error(`npm run db:copy of ${file} failed (exit ${copy.status})`);
  return database.url;
}

function readOptions(): BenchOptions {
  const number = (name: string, fallback: number, given = process.env[name]) => {
    const value = Number(given ?? fallback);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
    return value;
  };
  const countAt = process.argv.indexOf("--count");
  return {
    count: number(countAt >= 0 ? "--count" : "BENCH_COUNT", 100_000, countAt >= 0 ? process.argv[countAt + 1] : undefined),
    from: process.env.BENCH_FROM ? path.resolve(process.env.BENCH_FROM) : undefined,
    seconds: number("BENCH_SECONDS", 5),
    connections: number("BENCH_CONNECTIONS", 4),
    fillSeconds: number("BENCH_FILL_SECONDS", 3600),
  };
}

/** A fresh working copy, so runs never change the cached corpus. */
function workingCopy(corpus: string, name: string) {
  const dir = path.join(BENCH_DIR, "run");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.db`);
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  fs.copyFileSync(corpus, file);
  return file;
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

function printTable(measurements: Measurement[], ratios: Ratio[], peakRss: Record<string, number | undefined>) {
  const rows = measurements.map((m) => ({
    endpoint: m.name,
    "req/s": round(m.requestsPerSecond),
    "p50 ms": round(m.p50Ms),
    "p95 ms": round(m.p95Ms),
    "KB/resp": round(m.bytesPerRequest / 1024),
    requests: m.requests,
    "non-2xx": m.requests - (m.statusCounts["200"] ?? 0),
  }));
  console.log("\nEndpoints");
  console.table(rows);
  console.log("Ratios and targets");
  console.table(ratios.map((r) => ({ measure: r.name, value: round(r.value, 2), target: r.target, met: r.met ? "yes" : "NO" })));
  for (const ratio of ratios) console.log(`  ${ratio.met ? "ok " : "NO "} ${ratio.name}: ${ratio.detail}`);
  console.log("Peak RSS of the web processes and the steps' own servers (VmHWM):");
  for (const [name, bytes] of Object.entries(peakRss)) console.log(`  ${name}: ${bytes ? `${round(bytes / 1024 / 1024)} MB` : "n/a"}`);
}

async function main() {
  const options = readOptions();
  const engine = readEngine();
  const only = process.env.BENCH_STEPS?.split(",").map((name) => name.trim());
  const chosen = only ? BENCH_STEPS.filter((step) => only.includes(step.name)) : BENCH_STEPS;
  const skipped = engine === "postgres" ? chosen.filter((step) => step.sqliteOnly) : [];
  for (const step of skipped) console.log(`- ${step.name}: not run on PostgreSQL: ${step.sqliteOnly}`);
  const steps = chosen.filter((step) => !skipped.includes(step));
  // Always a fresh build: measuring a stale one would credit or blame code that is not there any more.
  if (process.env.BENCH_SKIP_BUILD !== "1") ensureProductionBuild(true);
  const largeCorpus = ensureCorpus({ count: options.count, from: options.from });
  const smallCorpus = ensureCorpus({ count: 1_000, from: options.from });
  const reportFile = `${largeCorpus}.json`;
  const corpusReport = fs.existsSync(reportFile) ? JSON.parse(fs.readFileSync(reportFile, "utf8")) : undefined;
  // The servers read the corpora as the job runner leaves them, every related list filled (a feed page never
  // computes one: docs/decisions/022); the fresh-pages step serves the corpus as the bulk load left it.
  const largeFilled = ensureFilledCorpus(largeCorpus, options.fillSeconds);
  const smallFilled = ensureFilledCorpus(smallCorpus);
  const databases = { large: workingCopy(largeFilled.file, "large"), small: workingCopy(smallFilled.file, "small") };
  const port = Number(process.env.BENCH_PORT ?? 3261);
  const servers: { large?: ProductionServer; small?: ProductionServer } = {};
  let postgres: TestPostgres | undefined;
  try {
    const databaseEnv: BenchContext["databaseEnv"] = { large: {}, small: {} };
    if (engine === "postgres") {
      postgres = await startPostgres();
      databaseEnv.large = { DATABASE_URL: await postgresCopy(postgres.url, largeFilled.file, "large") };
      databaseEnv.small = { DATABASE_URL: await postgresCopy(postgres.url, smallFilled.file, "small") };
    }
    servers.large = await startProductionServer({ port, databaseFile: databases.large, env: databaseEnv.large });
    servers.small = await startProductionServer({ port: port + 1, databaseFile: databases.small, env: databaseEnv.small });
    const context: BenchContext = {
      options,
      engine,
      databaseEnv,
      postgresUrl: postgres?.url,
      databases,
      corpusFile: largeCorpus,
      servers: { large: servers.large, small: servers.small },
      corpusReport,
      fillReport: largeFilled.report,
    };
    const measurements: Measurement[] = [];
    const fill = largeFilled.report;
    const ratios: Ratio[] = [
      {
        name: `job runner: every related list filled after a bulk load of ${options.count.toLocaleString("en-US")} articles (minutes)`,
        value: fill.wallSeconds / 60,
        target: "minutes, not hours",
        met: fill.complete && fill.wallSeconds < 3600,
        detail: `${fill.filled.toLocaleString("en-US")} lists in ${fill.wallSeconds.toFixed(0)} s (${fill.cpuSeconds.toFixed(0)} s of CPU), measured when the filled corpus was built`,
      },
    ];
    const figures: Record<string, unknown> = {};
    const failedSteps: { step: string; error: string }[] = [];
    const stepPeakRss: Record<string, number | undefined> = {};
    for (const step of steps) {
      console.log(`- ${step.name}`);
      // A step that fails is reported and the run goes on, so one broken step does not discard the others' figures.
      try {
        const result = await step.run(context);
        measurements.push(...(result.measurements ?? []));
        ratios.push(...(result.ratios ?? []));
        Object.assign(figures, result.figures);
        Object.assign(stepPeakRss, result.peakRss);
      } catch (error) {
        console.error(`  step ${step.name} failed:`, error);
        failedSteps.push({ step: step.name, error: error instanceof Error ? error.message : String(error) });
      }
      // The peak so far after each step: which step takes the web process to its peak over the whole run.
      const peakSoFar = servers.large.peakRss();
      if (peakSoFar) console.log(`  web @${options.count.toLocaleString("en-US")} peak RSS so far: ${round(peakSoFar / 1024 / 1024)} MB`);
    }
    const peakRss = {
      [`web @${options.count.toLocaleString("en-US")}`]: servers.large.peakRss(),
      "web @1,000": servers.small.peakRss(),
      ...stepPeakRss,
    };
    const largePeakMb = (peakRss[`web @${options.count.toLocaleString("en-US")}`] ?? NaN) / 1024 / 1024;
    ratios.push({
      name: "peak RSS of the web worker over the whole bench (MB)",
      value: largePeakMb,
      target: `<= ${PEAK_RSS_TARGET_MB}`,
      met: largePeakMb <= PEAK_RSS_TARGET_MB,
      detail: `VmHWM of the web process on the ${options.count.toLocaleString("en-US")}-article corpus after every step`,
    });
    const serverErrors = [...servers.large.alarmingLines, ...servers.small.alarmingLines];
    const results = {
      date: new Date().toISOString(),
      engine,
      options,
      measurements,
      ratios,
      figures,
      peakRssBytes: peakRss,
      serverErrors,
      failedSteps,
      skippedSteps: skipped.map((step) => ({ step: step.name, reason: step.sqliteOnly })),
    };
    printTable(measurements, ratios, peakRss);
    if (serverErrors.length) console.log(`Server error lines:\n${serverErrors.join("\n")}`);
    const out = path.join(BENCH_DIR, engine === "postgres" ? "results-postgres.json" : "results.json");
    fs.writeFileSync(out, JSON.stringify(results, null, 2));
    console.log(`\nJSON (also in ${path.relative(process.cwd(), out)}):\n${JSON.stringify({ measurements, ratios, peakRssBytes: peakRss })}`);
    if (failedSteps.length) {
      console.error(`Failed steps: ${failedSteps.map((failed) => `${failed.step} (${failed.error})`).join("; ")}`);
      process.exitCode = 1;
    }
  } finally {
    await servers.large?.stop();
    await servers.small?.stop();
    await postgres?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
