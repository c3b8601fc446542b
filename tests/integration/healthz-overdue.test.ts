// /healthz names a job that has run far past its usual time (three times its kind's median recent run, and at
// least ten minutes), while its status code still says only whether the database and migrations are sound.
import { afterEach, expect, it } from "vitest";
import { db, execute, t } from "~/db.server";
import * as healthz from "~/routes/healthz";
import { call } from "../support/auth";

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);

afterEach(async () => {
  await execute(db().delete(t.jobs));
});

/** A finished job of `kind` that ran `ms`. */
const finished = (kind: string, ms: number) =>
  execute(
    db()
      .insert(t.jobs)
      .values({ kind, status: "succeeded", startedAt: ago(ms + 2 * MINUTE), finishedAt: ago(2 * MINUTE) }),
  );
const running = (kind: string, forMs: number) =>
  execute(
    db()
      .insert(t.jobs)
      .values({ kind, status: "running", startedAt: ago(forMs), heartbeatAt: new Date() }),
  );

async function health() {
  const response = await call(healthz, "/healthz");
  return {
    status: response.status,
    body: (await response.json()) as { runner: { overdueJobs: { kind: string; runningSeconds: number; usualSeconds: number }[] } },
  };
}

it("reports a job running far past its kind's usual time, and keeps answering 200", async () => {
  for (const ms of [4 * MINUTE, 5 * MINUTE, 6 * MINUTE]) await finished("webhooks", ms);
  await running("webhooks", 16 * MINUTE);
  const { status, body } = await health();
  expect(status).toBe(200);
  expect(body.runner.overdueJobs).toEqual([{ id: expect.any(Number), kind: "webhooks", runningSeconds: expect.any(Number), usualSeconds: 5 * 60 }]);
  expect(body.runner.overdueJobs[0].runningSeconds).toBeGreaterThanOrEqual(16 * 60);
});

it("says nothing of a job within three times its usual run, nor of one under ten minutes however quick its kind", async () => {
  for (const ms of [4 * MINUTE, 5 * MINUTE, 6 * MINUTE]) await finished("scrape", ms);
  await running("scrape", 14 * MINUTE);
  for (const ms of [1000, 2000]) await finished("webhooks", ms);
  await running("webhooks", 9 * MINUTE);
  expect((await health()).body.runner.overdueJobs).toEqual([]);
  // A kind never run before has only the floor.
  await running("trends", 11 * MINUTE);
  expect((await health()).body.runner.overdueJobs).toMatchObject([{ kind: "trends", usualSeconds: 0 }]);
});
