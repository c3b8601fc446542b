// `npm run bench:ingest [-- --engine sqlite|postgres|both] [--count N]`: ingestion throughput against local stand-ins
// (a benchmark to read, not a test). Each engine runs in its own process (tests/bench/ingest-run.ts):
// 1. Backfill --count (default 100,000) Federal Register documents from a stand-in API (10,000-result cap, paging,
//    date windows) into an empty database, against the target of 2,500 documents/s.
// 2. On SQLite only: scrape 200 RSS feeds, then scrape them again unchanged (conditional GET): the second pass's time
//    as a fraction of the first.
// With --engine postgres or both, the backfill runs on SQLite and then on a throw-away PostgreSQL cluster
// (tests/support/postgres.ts) on the same machine, printed side by side with the ratio, against the target of
// PostgreSQL within 2x of SQLite. Wall time swings with the machine's load; the CPU time of the process is printed too.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startPostgres } from "../support/postgres";
import type { IngestReport } from "./ingest-run";

const SQLITE_TARGET = 2_500;
const POSTGRES_RATIO_TARGET = 2;

function parseArgs(argv: string[]) {
  const options = { engine: "sqlite", count: 100_000 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--engine") options.engine = argv[++i];
    else if (argv[i] === "--count") options.count = Number(argv[++i]);
    else throw new Error(`Unknown option ${argv[i]}. Usage: [--engine sqlite|postgres|both] [--count N]`);
  }
  if (!["sqlite", "postgres", "both"].includes(options.engine)) throw new Error("--engine is sqlite, postgres or both");
  return options;
}

const options = parseArgs(process.argv.slice(2));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dereg-bench-"));

/** One engine's run in a child process; DATABASE_URL names its empty database. */
function runEngine(databaseUrl: string, feeds: boolean): IngestReport {
  const report = path.join(dir, "report.json");
  fs.rmSync(report, { force: true });
  const args = ["tests/bench/ingest-run.ts", "--count", String(options.count), "--report", report, ...(feeds ? ["--feeds"] : [])];
  const run = spawnSync(path.resolve("node_modules/.bin/tsx"), args, { stdio: "inherit", env: { ...process.env, DATABASE_URL: databaseUrl } });
  if (run.status !== 0 || !fs.existsSync(report)) throw new Error(`the ingest run failed (exit ${run.status})`);
  return JSON.parse(fs.readFileSync(report, "utf8")) as IngestReport;
}

const perSecond = (report: IngestReport) => Math.round(report.stored / report.seconds);
const perCpuSecond = (report: IngestReport) => Math.round(report.stored / report.cpuSeconds);
const n = (value: number) => value.toLocaleString("en-US");

function printBackfill(report: IngestReport) {
  console.log(
    `Backfill (${report.engine}): ${n(report.stored)} new of ${n(report.documents)} documents in ${report.seconds.toFixed(1)} s ` +
      `(${n(perSecond(report))} documents/s; ${report.cpuSeconds.toFixed(1)} s of CPU in the process, ${n(perCpuSecond(report))} documents per CPU second; ` +
      `${report.pages} pages)${report.error ? `; error: ${report.error}` : ""}`,
  );
}

try {
  const sqlite = options.engine === "postgres" ? undefined : runEngine(path.join(dir, "app.db"), options.engine === "sqlite");
  if (sqlite) {
    printBackfill(sqlite);
    const met = perSecond(sqlite) >= SQLITE_TARGET;
    console.log(`  target ${n(SQLITE_TARGET)} documents/s: ${met ? "met" : "not met"}`);
    const feeds = sqlite.feeds;
    if (feeds) {
      console.log(`First scrape of ${feeds.count} feeds: ${feeds.firstMs.toFixed(0)} ms (${feeds.firstNew} new, ${feeds.failed} failed)`);
      console.log(
        `Re-scrape of ${feeds.count} unchanged feeds: ${feeds.secondMs.toFixed(0)} ms (${feeds.notModified} answered 304) = ` +
          `${((feeds.secondMs / feeds.firstMs) * 100).toFixed(1)}% of the first scrape`,
      );
    }
  }
  if (options.engine !== "sqlite") {
    const cluster = await startPostgres();
    let postgres: IngestReport;
    try {
      postgres = runEngine(cluster.url, false);
    } finally {
      await cluster.stop();
    }
    printBackfill(postgres);
    if (sqlite) {
      const ratio = sqlite.seconds / postgres.seconds;
      const slower = postgres.seconds / sqlite.seconds;
      console.log(
        `PostgreSQL / SQLite: ${n(perSecond(postgres))} / ${n(perSecond(sqlite))} documents/s = ${ratio.toFixed(2)} ` +
          `(PostgreSQL ${slower.toFixed(2)}x the time; target within ${POSTGRES_RATIO_TARGET}x: ${slower <= POSTGRES_RATIO_TARGET ? "met" : "not met"})`,
      );
    }
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
