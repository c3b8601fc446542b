// Source health rules: what a fetch's outcome writes to a source, when a failing source is tried again, and
// the monitor's counts. A failing source waits longer and longer (capped at a day) and is healthy again on its
// first success. The labels people see are in app/sources/health.ts.
import { storableText } from "../text/storable";
import { doublingDelay } from "../time";
import type { HealthStatus } from "./health";
import { updateSourceFields, type SourceRow } from "./store.server";

export const BACKOFF_BASE_MS = 30 * 60_000;
export const BACKOFF_CAP_MS = 24 * 60 * 60_000;
/** A feed that parses but has had nothing new for this long is worth a look. */
export const QUIET_FEED_MS = 30 * 24 * 60 * 60_000;
/** Consecutive failures from which a source counts as failed rather than having issues. */
export const ERROR_AFTER_FAILURES = 3;
/** A failure's message is one line of the sources list. */
const MAX_ERROR_CHARS = 1000;

/** The wait after the n-th consecutive failure: 30 min, 1 h, 2 h, ... capped at 24 h. */
export function backoffDelay(consecutiveFailures: number) {
  return doublingDelay(consecutiveFailures, BACKOFF_BASE_MS, BACKOFF_CAP_MS);
}

/** Whether a scheduled scrape should fetch the source now (a source in back-off waits for its next check). */
export function isDue(source: Pick<SourceRow, "isActive" | "nextCheckAt">, now: Date) {
  return source.isActive && (!source.nextCheckAt || source.nextCheckAt.getTime() <= now.getTime());
}

export function statusForFailures(consecutiveFailures: number): HealthStatus {
  return consecutiveFailures >= ERROR_AFTER_FAILURES ? "error" : "warning";
}

function quietMessage(since: Date, now: Date) {
  const days = Math.floor((now.getTime() - since.getTime()) / 86_400_000);
  return `No new items for ${days} days`;
}

/**
 * Records a successful fetch (a 304 counts: nothing new is still a working source).
 * `newestItemAt` is the newest item date the feed showed, if it showed any; `warning` is something
 * about the fetch worth an operator's look (the source stays in service).
 */
export async function recordScrapeSuccess(
  source: SourceRow,
  outcome: { now: Date; newestItemAt?: Date | null; etag?: string | null; lastModified?: string | null; detectedType?: string | null; warning?: string | null },
) {
  const { now } = outcome;
  const newest = outcome.newestItemAt ? new Date(Math.min(outcome.newestItemAt.getTime(), now.getTime())) : null;
  const lastItemAt = newest && (!source.lastItemAt || newest > source.lastItemAt) ? newest : source.lastItemAt;
  const quietSince = lastItemAt ?? source.createdAt;
  const quiet = now.getTime() - quietSince.getTime() > QUIET_FEED_MS;
  const warning = outcome.warning || (quiet ? quietMessage(quietSince, now) : null);
  await updateSourceFields(source.id, {
    status: warning ? "warning" : "healthy",
    errorMessage: warning,
    lastScraped: now,
    lastSuccessfulScrape: now,
    lastItemAt,
    consecutiveFailures: 0,
    nextCheckAt: null,
    ...(outcome.etag !== undefined ? { etag: outcome.etag } : {}),
    ...(outcome.lastModified !== undefined ? { lastModified: outcome.lastModified } : {}),
    ...(outcome.detectedType ? { type: outcome.detectedType } : {}),
  });
}

export async function recordScrapeFailure(source: SourceRow, message: string, now: Date) {
  const consecutiveFailures = source.consecutiveFailures + 1;
  await updateSourceFields(source.id, {
    status: statusForFailures(consecutiveFailures),
    // A failure quotes what the site sent (docs/decisions/035): no NUL or half a surrogate pair reaches the row.
    errorMessage: storableText(message, MAX_ERROR_CHARS),
    lastScraped: now,
    consecutiveFailures,
    nextCheckAt: new Date(now.getTime() + backoffDelay(consecutiveFailures)),
  });
}
