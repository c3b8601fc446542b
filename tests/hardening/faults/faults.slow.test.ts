// Faults with the real processes: the web SIGKILLed during a burst of writes (and a second writer killed with
// it) leaves a database that passes the integrity check and a product that starts and serves again; a source
// that hangs forever costs the scrape its time limit and nothing else, while the web keeps answering; a model
// server that hangs or is down gives the AI summary route's failure answer in bounded time.
import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AI_SUMMARY_FALLBACK_MESSAGE } from "~/ai/summary-failure";
import { config } from "~/config.server";
import { db, t } from "~/db.server";
import { enqueueJob } from "~/jobs/store.server";
import { isFinished } from "~/jobs/outcome";
import { addArticle } from "../../support/articles";
import { serveFixture, startServer, type TestServer } from "../../support/http-server";
import { ensureBuild, startRunner, startWeb, stop, timedGet, type ProductProcess } from "./processes";
import { freePort } from "../../support/ports";
import { addServedSource } from "../../support/sources";

/** Ports given to this suite (E2E_PORT range 3271-3279; 3271 is the browser tests'). */
const PORTS = { burst: 3272, hangingSource: 3273, modelHangs: 3274, modelDown: 3275 };
/** A page of the feed must come back within this while something else is stuck. */
const RESPONSIVE_MS = 1000;

const started: ProductProcess[] = [];
const servers: { close(): unknown }[] = [];

beforeAll(() => ensureBuild(), 120_000);
afterAll(async () => {
  for (const process of started) await stop(process, "SIGKILL");
  for (const server of servers) await server.close();
});
// Every part posts from 127.0.0.1; the AI summary limit per visitor must not leak from one part to the next.
beforeEach(() => void db().delete(t.rateLimits).run());

async function web(port: number, env: Record<string, string> = {}) {
  const process = await startWeb(port, env);
  started.push(process);
  return process;
}

/** A server that accepts connections and requests and never answers. */
async function hangingServer() {
  const server = http.createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push({ close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function postSummary(origin: string, id: number) {
  return fetch(`${origin}/api/articles/${id}/ai-summary`, { method: "POST", headers: { Origin: origin, "Content-Type": "application/json" } });
}

/** GETs `/` one after another until `done()`, returning each one's time. */
async function pollFeed(origin: string, done: () => boolean) {
  const times: number[] = [];
  while (!done()) {
    const { status, ms } = await timedGet(`${origin}/`);
    expect(status).toBe(200);
    times.push(ms);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return times;
}

describe("the web SIGKILLed during a burst of writes", () => {
  it("leaves a database that passes the integrity check, keeps every answered write, and starts again", { timeout: 60_000 }, async () => {
    const deadPage = `http://127.0.0.1:${await freePort()}`;
    const ids: number[] = [];
    for (let i = 0; i < 60; i++)
      ids.push(
        await addArticle({
          title: `Burst article ${i}`,
          summary: `The agency proposes to rescind rule ${i}. Comments are due by May 1, 2025.`,
          originalUrl: `${deadPage}/burst/${i}`,
        }),
      );
    const site = await web(PORTS.burst);
    const writer = spawn(process.execPath, ["--import", "tsx", "tests/hardening/faults/write-articles.ts"], {
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let writerErrors = "";
    writer.stderr!.on("data", (chunk) => (writerErrors += chunk));
    const writerExited = new Promise((resolve) => writer.once("exit", resolve));
    await new Promise<void>((resolve) => writer.stdout!.once("data", () => resolve()));

    // 30 clients post summary requests (each one a write: the summary cache or the rate-limit counter).
    const answered: { id: number; status: number }[] = [];
    let next = 0;
    const client = async () => {
      while (next < 600) {
        const id = ids[next++ % ids.length];
        try {
          const response = await postSummary(site.origin, id);
          await response.arrayBuffer();
          answered.push({ id, status: response.status });
        } catch {
          return; // the server died mid-request
        }
      }
    };
    const clients = Array.from({ length: 30 }, client);
    while (answered.length < 40) await new Promise((resolve) => setTimeout(resolve, 5));
    site.child.kill("SIGKILL");
    writer.kill("SIGKILL");
    await Promise.all([site.exited, writerExited, ...clients]);
    expect(answered.filter((a) => a.status === 200).length).toBeGreaterThan(0);

    // A fresh connection, as the next start would open it.
    const file = new Database(config().DATABASE_URL);
    expect(file.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(file.pragma("foreign_key_check")).toEqual([]);
    const summarized = new Set(
      (file.prepare(`SELECT id FROM articles WHERE ai_summary IS NOT NULL AND id IN (${ids.join(",")})`).all() as { id: number }[]).map((row) => row.id),
    );
    const writerRows = (file.prepare("SELECT count(*) AS n FROM articles WHERE source_name = 'Writer'").get() as { n: number }).n;
    file.close();
    // Every summary the web answered with is stored; the killed writer's committed rows are there.
    for (const { id } of answered.filter((a) => a.status === 200)) expect(summarized.has(id), `article ${id}`).toBe(true);
    expect(writerRows).toBeGreaterThan(0);
    // The writer never saw SQLITE_BUSY, however hard the web was writing beside it.
    expect(writerErrors).toBe("");

    // The product starts on the same database and serves reads and writes again.
    const again = await web(PORTS.burst);
    expect((await timedGet(`${again.origin}/`)).status).toBe(200);
    expect((await timedGet(`${again.origin}/api/articles?limit=12`)).status).toBe(200);
    const unsummarized = ids.find((id) => !summarized.has(id));
    if (unsummarized !== undefined) {
      db().delete(t.rateLimits).run();
      expect((await postSummary(again.origin, unsummarized)).status).toBe(200);
    }
    await stop(again, "SIGKILL");
  });
});

describe("a source that hangs forever", () => {
  let feeds: TestServer;
  beforeAll(async () => {
    feeds = await startServer({
      "/sec.rss": serveFixture("sec-press-releases.rss", "application/rss+xml"),
      "/hang.rss": () => {},
      "/drip.rss": (_req, res) => {
        res.writeHead(200, { "content-type": "application/rss+xml" });
        const timer = setInterval(() => res.write(" "), 200);
        res.on("close", () => clearInterval(timer));
      },
    });
    servers.push(feeds);
  });

  it("fails on its time limit with a clear error while the other sources succeed and the web keeps answering", { timeout: 60_000 }, async () => {
    db().delete(t.sources).run();
    const source = async (name: string, path: string) => (await addServedSource(feeds.origin, path, { name, type: "rss" })).id;
    const hanging = await source("Hangs forever", "/hang.rss");
    const dripping = await source("Drips forever", "/drip.rss");
    const working = await source("SEC", "/sec.rss");

    const site = await web(PORTS.hangingSource);
    const { job } = await enqueueJob("scrape", {}, "test");
    const runner = startRunner({ FETCH_TIMEOUT_MS: "3000" });
    started.push(runner);
    const jobRow = () => db().select().from(t.jobs).where(eq(t.jobs.id, job.id)).get()!;
    const finished = () => isFinished(jobRow().status);

    while (jobRow().status === "queued") await new Promise((resolve) => setTimeout(resolve, 50));
    const times = await pollFeed(site.origin, finished);
    const row = jobRow();
    // Two of its three sources timed out: the job says so.
    expect(row.status).toBe("partly-failed");
    // The run lasted as long as the time limit (3 s), not forever, and the web answered all along.
    const runMs = row.finishedAt!.getTime() - row.startedAt!.getTime();
    expect(runMs).toBeGreaterThanOrEqual(2900);
    expect(runMs).toBeLessThan(10_000);
    expect(times.length).toBeGreaterThan(5);
    expect(Math.max(...times)).toBeLessThan(RESPONSIVE_MS);

    const health = new Map(
      db()
        .select()
        .from(t.sources)
        .where(inArray(t.sources.id, [hanging, dripping, working]))
        .all()
        .map((s) => [s.id, s]),
    );
    for (const id of [hanging, dripping])
      expect(health.get(id)).toMatchObject({ status: "warning", errorMessage: "Timed out after 3 s", consecutiveFailures: 1 });
    expect(health.get(working)).toMatchObject({ status: "healthy", errorMessage: null });
    expect(db().select().from(t.articles).where(eq(t.articles.sourceId, working)).all().length).toBeGreaterThan(0);
    const result = row.result as { totals: { failed: number; new: number } };
    expect(result.totals).toMatchObject({ failed: 2 });
    console.info(`[faults] hanging source: scrape ${runMs} ms; ${times.length} feed requests meanwhile, slowest ${Math.round(Math.max(...times))} ms`);
    await stop(runner);
    await stop(site, "SIGKILL");
  });
});

describe("the model server hangs or is down", () => {
  async function expectFailureAnswer(port: number, baseUrl: string, status: number, withinMs: number) {
    const deadPage = `http://127.0.0.1:${await freePort()}`;
    const id = await addArticle({
      title: `Model fault ${port}`,
      summary: "The agency withdraws its proposed rule on reporting.",
      originalUrl: `${deadPage}/article`,
    });
    const site = await web(port, { AI_PROVIDER: "openai", OPENAI_BASE_URL: baseUrl, OPENAI_TIMEOUT_MS: "1500" });
    const startedAt = performance.now();
    let answered = false;
    const [response, times] = await Promise.all([postSummary(site.origin, id).finally(() => (answered = true)), pollFeed(site.origin, () => answered)]);
    const elapsed = performance.now() - startedAt;
    const body = await response.json();
    expect(response.status).toBe(status);
    expect(body).toMatchObject({ userMessage: expect.any(String), suggestions: expect.any(Array), fallbackMessage: AI_SUMMARY_FALLBACK_MESSAGE });
    expect(body.suggestions.length).toBeGreaterThan(0);
    expect(elapsed).toBeLessThan(withinMs);
    if (times.length) expect(Math.max(...times)).toBeLessThan(RESPONSIVE_MS);
    // Nothing was cached: the next request tries again.
    expect(db().select().from(t.articles).where(eq(t.articles.id, id)).get()!.aiSummary).toBeNull();
    console.info(`[faults] model ${status}: answered in ${Math.round(elapsed)} ms; ${times.length} feed requests meanwhile`);
    await stop(site, "SIGKILL");
    return times;
  }

  it("hangs: 504 with the failure shape within two attempts of OPENAI_TIMEOUT_MS, the feed answering meanwhile", { timeout: 30_000 }, async () => {
    const times = await expectFailureAnswer(PORTS.modelHangs, `${await hangingServer()}/v1`, 504, 8000);
    expect(times.length).toBeGreaterThan(5);
  });

  it("down: 503 with the failure shape at once", { timeout: 30_000 }, async () => {
    await expectFailureAnswer(PORTS.modelDown, `http://127.0.0.1:${await freePort()}/v1`, 503, 5000);
  });
});
