// Jobs started from the dashboard's Admin Controls and the admin API. They only enqueue: the runner
// does the work. Two calls (recategorize, fix priorities) answer with a result (`updated`), so they wait a little for it.
import { z } from "zod";
import { wholeNumber } from "../validation";
import { sleep } from "../time";
import { BACKFILL_DEFAULT_DAYS, BACKFILL_MAX_DAYS } from "./buttons";
import { describeJob, isFinished } from "./outcome";
import { STALE_HEARTBEAT_MS, type JobKind } from "./queue.server";
import { enqueueJob, jobById, runnerLastSeen, type JobRow } from "./store.server";
import type { JobJson } from "./answer.server";

export { JOB_BUTTONS, REFRESH_AFTER_MS, type ButtonJobKind } from "./buttons";

export const backfillSchema = z.object({
  daysBack: wholeNumber(1, BACKFILL_MAX_DAYS).optional().default(BACKFILL_DEFAULT_DAYS),
});

export type { JobJson };

export function toJobJson(job: JobRow): JobJson {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    params: job.params,
    progress: job.progress ?? null,
    result: job.result ?? null,
    error: job.error,
    summary: describeJob(job),
    requestedBy: job.requestedBy,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

export async function startJob(kind: JobKind, params: Record<string, unknown>, requestedBy: string) {
  const { job, created } = await enqueueJob(kind, params, requestedBy);
  return { job: toJobJson(job), created };
}

/** Polls the job row until it finishes or the time is up; returns its last state. */
export async function waitForJob(jobId: number, timeoutMs: number, pollMs = 250): Promise<JobRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await jobById(jobId))!;
    if (isFinished(job.status) || Date.now() >= deadline) return job;
    await sleep(pollMs);
  }
}

/** The runner's heartbeat state for the dashboard warning. */
export async function runnerHealth(now = Date.now()) {
  const lastSeen = await runnerLastSeen();
  return { lastSeen: lastSeen?.toISOString() ?? null, stale: !lastSeen || now - lastSeen.getTime() > STALE_HEARTBEAT_MS };
}
