// Two web nodes and two job runners on one PostgreSQL database, as docs/scaling.md lays a site out: the production
// build twice (each its own port, one web process each, the shared page cache on) and the job runner twice, with the
// same DATABASE_URL and SESSION_SECRET. What one node writes, the other must see: sessions, rate limits, bookmarks
// and the articles its shared pages show; and the runners must share the queue without running a job twice.
// The test stands where the load balancer would: it picks the node of every request and writes X-Forwarded-For.
// The site (tests/postgres/multi-node-site.ts) is started once for the file: the last test checks every process of it.
import { spawn } from "node:child_process";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARED_PAGE_CACHE_CONTROL } from "~/http/shared-page-cache.server";
import { RATE_LIMITS } from "~/rate-limit.server";
import type { PgDb } from "../../db/pg/client";
import * as schema from "../../db/pg/schema";
import type { ProductionServer } from "../support/prod-server";
import { waitFor } from "../support/wait";
import {
  ADMIN,
  addArticleOn,
  collectLines,
  cookieOf,
  errorsWithContext,
  logIn,
  send,
  siteEnv,
  startSite,
  stopChild,
  stopSite,
  type Runner,
} from "./multi-node-site";

/** Scrape jobs queued at once for the two runners to share. */
const BULK_JOBS = 1_000;
/** The schedules fired by both runners' stand-ins; scrape is left out, as the bulk jobs keep one queued. */
const SCHEDULED_KINDS = ["maintenance", "trends", "fix-priorities", "alerts", "newsletter"];
const FINISHED = ["succeeded", "partly-failed", "failed"];

let db: PgDb;
let nodeA: ProductionServer;
let nodeB: ProductionServer;
let runners: Runner[] = [];

beforeAll(async () => {
  ({ db, nodeA, nodeB, runners } = await startSite());
}, 240_000);

afterAll(stopSite, 60_000);

describe("two web nodes on one PostgreSQL database", () => {
  it("both answer /healthz with the database up to date and a runner alive", async () => {
    for (const node of [nodeA, nodeB]) {
      const response = await send(node, "/healthz");
      const health = (await response.json()) as { status: string; migrations: { pending: number }; runner: { status: string } };
      expect(response.status, JSON.stringify(health)).toBe(200);
      expect(health).toMatchObject({ status: "ok", database: "ok", migrations: { pending: 0 }, runner: { status: "ok" } });
    }
  });

  it("accept on node B a session made by logging in on node A, and end it everywhere on a sign-out through B", async () => {
    const cookie = await logIn(nodeA);
    const onB = await send(nodeB, "/api/admin/users", { cookie });
    expect(onB.status).toBe(200);
    expect((await onB.json()) as unknown).toEqual(expect.arrayContaining([expect.objectContaining({ email: ADMIN.email, role: "admin" })]));
    expect((await send(nodeB, "/api/admin/users")).status).toBe(401);

    const signOut = await send(nodeB, "/api/auth/logout", { method: "POST", cookie, body: {} });
    expect(signOut.status).toBe(200);
    expect((await send(nodeA, "/api/admin/users", { cookie })).status).toBe(401);
  });

  it("count a rate limit across both nodes: alternating requests are refused at the same total as on one node", async () => {
    const limit = RATE_LIMITS.loginFailuresPerAccount.limit;
    // Failed logins for one account from one address; the last two are past the limit.
    const failedLogins = async (nodeFor: (attempt: number) => ProductionServer, client: string) => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < limit + 2; attempt++) {
        const response = await send(nodeFor(attempt), "/api/auth/login", {
          method: "POST",
          client,
          body: { email: "guessed@nodes.example", password: `wrong-${attempt}` },
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      return statuses;
    };
    const expected = [...Array<number>(limit).fill(401), 429, 429];
    const oneNode = await failedLogins(() => nodeA, "203.0.113.10");
    const alternating = await failedLogins((attempt) => (attempt % 2 ? nodeB : nodeA), "203.0.113.11");
    expect({ oneNode, alternating }).toEqual({ oneNode: expected, alternating: expected });
  });

  it("show on node B a bookmark written on node A, and on A its removal through B", async () => {
    const article = await addArticleOn(nodeA, await logIn(nodeA));
    const saved = await send(nodeA, `/api/articles/${article.id}/bookmark`, { method: "PATCH" });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ id: article.id, isBookmarked: true });
    const visitor = cookieOf(saved, "visitor");

    const onB = await send(nodeB, `/api/articles/${article.id}`, { cookie: visitor });
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ id: article.id, isBookmarked: true });

    const removed = await send(nodeB, `/api/articles/${article.id}/bookmark`, { method: "PATCH", cookie: visitor });
    expect(await removed.json()).toMatchObject({ isBookmarked: false });
    expect(await (await send(nodeA, `/api/articles/${article.id}`, { cookie: visitor })).json()).toMatchObject({ isBookmarked: false });
  });

  it("move each node's shared page cache to a new revision when an article is written through the other node", async () => {
    const cookie = await logIn(nodeA);
    const feed = async (node: ProductionServer) => {
      const response = await send(node, "/");
      return { status: response.status, etag: response.headers.get("etag"), cacheControl: response.headers.get("cache-control"), html: await response.text() };
    };
    for (const [reader, writer] of [
      [nodeB, nodeA],
      [nodeA, nodeB],
    ]) {
      // The reader's copy is cached: the same page, the same ETag, twice.
      const before = await feed(reader);
      expect(before.status).toBe(200);
      expect(before.cacheControl).toBe(SHARED_PAGE_CACHE_CONTROL);
      expect((await feed(reader)).etag).toBe(before.etag);

      const article = await addArticleOn(writer, cookie);
      expect(before.html).not.toContain(article.title);
      const after = await feed(reader);
      expect(after.status).toBe(200);
      expect(after.cacheControl).toBe(SHARED_PAGE_CACHE_CONTROL);
      expect(after.etag).not.toBe(before.etag);
      expect(after.html).toContain(article.title);
    }
  });
});

describe("two job runners on one PostgreSQL database", () => {
  it("queue a scheduled job once when both runners' schedules fire for the same period", async () => {
    // A job of these kinds the runners queued themselves (alerts after their first scrape) and have not run yet would
    // take the schedule's key without either firing creating one: the firing waits until none is left.
    await waitFor(
      async () =>
        (
          await db
            .select({ id: schema.jobs.id })
            .from(schema.jobs)
            .where(and(inArray(schema.jobs.kind, SCHEDULED_KINDS), inArray(schema.jobs.status, ["queued", "running"])))
        ).length === 0,
      () => "the runners to finish the jobs of the scheduled kinds they queued themselves",
      120_000,
      50,
    );
    // No setting makes a schedule fire in a test: each runner's cron is stood in for by a process that makes the
    // cron's own call (tests/support/fire-schedules.ts), both fired at the same moment.
    const firing = ["runner-1", "runner-2"].map((name) => {
      const child = spawn(process.execPath, ["--import", "tsx", "tests/support/fire-schedules.ts", ...SCHEDULED_KINDS], {
        env: { ...process.env, ...siteEnv(name) },
        stdio: ["pipe", "pipe", "pipe"],
      });
      const output: string[] = [];
      collectLines(child, output);
      return { child, output };
    });
    try {
      for (const { child, output } of firing)
        await waitFor(
          () => {
            if (child.exitCode !== null) throw new Error(`the schedule stand-in exited:\n${output.join("\n")}`);
            return output.includes("ready");
          },
          () => `the schedule stand-in to start; it wrote:\n${output.join("\n")}`,
          120_000,
          50,
        );
      // One moment for both: the period a schedule fires for comes from it, as from each runner's clock.
      const firedAt = new Date().toISOString();
      for (const { child } of firing) child.stdin!.write(`${firedAt}\n`);
      const answers = await Promise.all(
        firing.map(async ({ child, output }) => {
          const line = await waitFor(
            () => output.find((text) => text.startsWith("[")),
            () => `the schedule stand-in to fire; it wrote:\n${output.join("\n")}`,
            60_000,
            50,
          );
          await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
          return JSON.parse(line) as { kind: string; id: number; created: boolean }[];
        }),
      );
      // When both created a job, the rows say why (the first had finished before the second fired, say).
      const rowsOf = async (kind: string) =>
        JSON.stringify(
          await db
            .select({ id: schema.jobs.id, status: schema.jobs.status, runnerId: schema.jobs.runnerId, finishedAt: schema.jobs.finishedAt })
            .from(schema.jobs)
            .where(eq(schema.jobs.kind, kind)),
        );
      for (const kind of SCHEDULED_KINDS) {
        const fired = answers.map((answer) => answer.find((entry) => entry.kind === kind)!);
        expect(
          fired.filter((entry) => entry.created),
          `${kind}: ${await rowsOf(kind)}`,
        ).toHaveLength(1);
        expect(fired[0].id, kind).toBe(fired[1].id);
      }
    } finally {
      await Promise.all(firing.map(({ child }) => stopChild(child, 5_000)));
    }

    const scheduled = () =>
      db
        .select()
        .from(schema.jobs)
        .where(and(inArray(schema.jobs.kind, SCHEDULED_KINDS), eq(schema.jobs.requestedBy, "schedule")));
    let rows = await scheduled();
    await waitFor(
      async () => {
        rows = await scheduled();
        return rows.length >= SCHEDULED_KINDS.length && rows.every((row) => FINISHED.includes(row.status));
      },
      () => `the scheduled jobs to finish: ${JSON.stringify(rows.map((row) => [row.kind, row.status]))}`,
      120_000,
      200,
    );
    expect(rows.map((row) => row.kind).sort()).toEqual([...SCHEDULED_KINDS].sort());
    for (const row of rows) {
      expect(row.attempts, row.kind).toBe(1);
      expect(
        runners.map((runner) => runner.id),
        row.kind,
      ).toContain(row.runnerId);
    }
  }, 240_000);

  it(`claim each of ${BULK_JOBS} queued scrape jobs once between them`, async () => {
    // No source is configured, so each scrape is quick: what is measured is the claiming.
    await db.insert(schema.jobs).values(Array.from({ length: BULK_JOBS }, () => ({ kind: "scrape", params: {}, requestedBy: "multi-node-test" })));
    const bulk = () => db.select().from(schema.jobs).where(eq(schema.jobs.requestedBy, "multi-node-test"));
    let left = BULK_JOBS;
    const unfinished = sql`SELECT count(*) AS n FROM jobs WHERE requested_by = 'multi-node-test' AND status IN ('queued', 'running')`;
    await waitFor(
      async () => {
        left = (await db.execute<{ n: number }>(unfinished)).rows[0].n;
        return left === 0;
      },
      () => `the bulk scrape jobs to finish (${left} left)`,
      480_000,
      500,
    );

    const rows = await bulk();
    expect(rows).toHaveLength(BULK_JOBS);
    // One report of all three facts, so a failure of one does not hide the others.
    const claimedMoreThanOnce = rows.filter((row) => row.attempts !== 1);
    expect({
      statuses: [...new Set(rows.map((row) => row.status))],
      claimedMoreThanOnce: claimedMoreThanOnce.length,
      someClaimedMoreThanOnce: claimedMoreThanOnce.slice(0, 3).map((row) => ({ id: row.id, attempts: row.attempts })),
      claimedBy: [...new Set(rows.map((row) => row.runnerId))].sort(),
    }).toEqual({ statuses: ["succeeded"], claimedMoreThanOnce: 0, someClaimedMoreThanOnce: [], claimedBy: runners.map((runner) => runner.id).sort() });
  }, 600_000);
});

describe("every process", () => {
  it("logged no error", () => {
    // Distinct errors only: one fault repeated per request (or per job, whose number aside) says no more than once.
    const nodeErrors = (node: ProductionServer) => [...new Set(errorsWithContext(node.output))];
    const runnerErrors = (runner: Runner) => [...new Set(runner.errors.map((line) => line.replace(/#\d+/, "#n")))];
    expect({
      "node A": nodeErrors(nodeA),
      "node B": nodeErrors(nodeB),
      ...Object.fromEntries(runners.map((runner) => [runner.name, runnerErrors(runner)])),
    }).toEqual({ "node A": [], "node B": [], "runner-1": [], "runner-2": [] });
    // Answers that failed without a message of their own.
    expect([...nodeA.alarmingLines, ...nodeB.alarmingLines].filter((line) => line.includes('"level":50'))).toEqual([]);
  });
});
