// Load: N concurrent clients (HARDENING_LOAD_CLIENTS, default 50; 8 in quick mode) for at least
// HARDENING_LOAD_SECONDS (default 60; 10 in quick mode), until the runner has been seen storing twice, mixing reads, while writers run beside them and the
// job runner ingests from loopback feeds (load-ingest.ts). No 5xx, no dropped connection, no SQLITE_BUSY or
// other error in the server's or the runner's log, every acknowledged write is in the database after, and
// every item the feeds served is stored exactly once.
import fs from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { desc } from "drizzle-orm";
import { all, db, execute, t } from "~/db.server";
import { seedDefaultSources } from "../../scripts/seed";
import { insertArticles } from "~/ingest/insert.server";
import { generatedArticle } from "../bench/generator";
import { runLoad, slowestReads, type LoadResult } from "../support/load";
import type { ProductionServer } from "../support/prod-server";
import { QUICK, serveTestDatabase } from "./harness";
import { cpuSeconds, ingestionJobs, startIngestion, troubleLines, type Ingestion } from "./load-ingest";
import { RATE_LIMITED, READ_MIX, writeMix as buildWriteMix, type WriteOperation } from "./load-mix";

// The quick mode's budget is seconds: fewer clients, so answers come back within it even on a busy CI machine.
const CLIENTS = Number(process.env.HARDENING_LOAD_CLIENTS ?? (QUICK ? 8 : 50));
const SECONDS = Number(process.env.HARDENING_LOAD_SECONDS ?? (QUICK ? 10 : 60));
/** Articles stored before the load (HARDENING_LOAD_CORPUS; `npm run bench` runs this test at its corpus size). */
const CORPUS = Number(process.env.HARDENING_LOAD_CORPUS ?? 3_000);
/** The setup's bound: two minutes, plus a generous 5 ms per article written before the load. */
const SETUP_TIMEOUT_MS = 120_000 + CORPUS * 5;
/**
 * How long the runner may take to finish the queued ingestion after the window: a minute, plus 1 ms per article
 * before the load, since each new article is offered to the stored related lists, which costs more in a larger
 * corpus (docs/decisions/012 and 022).
 */
const DRAIN_BOUND_MS = 60_000 + CORPUS;
/** Where to write the figures as JSON, for `npm run bench` (tests/bench/steps/mixed.ts). */
const REPORT_FILE = process.env.HARDENING_LOAD_REPORT;

let server: ProductionServer;
let ingestion: Ingestion;
let writeMix: WriteOperation[];

beforeAll(async () => {
  await seedDefaultSources();
  const sources = await all(db().select({ id: t.sources.id, name: t.sources.name, category: t.sources.category }).from(t.sources));
  const newest = new Date();
  await insertArticles(Array.from({ length: CORPUS }, (_, i) => generatedArticle(i, CORPUS, newest, sources)));
  // The default sources are real public feeds, out of reach here: they keep the corpus's articles, but
  // the runner scrapes only the loopback stand-ins.
  await execute(db().update(t.sources).set({ isActive: false }));
  const articleIds = (await all(db().select({ id: t.articles.id }).from(t.articles).orderBy(desc(t.articles.id)))).map((row) => row.id);
  writeMix = buildWriteMix(articleIds);
  [server, ingestion] = await Promise.all([serveTestDatabase("load"), startIngestion()]);
  // Writing the corpus is most of this: `npm run bench` runs the test on 100,000 articles, minutes on a busy machine.
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  await ingestion?.close();
  await server?.stop();
});

/** What one writer saw: acknowledged keys, 429 answers (per-client limits doing their job), and failures. */
type WriterReport = { name: string; acknowledged: string[]; rateLimited: number; failures: string[] };

/** Runs one write operation in a loop while the window is open, recording what was acknowledged and what threw. */
async function writeWhile(operation: WriteOperation, open: () => boolean): Promise<WriterReport> {
  const report: WriterReport = { name: operation.name, acknowledged: [], rateLimited: 0, failures: [] };
  for (let sequence = 0; open(); sequence++) {
    try {
      const key = await operation.perform(server.url, sequence);
      if (key === RATE_LIMITED) report.rateLimited++;
      else if (key) report.acknowledged.push(key);
    } catch (error) {
      report.failures.push(String(error));
    }
  }
  return report;
}

/**
 * Watches the loopback sources' article count through the window, which lasts at least `minimumMs` and until the
 * runner has been seen storing articles at two moments under the load, so the check that it wrote through the
 * window waits on what it checks, not on the clock. A runner that stops storing closes the window at `capMs`, and
 * that check then fails. `moves` are the counts at which the runner was seen storing.
 */
async function watchStoredCount(minimumMs: number, capMs: number) {
  const started = Date.now();
  const samples = [await ingestion.storedCount()];
  const moves: number[] = [];
  while (Date.now() - started < capMs && !(moves.length >= 2 && Date.now() - started >= minimumMs)) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const count = await ingestion.storedCount();
    if (count > samples.at(-1)!) moves.push(count);
    samples.push(count);
  }
  return { first: samples[0], last: samples.at(-1)!, moves, windowMs: Date.now() - started };
}

/** The CPU seconds the web and the runner use from now to the returned function's call (NaN off Linux). */
function cpuSince() {
  const now = () => ({ web: cpuSeconds(server.pid) ?? NaN, runner: cpuSeconds(ingestion.runner.child.pid!) ?? NaN });
  const start = now();
  return () => {
    const end = now();
    return { web: end.web - start.web, runner: end.runner - start.runner };
  };
}

it(
  `serves ${CLIENTS} clients for at least ${SECONDS} s of mixed reads and writes while the job runner ingests, without a failure`,
  async () => {
    const cpuSpent = cpuSince();
    let windowOpen = true;
    const watching = watchStoredCount(SECONDS * 1000, SECONDS * 1000 + DRAIN_BOUND_MS).finally(() => (windowOpen = false));
    const [reads, stored, ...writes]: [LoadResult, Awaited<typeof watching>, ...WriterReport[]] = await Promise.all([
      runLoad({
        url: server.url,
        connections: CLIENTS,
        seconds: Math.ceil(SECONDS + DRAIN_BOUND_MS / 1000),
        until: watching,
        requests: READ_MIX,
        headers: { "accept-encoding": "gzip, br" },
      }),
      watching,
      ...writeMix.map((operation) => writeWhile(operation, () => windowOpen)),
    ]);
    const cpuUsed = cpuSpent();
    const stopped = await ingestion.finish(DRAIN_BOUND_MS);
    const jobs = await ingestionJobs();
    const total = await ingestion.storedCount();
    const served = ingestion.sources.reduce((sum, source) => sum + source.served.size, 0);
    console.log(
      `load: ${reads.requests} requests in ${(stored.windowMs / 1000).toFixed(1)} s (${reads.requestsPerSecond.toFixed(0)}/s), p50 ${reads.p50Ms.toFixed(0)} ms, ` +
        `p95 ${reads.p95Ms.toFixed(0)} ms, statuses ${JSON.stringify(reads.statusCounts)}; slowest p95: ${slowestReads(reads)}; ` +
        writes.map((w) => `${w.name}: ${w.acknowledged.length} acknowledged, ${w.rateLimited} rate-limited, ${w.failures.length} failed`).join("; ") +
        `; runner: started in ${(ingestion.startupMs / 1000).toFixed(1)} s, ${stored.last - stored.first} articles ingested in the window ` +
        `(seen storing at ${stored.moves.length} moments), ${jobs.length} jobs (${jobs.filter((job) => job.kind === "scrape").length} scrapes), ` +
        `${total} articles stored of ${served} served; CPU in the window: web ${cpuUsed.web.toFixed(1)} s, runner ${cpuUsed.runner.toFixed(1)} s; drained in ${(stopped.drainMs / 1000).toFixed(1)} s, exit ${stopped.exitCode} in ${stopped.exitMs.toFixed(0)} ms`,
    );
    if (REPORT_FILE) {
      const report = {
        clients: CLIENTS,
        seconds: Math.round(stored.windowMs / 100) / 10,
        corpus: CORPUS,
        reads,
        writes: await Promise.all(
          writes.map(async (w, index) => ({
            name: w.name,
            acknowledged: w.acknowledged.length,
            rateLimited: w.rateLimited,
            failures: w.failures.length,
            lost: (await writeMix[index].missing(w.acknowledged)).length,
          })),
        ),
        ingestedInWindow: stored.last - stored.first,
        peakRssBytes: server.peakRss(),
        serverErrors: server.alarmingLines.length,
      };
      fs.writeFileSync(REPORT_FILE, JSON.stringify(report, null, 2));
    }
    // Throughput is the benchmark's business (npm run bench; a busy CI machine may complete few requests
    // in the quick mode's 10 s): here the server must have answered, and every answer must be a good one.
    expect(reads.requests).toBeGreaterThan(0);
    expect(Object.keys(reads.statusCounts).filter((status) => Number(status) >= 500)).toEqual([]);
    expect(reads.errors).toBe(0);
    expect(server.alarmingLines).toEqual([]);
    for (const [index, report] of writes.entries()) {
      expect(report.failures.slice(0, 5), report.name).toEqual([]);
      expect(report.acknowledged.length, report.name).toBeGreaterThan(0);
      expect(await writeMix[index].missing(report.acknowledged), report.name).toEqual([]);
    }

    // The runner kept storing under the load (seen at two moments of the window at least, watchStoredCount), every
    // ingestion job succeeded with no failed source, and it stopped cleanly on SIGTERM.
    expect(stored.moves.length, "moments the runner was seen storing articles under the load").toBeGreaterThanOrEqual(2);
    expect(
      jobs.map((job) => ({ id: job.id, status: job.status, error: job.error, failedSources: (job.result as { totals?: { failed: number } })?.totals?.failed })),
    ).toEqual(jobs.map((job) => ({ id: job.id, status: "succeeded", error: null, failedSources: 0 })));
    expect(stopped.exitCode).toBe(0);
    expect(troubleLines(ingestion.runner.output())).toEqual([]);
    // Every item a stand-in served is stored, once: nothing lost, nothing duplicated.
    for (const source of ingestion.sources) {
      const stored = await ingestion.storedKeys(source.id);
      expect(source.served.size, source.name).toBeGreaterThan(0);
      expect(stored.length, source.name).toBe(source.served.size);
      expect(new Set(stored), source.name).toEqual(source.served);
    }
    // The window's cap, the drain's bound, and a minute for the checks and the runner's exit.
  },
  SECONDS * 1000 + 2 * DRAIN_BOUND_MS + 60_000,
);
