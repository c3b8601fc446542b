// The job queue shared by the web (which enqueues) and the runner (which claims and runs).
// Long work never runs inside a web request: a button enqueues a row and answers at once.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { db, t } from "../db.server";
import { finishedStatus } from "./outcome";

const { appState, jobs } = t;

export const JOB_KINDS = ["scrape", "backfill", "recategorize", "fix-priorities", "trends", "newsletter", "alerts", "maintenance"] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export type JobRow = typeof jobs.$inferSelect;

/** A running job whose heartbeat is older than this belongs to a dead runner. */
export const STALE_HEARTBEAT_MS = 60_000;
export const RUNNER_HEARTBEAT_KEY = "runner-heartbeat";

/**
 * Queues a job, or returns the one of that kind already queued or running:
 * one job per kind at a time, however many times the button is pressed.
 */
export function enqueueJob(kind: JobKind, params: Record<string, unknown> = {}, requestedBy = "schedule") {
  return db().transaction(
    (tx) => {
      const existing = tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, kind), inArray(jobs.status, ["queued", "running"])))
        .get();
      if (existing) return { job: existing, created: false };
      const job = tx.insert(jobs).values({ kind, params, requestedBy }).returning().get();
      return { job, created: true };
    },
    { behavior: "immediate" },
  );
}

/**
 * Records a run started outside the queue (an operator's `npm run jobs -- <kind>`) as already running, so its
 * outcome is listed beside the runner's. Its runner id is the process's: if that dies, the runner re-queues it.
 */
export function recordDirectRun(kind: JobKind, params: Record<string, unknown>, requestedBy: string, runnerId: string, now = new Date()) {
  return db().insert(jobs).values({ kind, params, requestedBy, status: "running", runnerId, startedAt: now, heartbeatAt: now, attempts: 1 }).returning().get();
}

/** Atomically takes the oldest queued job, of the kinds this runner can run, whose kind is not already running. */
export function claimNextJob(runnerId: string, kinds: readonly string[], now = new Date()): JobRow | undefined {
  if (!kinds.length) return undefined;
  const claimed = db().get<{ id: number } | undefined>(sql`
    UPDATE jobs SET status = 'running', runner_id = ${runnerId}, started_at = ${now.getTime()},
      heartbeat_at = ${now.getTime()}, attempts = attempts + 1
    WHERE id = (
      SELECT q.id FROM jobs q WHERE q.status = 'queued' AND q.kind IN ${kinds}
        AND NOT EXISTS (SELECT 1 FROM jobs r WHERE r.kind = q.kind AND r.status = 'running')
      ORDER BY q.id LIMIT 1)
    RETURNING id`);
  return claimed ? db().select().from(jobs).where(eq(jobs.id, claimed.id)).get() : undefined;
}

export function heartbeatJob(jobId: number, progress?: Record<string, unknown>) {
  db()
    .update(jobs)
    .set({ heartbeatAt: new Date(), ...(progress ? { progress } : {}) })
    .where(eq(jobs.id, jobId))
    .run();
}

/** Records a job's end: failed on an error, otherwise as its result says (a scrape whose sources all failed failed too). */
export function finishJob(jobId: number, outcome: { result?: Record<string, unknown>; error?: string }) {
  db()
    .update(jobs)
    .set({
      status: outcome.error ? "failed" : finishedStatus(outcome.result),
      result: outcome.result ?? null,
      error: outcome.error ?? null,
      finishedAt: new Date(),
    })
    .where(eq(jobs.id, jobId))
    .run();
}

/** Puts a job back in the queue (runner shutting down, or its runner died). */
export function requeueJob(jobId: number) {
  db().update(jobs).set({ status: "queued", runnerId: null }).where(eq(jobs.id, jobId)).run();
}

/** A job that has been started this many times without finishing is failed instead of retried again. */
const MAX_JOB_ATTEMPTS = 5;

/**
 * Re-queues running jobs whose runner is gone: its heartbeat is stale, or `isRunnerGone` knows it died
 * (a runner killed with SIGKILL and restarted at once). A job that keeps killing its runner is failed.
 */
export function requeueOrphanedJobs(isRunnerGone: (runnerId: string) => boolean, now = Date.now()) {
  const running = db().select().from(jobs).where(eq(jobs.status, "running")).all();
  let requeued = 0;
  for (const job of running) {
    const stale = !job.heartbeatAt || job.heartbeatAt.getTime() < now - STALE_HEARTBEAT_MS;
    if (!stale && !(job.runnerId && isRunnerGone(job.runnerId))) continue;
    if (job.attempts >= MAX_JOB_ATTEMPTS) {
      finishJob(job.id, { error: `Stopped ${job.attempts} times before finishing (its runner was killed or crashed); not retried again` });
    } else {
      requeueJob(job.id);
      requeued++;
    }
  }
  return requeued;
}

export function jobById(jobId: number) {
  return db().select().from(jobs).where(eq(jobs.id, jobId)).get();
}

/** The newest jobs, with every job still queued or running first: a busy day of finished runs never hides one. */
export function recentJobs(limit = 20) {
  return db()
    .select()
    .from(jobs)
    .orderBy(desc(sql`${jobs.status} IN ('queued', 'running')`), desc(jobs.id))
    .limit(limit)
    .all();
}

/**
 * The job of each kind the dashboard shows: one still queued or running if there is one (a run finished since,
 * say from the command line, must not hide it), else the latest.
 */
export function latestJobPerKind() {
  const latestIds = db()
    .select({ id: sql<number>`coalesce(max(CASE WHEN ${jobs.status} IN ('queued', 'running') THEN ${jobs.id} END), max(${jobs.id}))` })
    .from(jobs)
    .groupBy(jobs.kind);
  return db().select().from(jobs).where(inArray(jobs.id, latestIds)).orderBy(jobs.kind).all();
}

export function recordRunnerHeartbeat(info: Record<string, unknown>) {
  const now = new Date();
  db()
    .insert(appState)
    .values({ key: RUNNER_HEARTBEAT_KEY, value: info, updatedAt: now })
    .onConflictDoUpdate({ target: appState.key, set: { value: info, updatedAt: now } })
    .run();
}

/** When the runner last said it was alive, or null if it never ran. */
export function runnerLastSeen(): Date | null {
  const row = db().select().from(appState).where(eq(appState.key, RUNNER_HEARTBEAT_KEY)).get();
  return row ? row.updatedAt : null;
}
