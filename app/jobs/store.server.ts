// The job queue's rows, shared by the web (which enqueues) and the runner (which claims and runs), and the
// runner's heartbeat. Long work never runs inside a web request: a button enqueues a row and answers at once.
// The queue's rules (which job kinds exist, when a running job is orphaned) are in app/jobs/queue.server.ts.
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { all, db, engine, execute, first, t, transaction } from "../db.server";
import { storableJson, storableText } from "../text/storable";
import { finishedStatus } from "./outcome";
import type { JobKind } from "./queue.server";

const { appState, jobs } = t;

export type JobRow = typeof jobs.$inferSelect;

export const RUNNER_HEARTBEAT_KEY = "runner-heartbeat";

/**
 * Queues a job, or returns the one of that kind already queued or running:
 * one job per kind at a time, however many times the button is pressed.
 */
export async function enqueueJob(kind: JobKind, params: Record<string, unknown> = {}, requestedBy = "schedule") {
  return transaction(
    function* (tx) {
      const existing = yield* tx.first(
        tx.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, kind), inArray(jobs.status, ["queued", "running"]))),
      );
      if (existing) return { job: existing, created: false };
      const job = (yield* tx.first(tx.db.insert(jobs).values({ kind, params, requestedBy }).returning()))!;
      return { job, created: true };
    },
    { behavior: "immediate" },
  );
}

/** The key of a schedule's period: its kind and the tick it fires for, to the minute, as `scrape@2026-11-27T06:00Z`. */
export function scheduleKeyOf(kind: JobKind, tick: Date) {
  return `${kind}@${tick.toISOString().slice(0, 16)}Z`;
}

/**
 * Queues a scheduled job once per period, however many runners fire for it: each runner's cron names the period by
 * its tick (`scheduleKey`), and the key is unique, so a runner whose clock or tick is late finds the period taken,
 * also when its job has already run and finished. A job of the kind already queued or running serves the period,
 * as it does with one runner: it takes the key if it has none, so a later tick of the same period queues nothing.
 */
export async function enqueueScheduledJob(kind: JobKind, params: Record<string, unknown>, scheduleKey: string) {
  return transaction(
    function* (tx) {
      const taken = yield* tx.first(tx.db.select().from(jobs).where(eq(jobs.scheduleKey, scheduleKey)));
      if (taken) return { job: taken, created: false };
      const existing = yield* tx.first(
        tx.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, kind), inArray(jobs.status, ["queued", "running"]))),
      );
      if (existing) {
        if (!existing.scheduleKey) yield* tx.execute(tx.db.update(jobs).set({ scheduleKey }).where(eq(jobs.id, existing.id)));
        return { job: existing, created: false };
      }
      const job = yield* tx.first(tx.db.insert(jobs).values({ kind, params, requestedBy: "schedule", scheduleKey }).onConflictDoNothing().returning());
      if (job) return { job, created: true };
      return { job: (yield* tx.first(tx.db.select().from(jobs).where(eq(jobs.scheduleKey, scheduleKey))))!, created: false };
    },
    { behavior: "immediate" },
  );
}

/**
 * Records a run started outside the queue (an operator's `npm run jobs -- <kind>`) as already running, so its
 * outcome is listed beside the runner's. Its runner id is the process's: if that dies, the runner re-queues it.
 */
export async function recordDirectRun(kind: JobKind, params: Record<string, unknown>, requestedBy: string, runnerId: string, now = new Date()) {
  const job = await first(
    db().insert(jobs).values({ kind, params, requestedBy, status: "running", runnerId, startedAt: now, heartbeatAt: now, attempts: 1 }).returning(),
  );
  return job!;
}

/** Atomically takes the oldest queued job, of the kinds this runner can run, whose kind is not already running. */
export async function claimNextJob(runnerId: string, kinds: readonly string[], now = new Date()): Promise<JobRow | undefined> {
  if (!kinds.length) return undefined;
  const claimed = engine() === "postgres" ? await claimOnPostgres(runnerId, kinds, now) : await claimOnSqlite(runnerId, kinds, now);
  return claimed ? jobById(claimed.id) : undefined;
}

/** SQLite runs one write at a time: the statement's check that no job of the kind is running cannot go stale. */
function claimOnSqlite(runnerId: string, kinds: readonly string[], now: Date) {
  return first<{ id: number }>(sql`
    UPDATE jobs SET status = 'running', runner_id = ${runnerId}, started_at = ${now.getTime()},
      heartbeat_at = ${now.getTime()}, attempts = attempts + 1
    WHERE id = (
      SELECT q.id FROM jobs q WHERE q.status = 'queued' AND q.kind IN ${kinds}
        AND NOT EXISTS (SELECT 1 FROM jobs r WHERE r.kind = q.kind AND r.status = 'running')
      ORDER BY q.id LIMIT 1)
    RETURNING id`);
}

/**
 * On PostgreSQL several runners claim at once. FOR UPDATE SKIP LOCKED hands each queued row to one claim without
 * waiting on rows another claim holds, but under READ COMMITTED two claims could both see "no job of this kind
 * running" and start two of one kind. So the claim runs in an `immediate` transaction, whose advisory lock makes
 * claims (and enqueues) take turns, as SQLite's write lock does: the statement, begun after the lock, sees every
 * earlier claim committed. This is the simplest correct choice: a claim is one short statement, so the turns
 * cost nothing noticeable, and nothing else changes, whereas a unique index on the running job of a kind would
 * also refuse an operator's direct run (`npm run jobs -- scrape`) while the runner runs that kind.
 */
function claimOnPostgres(runnerId: string, kinds: readonly string[], now: Date) {
  return transaction(
    function* (tx) {
      return yield* tx.first<{ id: number }>(sql`
        UPDATE jobs SET status = 'running', runner_id = ${runnerId}, started_at = ${now.getTime()},
          heartbeat_at = ${now.getTime()}, attempts = attempts + 1
        WHERE id = (
          SELECT q.id FROM jobs q WHERE q.status = 'queued' AND q.kind IN ${kinds}
            AND NOT EXISTS (SELECT 1 FROM jobs r WHERE r.kind = q.kind AND r.status = 'running')
          ORDER BY q.id LIMIT 1
          FOR UPDATE SKIP LOCKED)
        RETURNING id`);
    },
    { behavior: "immediate" },
  );
}

export async function heartbeatJob(jobId: number, progress?: Record<string, unknown>) {
  await execute(
    db()
      .update(jobs)
      .set({ heartbeatAt: new Date(), ...(progress ? { progress: storableJson(progress) } : {}) })
      .where(eq(jobs.id, jobId)),
  );
}

/** A recorded error message is one line of the dashboard's job row and of `npm run jobs -- list`, not a page dump. */
export const MAX_JOB_ERROR_CHARS = 2000;

/**
 * Records a job's end: failed on an error, otherwise as its result says (a scrape whose sources all failed failed
 * too). It never throws: error messages quote other sites (a NUL, half a surrogate pair, pages of text), so they are
 * made storable and cut short; when even that cannot be written (a result that is not JSON, the database refusing),
 * the job is recorded as failed with the reason; when that fails too (the database is gone) it answers false and the
 * row stays running, its heartbeat going stale, for the orphan check (app/jobs/queue.server.ts) to re-queue.
 */
export async function finishJob(jobId: number, outcome: { result?: Record<string, unknown>; error?: string }): Promise<boolean> {
  try {
    await execute(
      db()
        .update(jobs)
        .set({
          status: outcome.error ? "failed" : finishedStatus(outcome.result),
          result: outcome.result ? storableJson(outcome.result) : null,
          error: outcome.error === undefined ? null : storableText(outcome.error, MAX_JOB_ERROR_CHARS),
          finishedAt: new Date(),
        })
        .where(eq(jobs.id, jobId)),
    );
    return true;
  } catch (failure) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    const error = storableText(`The job's outcome could not be recorded (${reason})${outcome.error ? `: ${outcome.error}` : ""}`, MAX_JOB_ERROR_CHARS);
    try {
      await execute(db().update(jobs).set({ status: "failed", result: null, error, finishedAt: new Date() }).where(eq(jobs.id, jobId)));
      return true;
    } catch {
      return false;
    }
  }
}

/** Puts a job back in the queue (runner shutting down, or its runner died). */
export async function requeueJob(jobId: number) {
  await execute(db().update(jobs).set({ status: "queued", runnerId: null }).where(eq(jobs.id, jobId)));
}

/** Every job a runner has claimed and not finished. */
export async function runningJobs() {
  return all(db().select().from(jobs).where(eq(jobs.status, "running")));
}

export async function jobById(jobId: number) {
  return first(db().select().from(jobs).where(eq(jobs.id, jobId)));
}

/** The newest jobs, with every job still queued or running first: a busy day of finished runs never hides one. */
export async function recentJobs(limit = 20) {
  return all(
    db()
      .select()
      .from(jobs)
      .orderBy(desc(sql`${jobs.status} IN ('queued', 'running')`), desc(jobs.id))
      .limit(limit),
  );
}

/**
 * The job of each kind the dashboard shows: one still queued or running if there is one (a run finished since,
 * say from the command line, must not hide it), else the latest.
 */
export async function latestJobPerKind() {
  const latestIds = db()
    .select({ id: sql<number>`coalesce(max(CASE WHEN ${jobs.status} IN ('queued', 'running') THEN ${jobs.id} END), max(${jobs.id}))` })
    .from(jobs)
    .groupBy(jobs.kind);
  return all(db().select().from(jobs).where(inArray(jobs.id, latestIds)).orderBy(jobs.kind));
}

export async function recordRunnerHeartbeat(info: Record<string, unknown>) {
  const now = new Date();
  await execute(
    db()
      .insert(appState)
      .values({ key: RUNNER_HEARTBEAT_KEY, value: info, updatedAt: now })
      .onConflictDoUpdate({ target: appState.key, set: { value: info, updatedAt: now } }),
  );
}

/** When the runner last said it was alive, or null if it never ran. */
export async function runnerLastSeen(): Promise<Date | null> {
  const row = await first(db().select().from(appState).where(eq(appState.key, RUNNER_HEARTBEAT_KEY)));
  return row ? row.updatedAt : null;
}

/** How long (ms) each of the latest `limit` finished jobs of a kind ran, newest first. */
export async function recentJobDurations(kind: string, limit: number): Promise<number[]> {
  const rows = await all(
    db()
      .select({ startedAt: jobs.startedAt, finishedAt: jobs.finishedAt })
      .from(jobs)
      .where(and(eq(jobs.kind, kind), isNotNull(jobs.startedAt), isNotNull(jobs.finishedAt)))
      .orderBy(desc(jobs.finishedAt))
      .limit(limit),
  );
  return rows.map((row) => row.finishedAt!.getTime() - row.startedAt!.getTime());
}
