// The job runner as a real process: SIGTERM mid-scrape puts the job back in the queue and exits cleanly;
// SIGKILL mid-scrape leaves it running, and the next start re-queues and finishes it, with no duplicates.
import { spawn, type ChildProcess } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db, first, t } from "~/db.server";
import { enqueueJob } from "~/jobs/store.server";
import { SCRAPE_MAX_PAGES } from "~/ingest/scrape.server";
import { federalRegisterRoute, generateDocuments } from "../support/federal-register-api";
import { startServer, type TestServer } from "../support/http-server";
import { addServedSource } from "../support/sources";
import { waitFor } from "../support/wait";

const PER_PAGE = 100;
const PAGE_DELAY_MS = 350;
let server: TestServer;
const runners: ChildProcess[] = [];

beforeAll(async () => {
  const docs = generateDocuments({
    days: 20,
    perDay: 60,
    lastDay: new Date().toISOString().slice(0, 10),
    samples: [{ title: "Air Plan Approval; Ohio" }],
    prefix: "K",
  });
  const route = federalRegisterRoute(docs);
  server = await startServer({
    "/api/v1/documents.json": (req, res, origin) => void setTimeout(() => route(req, res, origin), PAGE_DELAY_MS),
  });
});

afterAll(async () => {
  for (const runner of runners) if (runner.exitCode === null) runner.kill("SIGKILL");
  await server.close();
});

function startRunner() {
  // Node itself with the tsx loader (not the tsx wrapper), so the signals reach the runner process itself.
  const runner = spawn(process.execPath, ["--import", "tsx", "jobs/cli.ts"], {
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  runner.stdout!.on("data", (chunk) => (output += chunk));
  runner.stderr!.on("data", (chunk) => (output += chunk));
  runners.push(runner);
  return { runner, output: () => output };
}

const articleCount = async () => (await first<{ n: number }>(sql`SELECT count(*) AS n FROM articles`))!.n;
const jobRow = async (id: number) => (await first(db().select().from(t.jobs).where(eq(t.jobs.id, id))))!;

const exited = (runner: ChildProcess) => new Promise<number | null>((resolve) => runner.once("exit", (code) => resolve(code)));

it("re-queues on SIGTERM, survives SIGKILL, and finishes the scrape exactly once", { timeout: 60_000 }, async () => {
  await addServedSource(server.origin, `/api/v1/documents.json?order=newest&per_page=${PER_PAGE}`, {
    name: "Federal Register (stand-in)",
    type: "federal-register-api",
  });
  const { job } = await enqueueJob("scrape", {}, "test");
  const expected = SCRAPE_MAX_PAGES * PER_PAGE;

  // 1. SIGTERM in the middle: the job goes back to the queue and the runner exits cleanly.
  const firstRunner = startRunner();
  await waitFor(async () => (await articleCount()) >= PER_PAGE, "the first page", 20_000);
  const firstExit = exited(firstRunner.runner);
  firstRunner.runner.kill("SIGTERM");
  expect(await firstExit).toBe(0);
  expect((await jobRow(job.id)).status).toBe("queued");
  expect(await articleCount()).toBeLessThan(expected);
  expect((await articleCount()) % PER_PAGE).toBe(0);

  // 2. SIGKILL in the middle: the job is left "running" with a fresh heartbeat.
  const second = startRunner();
  await waitFor(async () => (await jobRow(job.id)).status === "running" && (await jobRow(job.id)).attempts === 2, "the second claim", 20_000);
  const before = await articleCount();
  await waitFor(async () => (await articleCount()) >= before + PER_PAGE, "progress in the second run", 20_000);
  const secondExit = exited(second.runner);
  second.runner.kill("SIGKILL");
  await secondExit;
  expect((await jobRow(job.id)).status).toBe("running");
  expect((await articleCount()) % PER_PAGE).toBe(0);

  // 3. The next start sees the dead runner's job, re-queues it and finishes it.
  const third = startRunner();
  await waitFor(async () => (await jobRow(job.id)).status === "succeeded", "the job to finish", 30_000);
  await waitFor(
    () => third.output().includes("re-queued 1 job(s) left running by a stopped runner"),
    () => `the runner's log line in:\n${third.output()}`,
    5000,
  );
  expect(await articleCount()).toBe(expected);
  const distinct = (await first<{ n: number }>(sql`SELECT count(DISTINCT document_number) AS n FROM articles`))!.n;
  expect(distinct).toBe(expected);
  const result = (await jobRow(job.id)).result as { totals: { new: number; failed: number } };
  expect(result.totals.failed).toBe(0);
  const source = (await first(db().select().from(t.sources)))!;
  expect(source.status).toBe("healthy");
  const thirdExit = exited(third.runner);
  third.runner.kill("SIGTERM");
  expect(await thirdExit).toBe(0);
});
