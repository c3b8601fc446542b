// Several runners sharing one PostgreSQL queue, each a process with its own pool (tests/postgres/queue-worker.ts):
// every queued job is claimed once, two jobs of one kind never run at once, and a schedule queues one job per
// period however many runners fire for it, and whenever they do.
import { spawn, type ChildProcess } from "node:child_process";
import readline from "node:readline";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { all, db, execute, t } from "~/db.server";
import { scheduledTick } from "~/jobs/registry.server";
import { jobById, finishJob, claimNextJob } from "~/jobs/store.server";

type Worker = { process: ChildProcess; ask<T>(command: Record<string, unknown>): Promise<T> };

function startWorker(): Worker {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/postgres/queue-worker.ts"], {
    env: process.env,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const answers = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  let queue = Promise.resolve();
  return {
    process: child,
    ask<T>(command: Record<string, unknown>) {
      const asked = queue.then(async () => {
        child.stdin!.write(`${JSON.stringify(command)}\n`);
        const { value, done } = await answers.next();
        if (done) throw new Error("the worker exited");
        return JSON.parse(value as string) as T;
      });
      queue = asked.then(
        () => undefined,
        () => undefined,
      );
      return asked;
    },
  };
}

let workers: Worker[] = [];

beforeAll(async () => {
  workers = [startWorker(), startWorker()];
  await Promise.all(workers.map((worker) => worker.ask({ op: "ready" })));
});

afterAll(() => {
  for (const worker of workers) worker.process.stdin!.end();
});

beforeEach(async () => {
  await execute(db().delete(t.jobs));
});

const KINDS = ["scrape", "trends", "alerts", "newsletter"];

describe("runners sharing the PostgreSQL queue", () => {
  it("claim each of 1,000 queued jobs exactly once, never two of one kind at a time", async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ kind: KINDS[i % KINDS.length], requestedBy: "test" }));
    const queued = await all(db().insert(t.jobs).values(rows).returning({ id: t.jobs.id }));

    const drained = await Promise.all(workers.map((worker) => worker.ask<{ claimed: number[]; twoOfAKind: number }>({ op: "drain", kinds: KINDS })));

    const claimed = drained.flatMap((answer) => answer.claimed);
    expect(claimed).toHaveLength(1000);
    expect(new Set(claimed).size).toBe(1000);
    expect([...claimed].sort((a, b) => a - b)).toEqual(queued.map((row) => row.id).sort((a, b) => a - b));
    for (const answer of drained) expect(answer.claimed.length).toBeGreaterThan(0);
    expect(drained.map((answer) => answer.twoOfAKind)).toEqual([0, 0]);
    const finished = await all(db().select({ status: t.jobs.status, attempts: t.jobs.attempts }).from(t.jobs));
    expect(finished.every((job) => job.status === "succeeded" && job.attempts === 1)).toBe(true);
  });

  it("give a kind's two queued jobs to one of two claims made at the same instant", async () => {
    for (let round = 0; round < 25; round++) {
      await execute(db().delete(t.jobs));
      await execute(
        db()
          .insert(t.jobs)
          .values([
            { kind: "trends", requestedBy: "test" },
            { kind: "trends", requestedBy: "test" },
          ]),
      );
      const claims = await Promise.all(workers.map((worker) => worker.ask<{ id: number | null }>({ op: "claim", kinds: ["trends"] })));
      expect(claims.filter((claim) => claim.id !== null)).toHaveLength(1);
      expect(await all(db().select().from(t.jobs).where(eq(t.jobs.status, "running")))).toHaveLength(1);
    }
  });

  it("queue one scheduled job per period, however many runners fire for it and whenever they do", async () => {
    const timezone = process.env.APP_TIMEZONE!;
    const tick = scheduledTick("0 */6 * * *", timezone, new Date());
    const at = (ms: number) => new Date(tick.getTime() + ms).toISOString();

    // Two runners fire for the same period at once, one of them with a clock 7 seconds behind.
    const fired = await Promise.all([
      workers[0].ask<{ id: number; created: boolean }>({ op: "schedule", kind: "scrape", firedAt: at(40) }),
      workers[1].ask<{ id: number; created: boolean }>({ op: "schedule", kind: "scrape", firedAt: at(7_000) }),
    ]);
    expect(fired.filter((answer) => answer.created)).toHaveLength(1);
    expect(fired[0].id).toBe(fired[1].id);
    expect((await jobById(fired[0].id))?.scheduleKey).toMatch(/^scrape@\d{4}-\d\d-\d\dT\d\d:\d\dZ$/);

    // The period's job runs and finishes; a runner whose tick comes later still finds the period taken.
    expect((await claimNextJob("runner-a", ["scrape"]))?.id).toBe(fired[0].id);
    await finishJob(fired[0].id, { result: {} });
    const late = await workers[1].ask<{ id: number; created: boolean }>({ op: "schedule", kind: "scrape", firedAt: at(50_000) });
    expect(late).toEqual({ id: fired[0].id, created: false });
    expect(await all(db().select().from(t.jobs))).toHaveLength(1);

    // The next period queues a job again.
    const next = await workers[0].ask<{ id: number; created: boolean }>({ op: "schedule", kind: "scrape", firedAt: at(6 * 3_600_000 + 30) });
    expect(next.created).toBe(true);
    expect(await all(db().select().from(t.jobs))).toHaveLength(2);
  });
});
