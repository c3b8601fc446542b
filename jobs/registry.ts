// What the runner can run, and when the schedules enqueue it.
import type { JobKind } from "../app/jobs/queue.server";
import { runBackfill, runFixPriorities, runRecategorize, runScrape } from "./ingest";
import { runMaintenance } from "./maintenance";
import { runTrends } from "./trends";
import { runNewsletter } from "./newsletter";
import type { JobHandler, Schedule } from "./types";

export const jobHandlers: Partial<Record<JobKind, JobHandler>> = {
  scrape: runScrape,
  backfill: runBackfill,
  recategorize: runRecategorize,
  "fix-priorities": runFixPriorities,
  maintenance: runMaintenance,
  trends: runTrends,
  newsletter: runNewsletter,
};

/** Cron patterns in the configured time zone (APP_TIMEZONE). */
export const schedules: Schedule[] = [
  { kind: "scrape", cron: "0 */6 * * *", description: "every 6 hours: fetch every due source" },
  // Priorities depend on the date (comment deadlines within 7 days are high), so they are re-derived daily.
  { kind: "fix-priorities", cron: "15 0 * * *", description: "daily at 00:15: re-derive priorities as comment deadlines approach" },
  { kind: "maintenance", cron: "30 3 * * *", description: "daily at 03:30: purge expired sessions, tokens and rate-limit rows" },
  { kind: "trends", cron: "0 9 * * *", description: "daily at 09:00: the 30-day trends analysis" },
  { kind: "newsletter", cron: "0 8 * * 1", description: "Mondays at 08:00: the weekly newsletter to active subscribers" },
];

/** Kinds queued when the runner starts and none has ever run: a fresh install fills its feed at once. */
export const firstStartJobs: JobKind[] = ["scrape"];
