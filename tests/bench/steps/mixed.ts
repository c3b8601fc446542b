// Many readers and writers at once while the job runner ingests, on a corpus of the bench's size: the load test
// of the hardening suite (tests/hardening/load.test.ts, which also checks that nothing failed and no
// acknowledged write was lost) run with 50 clients, its figures read back from the JSON it writes. On PostgreSQL the
// test writes its corpus into a new database of the bench's server (TEST_ENGINE=postgres).
import fs from "node:fs";
import path from "node:path";
import { slowestReads, type LoadResult } from "../../support/load";
import { runToEnd } from "../child-process";
import { BENCH_DIR } from "../corpus";
import type { BenchStep, Ratio } from "../types";

const CLIENTS = Number(process.env.BENCH_MIX_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_MIX_SECONDS ?? 60);
const TARGETS = { p50Ms: 150, p95Ms: 500, peakRssMb: 250 };

type LoadReport = {
  clients: number;
  seconds: number;
  corpus: number;
  reads: LoadResult;
  writes: { name: string; acknowledged: number; rateLimited: number; failures: number; lost: number }[];
  ingestedInWindow: number;
  peakRssBytes?: number;
  serverErrors: number;
};

export const mixedStep: BenchStep = {
  name: "mixed",
  async run(context) {
    const reportFile = path.join(BENCH_DIR, "mixed-load.json");
    fs.rmSync(reportFile, { force: true });
    // Its own port range (the hardening suite's default is taken by nothing here, but the bench servers are).
    const run = await runToEnd("npx", ["vitest", "run", "--config", "tests/hardening/vitest.config.ts", "tests/hardening/load.test.ts"], {
      env: {
        ...process.env,
        HARDENING_QUICK: "",
        HARDENING_PORT: String(Number(process.env.BENCH_PORT ?? 3261) + 10),
        HARDENING_LOAD_CLIENTS: String(CLIENTS),
        HARDENING_LOAD_SECONDS: String(SECONDS),
        HARDENING_LOAD_CORPUS: String(context.options.count),
        HARDENING_LOAD_REPORT: reportFile,
        ...(context.engine === "postgres" ? { TEST_ENGINE: "postgres", TEST_POSTGRES_URL: context.postgresUrl } : {}),
      },
    });
    if (!fs.existsSync(reportFile)) throw new Error(`the load test wrote no figures (exit ${run.status})`);
    const report = JSON.parse(fs.readFileSync(reportFile, "utf8")) as LoadReport;
    const { reads } = report;
    const serverErrors = Object.entries(reads.statusCounts).filter(([status]) => Number(status) >= 500);
    const lost = report.writes.reduce((sum, write) => sum + write.lost, 0);
    const acknowledged = report.writes.reduce((sum, write) => sum + write.acknowledged, 0);
    const peakRssMb = (report.peakRssBytes ?? NaN) / 1024 / 1024;
    const summary = `${report.clients} clients, ${report.seconds} s, ${report.corpus.toLocaleString("en-US")} articles: ${reads.requests} reads (${reads.requestsPerSecond.toFixed(0)}/s), p50 ${reads.p50Ms.toFixed(0)} ms, p95 ${reads.p95Ms.toFixed(0)} ms (slowest p95: ${slowestReads(reads)}); ${acknowledged} writes acknowledged, ${lost} lost; ${report.ingestedInWindow} articles ingested in the window; test exit ${run.status}`;
    const ratios: Ratio[] = [
      { name: "mixed load with ingestion: median (ms)", value: reads.p50Ms, target: `< ${TARGETS.p50Ms}`, met: reads.p50Ms < TARGETS.p50Ms, detail: summary },
      { name: "mixed load with ingestion: p95 (ms)", value: reads.p95Ms, target: `< ${TARGETS.p95Ms}`, met: reads.p95Ms < TARGETS.p95Ms, detail: summary },
      {
        name: "mixed load with ingestion: 5xx answers and lost writes",
        value: serverErrors.reduce((sum, [, count]) => sum + count, 0) + lost,
        target: "0",
        met: !serverErrors.length && lost === 0 && report.serverErrors === 0 && run.status === 0,
        detail: `statuses ${JSON.stringify(reads.statusCounts)}; ${lost} acknowledged writes missing; ${report.serverErrors} server error lines`,
      },
      {
        name: "peak RSS of the web process under the mixed load (MB)",
        value: peakRssMb,
        target: `<= ${TARGETS.peakRssMb}`,
        met: peakRssMb <= TARGETS.peakRssMb,
        detail: `VmHWM after ${report.seconds} s of load at ${report.corpus.toLocaleString("en-US")} articles`,
      },
    ];
    return { ratios, figures: { mixedLoad: report } };
  },
};
