// The job queue's rules: the kinds of job there are, and when a running job's runner counts as gone (its job is
// then queued again, or failed when it keeps killing its runner). The rows are in app/jobs/store.server.ts.
import { finishJob, requeueJob, runningJobs } from "./store.server";

export const JOB_KINDS = [
  "scrape",
  "backfill",
  "recategorize",
  "fix-priorities",
  "trends",
  "newsletter",
  "alerts",
  "webhooks",
  "maintenance",
  "rule-texts",
  "redlines",
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** A running job whose heartbeat is older than this belongs to a dead runner. */
export const STALE_HEARTBEAT_MS = 60_000;

/** A job that has been started this many times without finishing is failed instead of retried again. */
const MAX_JOB_ATTEMPTS = 5;

/**
 * Re-queues running jobs whose runner is gone: its heartbeat is stale, or `isRunnerGone` knows it died
 * (a runner killed with SIGKILL and restarted at once). A job that keeps killing its runner is failed.
 */
export async function requeueOrphanedJobs(isRunnerGone: (runnerId: string) => boolean, now = Date.now()) {
  const running = await runningJobs();
  let requeued = 0;
  for (const job of running) {
    const stale = !job.heartbeatAt || job.heartbeatAt.getTime() < now - STALE_HEARTBEAT_MS;
    if (!stale && !(job.runnerId && isRunnerGone(job.runnerId))) continue;
    if (job.attempts >= MAX_JOB_ATTEMPTS) {
      await finishJob(job.id, { error: `Stopped ${job.attempts} times before finishing (its runner was killed or crashed); not retried again` });
    } else {
      await requeueJob(job.id);
      requeued++;
    }
  }
  return requeued;
}
