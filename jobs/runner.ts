// The job runner: a separate process that enqueues scheduled jobs and runs queued ones, one per kind
// at a time, recording progress, heartbeats, results and errors in the jobs table.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { Cron } from "croner";
import { config } from "../app/config.server";
import { sleep } from "../app/time";
import { requeueOrphanedJobs } from "../app/jobs/queue.server";
import { claimNextJob, finishJob, heartbeatJob, recordRunnerHeartbeat, requeueJob, jobById, type JobRow } from "../app/jobs/store.server";
import { describeJob, isFinished, statusLabel } from "../app/jobs/outcome";
import { migrate } from "../app/schema-store.server";
import { enqueueScheduled, jobHandlers, queueFirstStartJobs, queueRejudgingAfterClassifierChange, schedules } from "../app/jobs/registry.server";
import { refreshRelatedLists } from "../app/related/store/lists.server";

const POLL_MS = 1000;
const HEARTBEAT_MS = 10_000;
const ORPHAN_CHECK_MS = 30_000;
/** How long a stopping runner lets the current job finish before putting it back in the queue. */
const SHUTDOWN_GRACE_MS = 20_000;

/** How long one slice of related-list work may take: a queued job or a heartbeat waits at most about this. */
const RELATED_REFRESH_MS = 500;

/**
 * Keeps the stored related lists (app/related/store/lists.server.ts) current with the articles jobs write:
 * after each batch a job reports and between jobs, new and changed articles are offered to the other lists and
 * missing lists are filled, newest first, one bounded slice at a time.
 */
export async function keepRelatedListsCurrent() {
  try {
    const done = await refreshRelatedLists(RELATED_REFRESH_MS);
    if (done.offered) console.log(`[jobs] related lists: ${done.offered} new or changed article(s) offered, ${done.listsChanged} list(s) changed`);
  } catch (error) {
    console.error(`[jobs] related lists: ${errorMessage(error)}`);
  }
}

/** Runner ids are host:pid:nonce (also of a CLI process running one job). */
export function runnerIdFor(pid: number) {
  return `${hostname()}:${pid}:${randomUUID().slice(0, 8)}`;
}

/**
 * Whether the runner that claimed a job is known to be dead: on this host, its process is gone
 * (or its pid now belongs to us). Runners on other hosts are judged by their heartbeat alone.
 */
function isRunnerGone(runnerId: string, selfId: string) {
  if (runnerId === selfId) return false;
  const [host, pidText] = runnerId.split(":");
  const pid = Number(pidText);
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

function errorMessage(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

/** Runs background work (a timer's, a schedule's) whose failure is logged, never left to stop the process. */
function logFailure(what: string, work: () => Promise<unknown>) {
  return () =>
    void work().catch((error: unknown) => {
      console.error(`[jobs] ${what}: ${errorMessage(error)}`);
    });
}

type RunOptions = { log?: (message: string) => void; onProgress?: (progress: Record<string, unknown>) => void };

async function runJob(job: JobRow, signal: AbortSignal, options: RunOptions = {}) {
  const handler = jobHandlers[job.kind as keyof typeof jobHandlers];
  if (!handler) throw new Error(`No handler for job kind "${job.kind}"`);
  return handler(
    job.params,
    {
      signal,
      progress: async (progress) => {
        await heartbeatJob(job.id, progress);
        options.onProgress?.(progress);
        void keepRelatedListsCurrent();
      },
      log: options.log ?? ((message) => console.log(`[jobs] #${job.id} ${job.kind}: ${message}`)),
    },
    job,
  );
}

/**
 * Runs a claimed (or directly recorded) job to its end and records how it went. A job stopped by `signal`
 * that says it was interrupted, or that fails because of the stop, goes back to the queue when `requeueOnStop`;
 * otherwise it is recorded as stopped. Returns the result, or undefined when it failed or was re-queued; the
 * caller reports the recorded outcome.
 */
export async function executeJob(job: JobRow, signal: AbortSignal, options: RunOptions & { requeueOnStop: boolean }) {
  const keepAlive = setInterval(
    logFailure(`#${job.id} heartbeat`, () => heartbeatJob(job.id)),
    HEARTBEAT_MS,
  );
  try {
    const result = await runJob(job, signal, options);
    if (signal.aborted && result?.interrupted) {
      if (options.requeueOnStop) {
        await requeueJob(job.id);
        console.log(`[jobs] #${job.id} ${job.kind} interrupted: back in the queue`);
        return undefined;
      }
      await finishJob(job.id, { result, error: "Stopped before it finished" });
    } else await finishJob(job.id, { result });
    return result;
  } catch (error) {
    // A job that fails because the runner is stopping did not really fail: it runs again at the next start.
    if (signal.aborted && options.requeueOnStop) {
      await requeueJob(job.id);
      console.log(`[jobs] #${job.id} ${job.kind} stopped: back in the queue`);
    } else await recordFailure(job, error);
    return undefined;
  } finally {
    clearInterval(keepAlive);
  }
}

/**
 * Records a job's failure. finishJob never throws and makes any message storable (app/jobs/store.server.ts); if
 * not even the failure could be written, the row stays running and the orphan check re-queues it once its
 * heartbeat is stale.
 */
async function recordFailure(job: JobRow, error: unknown) {
  if (!(await finishJob(job.id, { error: errorMessage(error) })))
    console.error(`[jobs] #${job.id} ${job.kind} failed and its failure could not be recorded: left to the orphan check`);
}

export async function startRunner() {
  await migrate();
  const runnerId = runnerIdFor(process.pid);
  const requeueOrphans = async () => {
    const requeued = await requeueOrphanedJobs((id) => isRunnerGone(id, runnerId));
    if (requeued) console.log(`[jobs] re-queued ${requeued} job(s) left running by a stopped runner`);
  };
  await requeueOrphans();
  await queueFirstStartJobs();
  await queueRejudgingAfterClassifierChange();

  const stopping = new AbortController();
  const crons = schedules.map(
    (schedule) =>
      new Cron(
        schedule.cron,
        { timezone: config().APP_TIMEZONE, protect: true, catch: (error) => console.error(`[jobs] schedule ${schedule.kind}: ${errorMessage(error)}`) },
        async () => {
          if (schedule.hasWork && !(await schedule.hasWork())) return;
          const { job, created } = await enqueueScheduled(schedule, config().APP_TIMEZONE);
          if (created) console.log(`[jobs] scheduled ${schedule.kind} queued as #${job.id}`);
        },
      ),
  );
  for (const schedule of schedules) console.log(`[jobs] schedule: ${schedule.kind} ${schedule.description}`);

  const beat = () => recordRunnerHeartbeat({ runnerId, pid: process.pid, startedAt: Date.now() });
  await beat();
  const heartbeatTimer = setInterval(logFailure("runner heartbeat", beat), HEARTBEAT_MS);
  const orphanTimer = setInterval(logFailure("orphan check", requeueOrphans), ORPHAN_CHECK_MS);
  // A promise nobody awaited (a timer's or a job's stray work) failing is logged: the runner and the job it is
  // running go on; every failure that matters to a job is awaited and recorded by executeJob.
  process.on("unhandledRejection", (reason) => console.error(`[jobs] unhandled rejection: ${errorMessage(reason)}`));

  let current: { job: JobRow; promise: Promise<void> } | undefined;

  const shutdown = async (signalName: string) => {
    if (stopping.signal.aborted) return;
    console.log(`[jobs] ${signalName}: stopping`);
    stopping.abort();
    for (const cron of crons) cron.stop();
    clearInterval(heartbeatTimer);
    clearInterval(orphanTimer);
    if (current) {
      // Jobs check the signal between units of work and return `interrupted` (re-queued below);
      // one that cannot stop in time goes back to the queue as it is. Every job is idempotent.
      const finished = await Promise.race([current.promise.then(() => true), sleep(SHUTDOWN_GRACE_MS).then(() => false)]);
      if (!finished) await requeueJob(current.job.id);
    }
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  const kinds = Object.keys(jobHandlers);
  console.log(`[jobs] runner ${runnerId} ready (${kinds.join(", ")})`);
  while (!stopping.signal.aborted) {
    try {
      const job = await claimNextJob(runnerId, kinds);
      if (!job) {
        await keepRelatedListsCurrent();
        await sleep(POLL_MS);
        continue;
      }
      const promise = executeJob(job, stopping.signal, { requeueOnStop: true }).then(() => reportOutcome(job));
      current = { job, promise };
      await promise;
      current = undefined;
      await keepRelatedListsCurrent();
    } catch (error) {
      // Whatever one job or one claim throws (the database away for a moment), the runner stays up; a job left
      // running is re-queued by the orphan check once its heartbeat is stale.
      current = undefined;
      console.error(`[jobs] ${errorMessage(error)}`);
      await sleep(POLL_MS);
    }
  }
}

async function reportOutcome(job: JobRow) {
  const row = await jobById(job.id);
  if (!row || !isFinished(row.status)) return;
  const line = `[jobs] #${job.id} ${job.kind} ${statusLabel(row.status)}: ${describeJob(row)}`;
  if (row.status === "failed") console.error(line);
  else console.log(line);
}
