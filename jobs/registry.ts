// What the runner can run, and when the schedules enqueue it.
import type { JobKind } from "../app/jobs/queue.server";
import { runMaintenance } from "./maintenance";
import { runNewsletter } from "./newsletter";
import type { JobHandler, Schedule } from "./types";

export const jobHandlers: Partial<Record<JobKind, JobHandler>> = {
  maintenance: runMaintenance,
  newsletter: runNewsletter,
};

/** Cron patterns in the configured time zone (APP_TIMEZONE). */
export const schedules: Schedule[] = [
  { kind: "maintenance", cron: "30 3 * * *", description: "daily at 03:30: purge expired sessions, tokens and rate-limit rows" },
  { kind: "newsletter", cron: "0 8 * * 1", description: "Mondays at 08:00: the weekly newsletter to active subscribers" },
];
