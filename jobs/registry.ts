// What the runner can run, and when the schedules enqueue it.
import type { JobKind } from "../app/jobs/queue.server";
import { runMaintenance } from "./maintenance";
import { runTrends } from "./trends";
import type { JobHandler, Schedule } from "./types";

export const jobHandlers: Partial<Record<JobKind, JobHandler>> = {
  maintenance: runMaintenance,
  trends: runTrends,
};

/** Cron patterns in the configured time zone (APP_TIMEZONE). */
export const schedules: Schedule[] = [
  { kind: "maintenance", cron: "30 3 * * *", description: "daily at 03:30: purge expired sessions, tokens and rate-limit rows" },
  { kind: "trends", cron: "0 9 * * *", description: "daily at 09:00: the 30-day trends analysis" },
];
