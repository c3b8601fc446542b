// What the runner can run, when the schedules enqueue it, and what it queues when it starts.
import { Cron } from "croner";
import { recordJudgedByCurrentClassifier, storedJudgementIsStale } from "../classify/reclassify.server";
import { hasArticles } from "../classify/store.server";
import type { JobKind } from "./queue.server";
import { enqueueJob, enqueueScheduledJob, latestJobPerKind, scheduleKeyOf } from "./store.server";
import { runBackfill, runFixPriorities, runRecategorize, runScrape } from "./kinds/ingest.server";
import { runMaintenance } from "./kinds/maintenance.server";
import { runTrends } from "./kinds/trends.server";
import { runNewsletter } from "./kinds/newsletter.server";
import { runAlerts, runWebhookDeliveries } from "./kinds/alerts.server";
import { runRedlines, runRuleTexts } from "./kinds/rule-text.server";
import { documentsAwaitingTextCount, redlinesAwaitingCount } from "../rule-text/store.server";
import type { JobHandler, Schedule } from "./types";
import { webhookWorkExists } from "../alerts/webhook-store.server";

export const jobHandlers: Partial<Record<JobKind, JobHandler>> = {
  scrape: runScrape,
  backfill: runBackfill,
  recategorize: runRecategorize,
  "fix-priorities": runFixPriorities,
  maintenance: runMaintenance,
  trends: runTrends,
  newsletter: runNewsletter,
  alerts: runAlerts,
  webhooks: runWebhookDeliveries,
  "rule-texts": runRuleTexts,
  redlines: runRedlines,
};

/** Cron patterns in the configured time zone (APP_TIMEZONE). */
export const schedules: Schedule[] = [
  { kind: "scrape", cron: "0 */6 * * *", description: "every 6 hours: fetch every due source" },
  // Priorities depend on the date (comment deadlines within 7 days are high), so they are re-derived daily.
  { kind: "fix-priorities", cron: "15 0 * * *", description: "daily at 00:15: re-derive priorities as comment deadlines approach" },
  { kind: "maintenance", cron: "30 3 * * *", description: "daily at 03:30: purge expired sessions, tokens and rate-limit rows, and old webhook deliveries" },
  { kind: "trends", cron: "0 9 * * *", description: "daily at 09:00: the 30-day trends analysis" },
  { kind: "newsletter", cron: "0 8 * * 1", description: "Mondays at 08:00: the weekly newsletter to active subscribers" },
  { kind: "alerts", cron: "2 * * * *", description: "hourly: saved-search alerts due this hour (daily at their hour, weekly on Mondays)" },
  // Each retry waits at least a minute (app/alerts/webhooks.server.ts), so a run a minute covers the backoff.
  {
    kind: "webhooks",
    cron: "* * * * *",
    description: "every minute, while an alert delivers by webhook: its new articles, and retries due",
    hasWork: webhookWorkExists,
  },
  {
    kind: "rule-texts",
    cron: "*/10 * * * *",
    description: "every 10 minutes, while rules or proposed rules wait: read their full texts (RULE_TEXTS_PER_RUN at a time)",
    hasWork: async () => (await documentsAwaitingTextCount(new Date())) > 0,
  },
  {
    kind: "redlines",
    cron: "5,35 * * * *",
    description: "every 30 minutes, while CFR parts wait: compare the parts final rules amend (REDLINES_PER_RUN at a time)",
    hasWork: async () => (await redlinesAwaitingCount(new Date())) > 0,
  },
];

const MINUTE = 60_000;
/** How far back a tick is looked for: a minute covers a timely callback; the rest, a late one of any schedule here. */
const TICK_LOOKBACKS = [MINUTE, 60 * MINUTE, 24 * 60 * MINUTE, 8 * 24 * 60 * MINUTE];

/**
 * The tick a schedule's cron callback fires for: the pattern's latest time at or before `firedAt`. A callback fires
 * at or just after its tick, so runners whose clocks differ by less than a period name the same tick.
 */
export function scheduledTick(pattern: string, timezone: string, firedAt: Date): Date {
  const cron = new Cron(pattern, { timezone });
  for (const lookback of TICK_LOOKBACKS) {
    let tick = cron.nextRun(new Date(firedAt.getTime() - lookback));
    if (!tick || tick > firedAt) continue;
    for (let next = cron.nextRun(tick); next && next <= firedAt; next = cron.nextRun(next)) tick = next;
    return tick;
  }
  return new Date(Math.floor(firedAt.getTime() / MINUTE) * MINUTE);
}

/** A schedule's cron callback: queues its job once for the period that `firedAt` falls in, whichever runner fires. */
export async function enqueueScheduled(schedule: Schedule, timezone: string, firedAt = new Date()) {
  const key = scheduleKeyOf(schedule.kind, scheduledTick(schedule.cron, timezone, firedAt));
  return enqueueScheduledJob(schedule.kind, schedule.params ?? {}, key);
}

/** Kinds queued when the runner starts and none has ever run: a fresh install fills its feed at once. */
const firstStartJobs: JobKind[] = ["scrape"];

/** Queues the first-start jobs (a first scrape) that have never run, so a fresh install fills its feed at once. */
export async function queueFirstStartJobs() {
  const ranBefore = new Set((await latestJobPerKind()).map((job) => job.kind));
  for (const kind of firstStartJobs) {
    if (ranBefore.has(kind) || !jobHandlers[kind]) continue;
    const { job } = await enqueueJob(kind, {}, "first start");
    console.log(`[jobs] first start: ${kind} queued as #${job.id}`);
  }
}

/**
 * A new classifier version re-judges the stored articles once (hand-edited ones stay as they are). An install
 * without articles has nothing to re-judge: its articles will be judged by this version as they arrive.
 */
export async function queueRejudgingAfterClassifierChange() {
  if (!(await storedJudgementIsStale())) return;
  if (await hasArticles())
    for (const kind of ["recategorize", "fix-priorities"] as const) {
      const { job } = await enqueueJob(kind, {}, "classifier updated");
      console.log(`[jobs] the classifier changed: ${kind} queued as #${job.id}`);
    }
  await recordJudgedByCurrentClassifier();
}
