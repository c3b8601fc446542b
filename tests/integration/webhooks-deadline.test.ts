// A webhook receiver that never answers cannot hold the job runner: the real runner process takes a webhooks job
// with 40 deliveries to a loopback receiver that accepts every request and never answers, and a scrape queued
// behind it. The webhooks run stops at its deadline (WEBHOOK_RUN_DEADLINE_MS) with the rest still pending, the
// receiver rests (every delivery to it moved past this run), the scrape runs next, and a later run posts nothing.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PARALLEL_POSTS, runWebhooks } from "~/alerts/webhooks.server";
import { all, db, execute, first, t } from "~/db.server";
import { enqueueJob } from "~/jobs/store.server";
import { addArticle } from "../support/articles";
import { federalRegisterRoute, generateDocuments } from "../support/federal-register-api";
import { startServer, type TestServer } from "../support/http-server";
import { addServedSource } from "../support/sources";
import { waitFor } from "../support/wait";

const DELIVERIES = 40;
const DEADLINE_MS = 2000;
let silent: http.Server;
let receiverUrl: string;
let requests = 0;
let feed: TestServer;
let runner: ChildProcess | undefined;

beforeAll(async () => {
  // Takes each request and never answers it.
  silent = http.createServer(() => void requests++);
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`;
  const docs = generateDocuments({
    days: 1,
    perDay: 5,
    lastDay: new Date().toISOString().slice(0, 10),
    samples: [{ title: "Air Plan Approval; Ohio" }],
    prefix: "W",
  });
  feed = await startServer({ "/api/v1/documents.json": federalRegisterRoute(docs) });
});

afterAll(async () => {
  if (runner?.exitCode === null) runner.kill("SIGKILL");
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
  await feed?.close();
});

const jobRow = async (id: number) => (await first(db().select().from(t.jobs).where(eq(t.jobs.id, id))))!;

it("ends the webhooks run at its deadline, leaves the rest pending and rested, and runs the scrape queued behind it", { timeout: 60_000 }, async () => {
  const [alert] = await all(
    db()
      .insert(t.alerts)
      .values({ email: "silent@example.com", view: "", frequency: "daily", hour: 8, confirmedAt: new Date(), cursorArticleId: 0 })
      .returning(),
  );
  await execute(
    db()
      .update(t.alerts)
      .set({ delivery: "webhook", webhookUrl: receiverUrl, webhookFormat: "json", webhookSecret: "whsec_test" })
      .where(eq(t.alerts.id, alert.id)),
  );
  for (let i = 0; i < DELIVERIES; i++) await addArticle({ title: `Waiting for a silent receiver ${i}` });
  await addServedSource(feed.origin, "/api/v1/documents.json?order=newest&per_page=100", { name: "Federal Register (stand-in)", type: "federal-register-api" });
  const webhooks = (await enqueueJob("webhooks", {}, "test")).job;
  const scrape = (await enqueueJob("scrape", {}, "test")).job;

  runner = spawn(process.execPath, ["--import", "tsx", "jobs/cli.ts"], {
    env: { ...process.env, NODE_ENV: "production", WEBHOOK_RUN_DEADLINE_MS: String(DEADLINE_MS) },
    stdio: "ignore",
  });
  // Without the deadline the run would wait 10 s for each of the 40 posts, and the scrape far longer than this.
  await waitFor(async () => (await jobRow(scrape.id)).status === "succeeded", "the scrape queued behind the webhooks job", 45_000);

  const hooks = await jobRow(webhooks.id);
  const scraped = await jobRow(scrape.id);
  expect(hooks.status).toBe("succeeded");
  expect(hooks.finishedAt!.getTime()).toBeLessThanOrEqual(scraped.startedAt!.getTime());
  const result = hooks.result as { queued: number; delivered: number; retrying: number; left: number };
  expect(result).toMatchObject({ queued: DELIVERIES, delivered: 0, failed: 0 });
  // Posted PARALLEL_POSTS at a time until the deadline; none started after it.
  expect(result.retrying).toBeGreaterThanOrEqual(1);
  expect(result.left).toBeGreaterThan(0);
  expect(result.retrying).toBeLessThan(DELIVERIES - PARALLEL_POSTS);
  expect(requests).toBe(result.retrying);

  const rows = await all(db().select().from(t.webhookDeliveries).where(eq(t.webhookDeliveries.alertId, alert.id)));
  expect(rows).toHaveLength(DELIVERIES);
  expect(rows.every((row) => row.status === "pending")).toBe(true);
  expect(rows.filter((row) => row.attempts > 0)).toHaveLength(result.retrying);
  expect(rows.find((row) => row.attempts > 0)!.lastError).toMatch(/Timed out/);
  // The receiver rests: no delivery to it, tried or not, is due before the retry a minute after the run began.
  const started = hooks.startedAt!.getTime();
  for (const row of rows) expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(started + 55_000);

  // So the next run spends nothing on it: the scraped articles are queued to wait with the others.
  runner.kill("SIGTERM");
  const next = await runWebhooks({ now: new Date(), deadlineMs: DEADLINE_MS });
  expect(next).toEqual({ queued: next.queued, delivered: 0, retrying: 0, failed: 0, left: 0 });
  expect(next.queued).toBeGreaterThan(0);
  expect(requests).toBe(result.retrying);
  const waiting = await all(db().select().from(t.webhookDeliveries).where(eq(t.webhookDeliveries.alertId, alert.id)));
  for (const row of waiting) expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(started + 55_000);
});
