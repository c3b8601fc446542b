// The job queue's guarantees: one job per kind queued or running however often it is asked for, claims that take
// each queued job once, and a running job whose runner is gone queued again (or failed when it keeps dying).
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { all, db, execute, first, t } from "~/db.server";
import { requeueOrphanedJobs, STALE_HEARTBEAT_MS } from "~/jobs/queue.server";
import { enqueueScheduled, scheduledTick, schedules } from "~/jobs/registry.server";
import { claimNextJob, enqueueJob, finishJob, jobById, recordRunnerHeartbeat, runnerLastSeen } from "~/jobs/store.server";

const jobsOf = (kind: string) => all(db().select().from(t.jobs).where(eq(t.jobs.kind, kind)));

beforeEach(async () => {
  await execute(db().delete(t.jobs));
});

describe("the job queue", () => {
  it("keeps one job per kind queued or running, however many ask for it at once", async () => {
    const asked = await Promise.all(Array.from({ length: 8 }, () => enqueueJob("trends", {}, "test")));
    expect(asked.filter((answer) => answer.created)).toHaveLength(1);
    expect(new Set(asked.map((answer) => answer.job.id)).size).toBe(1);
    expect(await jobsOf("trends")).toHaveLength(1);

    const [job] = await jobsOf("trends");
    expect((await claimNextJob("runner-1", ["trends"]))?.id).toBe(job.id);
    expect(await enqueueJob("trends", {}, "test")).toMatchObject({ created: false, job: { id: job.id, status: "running" } });
    await finishJob(job.id, { result: {} });
    const next = await enqueueJob("trends", {}, "test");
    expect(next.created).toBe(true);
    expect(next.job.id).not.toBe(job.id);
  });

  it("hands each queued job to one claim, and never a second job of a kind already running", async () => {
    const scrape = (await enqueueJob("scrape", {}, "test")).job;
    const trends = (await enqueueJob("trends", {}, "test")).job;
    // Claims made at once take their turns in no set order (on PostgreSQL each waits for a pooled connection):
    // whichever order they take, each job goes to exactly one of them and the third finds nothing left it can run.
    const runners = ["a", "b", "c"];
    const claims = await Promise.all([claimNextJob("a", ["scrape", "trends"]), claimNextJob("b", ["scrape", "trends"]), claimNextJob("c", ["scrape"])]);
    const claimed = claims.flatMap((job, i) => (job ? [{ id: job.id, runner: runners[i] }] : []));
    expect(claimed.map((claim) => claim.id).sort()).toEqual([scrape.id, trends.id].sort());
    for (const claim of claimed) expect((await jobById(claim.id))?.runnerId).toBe(claim.runner);
    await execute(db().update(t.jobs).set({ status: "failed" }).where(eq(t.jobs.id, scrape.id)));
    const again = (await enqueueJob("scrape", {}, "test")).job;
    expect((await claimNextJob("c", ["scrape"]))?.id).toBe(again.id);
  });

  it("queues a stale or orphaned running job again, and fails one that keeps killing its runner", async () => {
    const now = Date.now();
    const stale = (await enqueueJob("scrape", {}, "test")).job;
    const orphaned = (await enqueueJob("trends", {}, "test")).job;
    const alive = (await enqueueJob("alerts", {}, "test")).job;
    const doomed = (await enqueueJob("newsletter", {}, "test")).job;
    for (const job of [stale, orphaned, alive, doomed]) await claimNextJob(`runner-${job.kind}`, [job.kind], new Date(now));
    await execute(
      db()
        .update(t.jobs)
        .set({ heartbeatAt: new Date(now - STALE_HEARTBEAT_MS - 1) })
        .where(eq(t.jobs.id, stale.id)),
    );
    await execute(db().update(t.jobs).set({ attempts: 5, heartbeatAt: null }).where(eq(t.jobs.id, doomed.id)));

    expect(await requeueOrphanedJobs((runnerId) => runnerId === "runner-trends", now)).toBe(2);
    expect((await jobById(stale.id))?.status).toBe("queued");
    expect(await jobById(orphaned.id)).toMatchObject({ status: "queued", runnerId: null });
    expect((await jobById(alive.id))?.status).toBe("running");
    expect(await jobById(doomed.id)).toMatchObject({ status: "failed", error: expect.stringContaining("Stopped 5 times") });
  });

  it("queues a scheduled job once per period, whichever runner fires for it and however late", async () => {
    const timezone = "America/New_York";
    const scrape = schedules.find((schedule) => schedule.kind === "scrape")!;
    const tick = new Date("2026-11-27T11:00:00Z"); // 06:00 in New York
    const at = (ms: number) => new Date(tick.getTime() + ms);
    expect(scheduledTick(scrape.cron, timezone, at(25))).toEqual(tick);
    expect(scheduledTick(scrape.cron, timezone, at(5 * 3_600_000))).toEqual(tick);

    const fired = await Promise.all([enqueueScheduled(scrape, timezone, at(25)), enqueueScheduled(scrape, timezone, at(9_000))]);
    expect(fired.filter((answer) => answer.created)).toHaveLength(1);
    expect(fired[0].job).toMatchObject({ id: fired[1].job.id, scheduleKey: "scrape@2026-11-27T11:00Z", requestedBy: "schedule" });

    // Run and finished: a later tick of the same period (a runner whose clock is behind) queues nothing.
    await claimNextJob("runner-1", ["scrape"]);
    await finishJob(fired[0].job.id, { result: {} });
    expect(await enqueueScheduled(scrape, timezone, at(70_000))).toMatchObject({ created: false, job: { id: fired[0].job.id } });
    expect(await jobsOf("scrape")).toHaveLength(1);

    // A job of the kind queued by hand serves the next period, as with one runner, and takes its key.
    const byHand = (await enqueueJob("scrape", {}, "editor@example.gov")).job;
    expect(await enqueueScheduled(scrape, timezone, at(6 * 3_600_000 + 20))).toMatchObject({ created: false, job: { id: byHand.id } });
    await finishJob(byHand.id, { result: {} });
    expect(await enqueueScheduled(scrape, timezone, at(6 * 3_600_000 + 8_000))).toMatchObject({ created: false, job: { id: byHand.id } });
    expect(await jobsOf("scrape")).toHaveLength(2);

    const next = await enqueueScheduled(scrape, timezone, at(12 * 3_600_000 + 10));
    expect(next).toMatchObject({ created: true, job: { scheduleKey: "scrape@2026-11-27T23:00Z" } });
  });

  it("remembers when the runner last said it was alive", async () => {
    await execute(db().delete(t.appState).where(eq(t.appState.key, "runner-heartbeat")));
    expect(await runnerLastSeen()).toBeNull();
    await recordRunnerHeartbeat({ runnerId: "runner-1" });
    const seen = await runnerLastSeen();
    expect(seen).toBeInstanceOf(Date);
    expect((await first(db().select().from(t.appState).where(eq(t.appState.key, "runner-heartbeat"))))?.value).toEqual({ runnerId: "runner-1" });
  });
});
