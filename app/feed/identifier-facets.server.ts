// /api/articles/facets's counts, computed at most once per view and content revision. Counting the identifiers of
// a broad view reads every identifier of each kind: with a category and a priority, 320-500 ms of CPU per call at
// 100,000 articles on SQLite (docs/benchmarks.md), which 8 parallel anonymous clients turned into seconds of wait
// for every other page. So answers are kept per revision (app/feed/shared-feed.server.ts: articles, the day),
// identical calls in flight share one computation, a client runs at most two calls at once and the site starts
// at most four counts a second.
import { AppError } from "../errors";
import { keptPerRevision } from "../kept-per-revision";
import { slotsInUse, takeSlot, type SlotRule } from "../slots.server";
import { VIEW_PARAMS, type ArticleFilters } from "./filters";
import { identifierFacets, type IdentifierFacets } from "./queries.server";
import { feedRevision } from "./shared-feed.server";

/**
 * Answers kept, least recently used dropped first; each is at most 400 short counts. Each is kept a minute at most
 * within its revision (app/kept-per-revision.ts): identifiers an update changes without moving the article
 * revision (db/migrations/0019_follow_filters.sql) show within this, as on the shared pages.
 */
export const FACETS_CACHE_ENTRIES = 500;

/**
 * Calls running at once per client (a rate-limit key), cached or not: taken as a call starts, so a burst from one
 * client is refused before it costs anything. And counts computed per second in all: on SQLite a count holds the
 * process's one thread for its whole query, so a limit on counts running at once would never be reached while
 * requests queued behind them (8 clients held /healthz 4 s); a budget per second bounds the time taken from
 * every other reader. A cached answer needs no budget.
 */
export const FACETS_LIMITS = { perClient: 2, countsPerSecond: 4 } as const;
/** Calls of one client running at once, counted for the whole web process (app/slots.server.ts). */
const CALLS: SlotRule = { name: "identifier-counts-calls", perKey: FACETS_LIMITS.perClient };
/** Counts started within the last second: each holds its place for a second from its start. */
const COUNTS: SlotRule = { name: "identifier-counts-second", running: FACETS_LIMITS.countsPerSecond };
const BUDGET_WINDOW_MS = 1000;

/** How many counts may start now before the second's budget is spent: for tests, which wait for a fresh second. */
export function countsLeftThisSecond() {
  return FACETS_LIMITS.countsPerSecond - slotsInUse(COUNTS.name);
}

async function spendCount() {
  const place = await takeSlot(COUNTS);
  if (typeof place !== "function")
    throw new AppError("rate-limited", "Too many counts of identifiers are running right now. Please try again in a second.", { retryAfterSeconds: 1 });
  setTimeout(place, BUDGET_WINDOW_MS).unref();
}

const kept = keptPerRevision<IdentifierFacets>({ capacity: FACETS_CACHE_ENTRIES });
let computed = 0;

/** How many answers were computed (not served from the cache) since the process started: for tests and benchmarks. */
export function facetsComputed() {
  return computed;
}

/**
 * The filters a kept answer depends on, in VIEW_PARAMS' order: every one but the visitor's own bookmarks (the Saved
 * view is never kept) and the order, which changes no count.
 */
const COUNTED_FILTERS = VIEW_PARAMS.map((param) => param.filter).filter((filter) => filter !== "saved" && filter !== "sort");

/** The key of a view: its counted filters in a fixed order, and the limit. */
function viewKey(filters: ArticleFilters, limit: number) {
  return JSON.stringify([...COUNTED_FILTERS.map((filter) => filters[filter]), limit]);
}

async function compute(filters: ArticleFilters, limit: number, visitorId?: string) {
  await spendCount();
  computed++;
  return identifierFacets(filters, limit, visitorId);
}

/**
 * The counts of a view (identifierFacets), from the cache when this revision's are kept. Throws "rate-limited"
 * when `client` (a rate-limit key) already has FACETS_LIMITS.perClient calls running, or when the counts must be
 * computed and this second's budget (FACETS_LIMITS.countsPerSecond) is spent. The Saved view is one visitor's own: computed each
 * time, never kept.
 */
export async function cachedIdentifierFacets(filters: ArticleFilters, limit: number, client: string, visitorId?: string): Promise<IdentifierFacets> {
  const release = await takeSlot(CALLS, client);
  if (typeof release !== "function")
    throw new AppError(
      "rate-limited",
      `You have ${FACETS_LIMITS.perClient} counts of identifiers running already. Please wait for one to finish, then try again.`,
      {
        retryAfterSeconds: 1,
      },
    );
  try {
    return filters.saved ? await compute(filters, limit, visitorId) : await keptOrComputed(filters, limit);
  } finally {
    release();
  }
}

async function keptOrComputed(filters: ArticleFilters, limit: number) {
  return kept(viewKey(filters, limit), await feedRevision(), () => compute(filters, limit));
}
