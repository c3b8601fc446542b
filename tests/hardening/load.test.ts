// Load: N concurrent clients (HARDENING_LOAD_CLIENTS, default 50; 8 in quick mode) for a bounded time
// (HARDENING_LOAD_SECONDS, default 60; 10 in quick mode) mixing reads, while writers run beside them. No 5xx, no dropped connection,
// no SQLITE_BUSY or other error in the server's log, and every acknowledged write is in the database after.
import { afterAll, beforeAll, expect, it } from "vitest";
import { desc } from "drizzle-orm";
import { db, t } from "../../app/db.server";
import { seedDefaultSources } from "../../db/seed";
import { insertArticle } from "../../app/articles/store.server";
import { generatedArticle } from "../bench/generator";
import { runLoad, type LoadResult } from "../support/load";
import type { ProductionServer } from "../support/prod-server";
import { QUICK, serveTestDatabase } from "./harness";
import { RATE_LIMITED, READ_MIX, writeMix as buildWriteMix, type WriteOperation } from "./load-mix";

// The quick mode's budget is seconds: fewer clients, so answers come back within it even on a busy CI machine.
const CLIENTS = Number(process.env.HARDENING_LOAD_CLIENTS ?? (QUICK ? 8 : 50));
const SECONDS = Number(process.env.HARDENING_LOAD_SECONDS ?? (QUICK ? 10 : 60));
const CORPUS = 3_000;

let server: ProductionServer;
let writeMix: WriteOperation[];

beforeAll(async () => {
  seedDefaultSources();
  const sources = db().select({ id: t.sources.id, name: t.sources.name, category: t.sources.category }).from(t.sources).all();
  const newest = new Date();
  db().transaction(() => {
    for (let i = 0; i < CORPUS; i++) insertArticle(generatedArticle(i, CORPUS, newest, sources));
  });
  const articleIds = db().select({ id: t.articles.id }).from(t.articles).orderBy(desc(t.articles.id)).all().map((row) => row.id);
  writeMix = buildWriteMix(sources, articleIds);
  server = await serveTestDatabase("load");
});

afterAll(() => server?.stop());

/** What one writer saw: acknowledged keys, 429 answers (per-client limits doing their job), and failures. */
type WriterReport = { name: string; acknowledged: string[]; rateLimited: number; failures: string[] };

/** Runs one write operation in a loop until the deadline, recording what was acknowledged and what threw. */
async function writeUntil(operation: WriteOperation, deadline: number): Promise<WriterReport> {
  const report: WriterReport = { name: operation.name, acknowledged: [], rateLimited: 0, failures: [] };
  for (let sequence = 0; Date.now() < deadline; sequence++) {
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

it(`serves ${CLIENTS} clients for ${SECONDS} s of mixed reads and writes without a failure`, async () => {
  const deadline = Date.now() + SECONDS * 1000;
  const [reads, ...writes]: [LoadResult, ...WriterReport[]] = await Promise.all([
    runLoad({ url: server.url, connections: CLIENTS, seconds: SECONDS, requests: READ_MIX, headers: { "accept-encoding": "gzip, br" } }),
    ...writeMix.map((operation) => writeUntil(operation, deadline)),
  ]);
  console.log(
    `load: ${reads.requests} requests in ${SECONDS} s (${reads.requestsPerSecond.toFixed(0)}/s), p50 ${reads.p50Ms.toFixed(0)} ms, ` +
      `p95 ${reads.p95Ms.toFixed(0)} ms, statuses ${JSON.stringify(reads.statusCounts)}; ` +
      writes.map((w) => `${w.name}: ${w.acknowledged.length} acknowledged, ${w.rateLimited} rate-limited, ${w.failures.length} failed`).join("; "),
  );
  // Throughput is the benchmark's business (npm run bench; a busy CI machine may complete few requests
  // in the quick mode's 8 s): here the server must have answered, and every answer must be a good one.
  expect(reads.requests).toBeGreaterThan(0);
  expect(Object.keys(reads.statusCounts).filter((status) => Number(status) >= 500)).toEqual([]);
  expect(reads.errors).toBe(0);
  expect(server.alarmingLines).toEqual([]);
  for (const [index, report] of writes.entries()) {
    expect(report.failures.slice(0, 5), report.name).toEqual([]);
    expect(report.acknowledged.length, report.name).toBeGreaterThan(0);
    expect(writeMix[index].missing(report.acknowledged), report.name).toEqual([]);
  }
});
