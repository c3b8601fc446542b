// The job queue's guarantees: one job per kind queued or running however often it is asked for, claims that take
// each queued job once, and a running job whose runner is gone queued again (or failed when it keeps dying).
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { all, db, execute, first, t } from "~/db.server";
import { requeueOrphanedJobs, STALE_HEARTBEAT_MS } from "~/jobs/queue.server";
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
    const claims = await Promise.all([claimNextJob("a", ["scrape", "trends"]), claimNextJob("b", ["scrape", "trends"]), claimNextJob("c", ["scrape"])]);
    expect(claims.map((job) => job?.id)).toEqual([scrape.id, trends.id, undefined]);
    expect((await jobById(scrape.id))?.runnerId).toBe("a");
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

  it("remembers when the runner last said it was alive", async () => {
    await execute(db().delete(t.appState).where(eq(t.appState.key, "runner-heartbeat")));
    expect(await runnerLastSeen()).toBeNull();
    await recordRunnerHeartbeat({ runnerId: "runner-1" });
    const seen = await runnerLastSeen();
    expect(seen).toBeInstanceOf(Date);
    expect((await first(db().select().from(t.appState).where(eq(t.appState.key, "runner-heartbeat"))))?.value).toEqual({ runnerId: "runner-1" });
  });
});
