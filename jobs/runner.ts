// The job runner: a separate process that enqueues scheduled jobs and runs queued ones, one per kind
// at a time, recording progress, heartbeats, results and errors in the jobs table.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { Cron } from "croner";
import { config } from "../app/config.server";
import { db } from "../app/db.server";
import {
  claimNextJob,
  enqueueJob,
  finishJob,
  heartbeatJob,
  recordRunnerHeartbeat,
  requeueAbandonedJobs,
  requeueJob,
  type JobRow,
} from "../app/jobs/queue.server";
import { migrateDatabase } from "../db/client";
import { jobHandlers, schedules } from "./registry";

const POLL_MS = 1000;
const HEARTBEAT_MS = 10_000;

export function errorMessage(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

export async function runJob(job: JobRow, signal: AbortSignal) {
  const handler = jobHandlers[job.kind as keyof typeof jobHandlers];
  if (!handler) throw new Error(`No handler for job kind "${job.kind}"`);
  return handler(
    job.params,
    {
      signal,
      progress: (progress) => heartbeatJob(job.id, progress),
      log: (message) => console.log(`[jobs] #${job.id} ${job.kind}: ${message}`),
    },
    job,
  );
}

export async function startRunner() {
  migrateDatabase(db());
  const runnerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const requeued = requeueAbandonedJobs();
  if (requeued) console.log(`[jobs] re-queued ${requeued} job(s) left running by a stopped runner`);

  const stopping = new AbortController();
  const crons = schedules.map(
    (schedule) =>
      new Cron(schedule.cron, { timezone: config().APP_TIMEZONE, protect: true }, () => {
        const { job, created } = enqueueJob(schedule.kind, schedule.params ?? {}, "schedule");
        if (created) console.log(`[jobs] scheduled ${schedule.kind} queued as #${job.id}`);
      }),
  );
  for (const schedule of schedules) console.log(`[jobs] schedule: ${schedule.kind} ${schedule.description}`);

  const beat = () => recordRunnerHeartbeat({ runnerId, pid: process.pid, startedAt: Date.now() });
  beat();
  const heartbeatTimer = setInterval(beat, HEARTBEAT_MS);

  let current: { job: JobRow; promise: Promise<void> } | undefined;

  const shutdown = async (signalName: string) => {
    if (stopping.signal.aborted) return;
    console.log(`[jobs] ${signalName}: stopping`);
    stopping.abort();
    for (const cron of crons) cron.stop();
    clearInterval(heartbeatTimer);
    if (current) {
      // Jobs check the signal between units of work; one that cannot finish in time goes back to the queue.
      const finished = await Promise.race([current.promise.then(() => true), sleep(20_000).then(() => false)]);
      if (!finished) requeueJob(current.job.id);
    }
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  const kinds = Object.keys(jobHandlers);
  console.log(`[jobs] runner ${runnerId} ready (${kinds.join(", ")})`);
  while (!stopping.signal.aborted) {
    const job = claimNextJob(runnerId, kinds);
    if (!job) {
      await sleep(POLL_MS);
      continue;
    }
    const keepAlive = setInterval(() => heartbeatJob(job.id), HEARTBEAT_MS);
    const promise = runJob(job, stopping.signal)
      .then((result) => {
        if (stopping.signal.aborted && result?.interrupted) requeueJob(job.id);
        else finishJob(job.id, { result });
        console.log(`[jobs] #${job.id} ${job.kind} finished`);
      })
      .catch((error) => {
        finishJob(job.id, { error: errorMessage(error) });
        console.error(`[jobs] #${job.id} ${job.kind} failed: ${errorMessage(error)}`);
      })
      .finally(() => clearInterval(keepAlive));
    current = { job, promise };
    await promise;
    current = undefined;
  }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
