// The public pages every reader shares, the feed first (docs/decisions/013-shared-feed-page.md): which URLs
// share one page, and what that page is made of, as one short string that changes whenever the page would: the
// articles (their revision counter, migration 0003), the newest stored AI summary (indexed, migration 0007),
// the latest trends analysis, the public sources list, the newest Unified Agenda change (its designations show on
// cards; indexed, migration 0013), the last stored rule text or redline (the article and rulemaking pages show
// them), the day in the site's time zone (Today, This Week and This Month move at midnight) and, only while no
// article is stored, the state of the scrapes (the empty feed says how the first update goes,
// app/jobs/first-update.server.ts). View counts are not part of it: the shared page lets them lag by at most
// its cache lifetime, and with JavaScript the cards show the current ones.
import { createHash } from "node:crypto";
import { config } from "../config.server";
import { dayInZone, startOfDayInZone } from "../time";
import { parseRulemakingKey } from "../rulemakings/keys";
import { asksForGrouping, groupedHref } from "./grouped-view";
import { FEED_PARAMS, feedHref, parseFeedParams, tidyFeedPath } from "./filters";
import { sharedContentState } from "./store/shared-feed.server";

/**
 * The last revision made, with the state it was made of and the day's bounds: the state is the same object while
 * nothing in the database changed (store/shared-feed.server.ts), so a shared page's check hashes and formats nothing.
 */
let lastRevision: { row: unknown; timeZone: string; from: number; until: number; revision: string } | undefined;

export async function feedRevision(now = new Date()): Promise<string> {
  const row = await sharedContentState();
  const timeZone = config().APP_TIMEZONE;
  const at = now.getTime();
  const last = lastRevision;
  if (last && last.row === row && row !== undefined && last.timeZone === timeZone && at >= last.from && at < last.until) return last.revision;
  const day = dayInZone(now, timeZone);
  const revision = makeRevision(row, day);
  const [y, m, d] = day.split("-").map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  const from = startOfDayInZone(day, timeZone).getTime();
  const until = startOfDayInZone(next, timeZone).getTime();
  // Kept only when the bounds are the day's own, checked at both ends (a zone's odd transition is made again).
  const exact = from <= at && at < until && dayInZone(from, timeZone) === day && dayInZone(until - 1, timeZone) === day && dayInZone(until, timeZone) === next;
  lastRevision = exact ? { row, timeZone, from, until, revision } : undefined;
  return revision;
}

function makeRevision(row: Awaited<ReturnType<typeof sharedContentState>>, day: string) {
  const sourcesDigest = createHash("sha1")
    .update(`${row?.sources ?? ""}\n${row?.firstUpdate ?? ""}`)
    .digest("base64url")
    .slice(0, 10);
  return [row?.articles ?? 0, row?.summaries ?? 0, row?.agenda ?? 0, row?.ruleTexts ?? 0, row?.trends ?? "-", sourcesDigest, day].join(".");
}

/** Pages with no per-reader part and no parameters, shared like the feed: their content is all in the revision. */
const STATIC_SHARED_PATHS = new Set(["/about", "/comment-periods", "/api/docs"]);

/**
 * The key of a URL whose page is the same for every reader, or null. The feed: its filters in their tidy order
 * (and the grouping of the Regulatory Rollbacks view by rulemaking);
 * null for a reader's own Saved view, for untidy URLs (the route redirects them: `tidyFeedPath`) and for URLs with
 * any other parameter (a dialog opened without JavaScript, a data request). An article's page, a rulemaking's page
 * (in its one upper-case address: app/rulemakings/keys.ts), an article's related articles with the feed view's
 * parameters it keeps, the open comment periods, About and the API page: their
 * path, without parameters. A reader's bookmark on an article page is
 * asked for after load, as on the feed.
 */
export function sharedPageKey(pathname: string, search: string): string | null {
  // An article's related articles (a card's block, opened): the feed view it was opened from is in its links only.
  if (/^\/articles\/\d{1,15}\/related$/.test(pathname)) {
    const params = new URLSearchParams(search);
    return [...params.keys()].every((name) => FEED_PARAMS.has(name)) ? `${pathname}${search}` : null;
  }
  if (pathname !== "/") {
    const rulemaking = /^\/rulemakings\/([^/]+)$/.exec(pathname)?.[1];
    const shared =
      STATIC_SHARED_PATHS.has(pathname) ||
      /^\/articles\/\d{1,15}(?:-[^/.]*)?$/.test(pathname) ||
      (rulemaking !== undefined && parseRulemakingKey(rulemaking) === rulemaking);
    return shared && !search ? pathname : null;
  }
  const params = new URLSearchParams(search);
  // The Regulatory Rollbacks view by rulemaking, in its one address (the route redirects any other).
  if (asksForGrouping(params)) {
    const href = groupedHref(parseFeedParams(params).page);
    return href === `${pathname}${search}` ? href : null;
  }
  if ([...params.keys()].some((name) => !FEED_PARAMS.has(name))) return null;
  if (tidyFeedPath(new URL(`${pathname}${search}`, "http://site.invalid"))) return null;
  const { filters, page } = parseFeedParams(params);
  return filters.saved ? null : feedHref(filters, page);
}
