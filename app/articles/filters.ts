// The feed's filters as URL search params. Shared with the browser bundle, so no validation library here:
// the /api contract's stricter parser lives in api-query.server.ts.
import {
  CATEGORY_VALUES,
  DOCUMENT_TYPE_VALUES,
  PRIORITY_VALUES,
  TIMEFRAME_VALUES,
  type Category,
  type DocumentTypeValue,
  type Priority,
  type Timeframe,
} from "./vocabulary";

export type ArticleFilters = {
  category?: Category;
  priority?: Priority;
  timeframe: Timeframe;
  search?: string;
  /** One agency, by the name the Federal Register gives it ("Environmental Protection Agency"). */
  agency?: string;
  /** One Federal Register document type. */
  documentType?: DocumentTypeValue;
  /** Only the caller's bookmarks. */
  saved?: boolean;
};

export const MAX_SEARCH_LENGTH = 200;
export const MAX_AGENCY_LENGTH = 200;

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return raw && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

/** The search text as stored in filters: trimmed, bounded, absent when empty. */
export function cleanSearch(raw: string | null) {
  const text = (raw ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  return text || undefined;
}

/** An agency name as stored in filters: trimmed, bounded, absent when empty. */
export function cleanAgency(raw: string | null) {
  const name = (raw ?? "").trim().slice(0, MAX_AGENCY_LENGTH);
  return name || undefined;
}

/**
 * The public feed's params (`category`, `priority`, `time`, `q`, `agency`, `type`, `page`, `saved`).
 * Unknown values fall back to the default: a hand-edited or stale link still shows a page.
 */
export function parseFeedParams(params: URLSearchParams) {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const filters: ArticleFilters = {
    category: oneOf(CATEGORY_VALUES, params.get("category")),
    priority: oneOf(PRIORITY_VALUES, params.get("priority")),
    timeframe: oneOf(TIMEFRAME_VALUES, params.get("time")) ?? "all",
    search: cleanSearch(params.get("q")),
    agency: cleanAgency(params.get("agency")),
    documentType: oneOf(DOCUMENT_TYPE_VALUES, params.get("type")),
    saved: params.get("saved") === "1",
  };
  return { filters, page: Number.isFinite(page) && page > 0 ? page : 1 };
}

/** The feed URL (or the admin list's, with `path`) for a set of filters and a page, leaving defaults out so links stay short. */
export function feedHref(filters: ArticleFilters, page = 1, hash = "", path = "/") {
  const params = new URLSearchParams();
  if (filters.category) params.set("category", filters.category);
  if (filters.priority) params.set("priority", filters.priority);
  if (filters.timeframe !== "all") params.set("time", filters.timeframe);
  if (filters.search) params.set("q", filters.search);
  if (filters.agency) params.set("agency", filters.agency);
  if (filters.documentType) params.set("type", filters.documentType);
  if (filters.saved) params.set("saved", "1");
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `${path}${query ? `?${query}` : ""}${hash}`;
}

/** The query parameters that narrow the feed (a view without its page). */
export const FILTER_PARAMS = ["category", "priority", "time", "q", "agency", "type", "saved"];
export const FEED_PARAMS = new Set([...FILTER_PARAMS, "page"]);

/**
 * The longest query string other params may make a tidy address: past it they are left out, because the
 * redirect to the tidy address would carry them in its Location header, and a header of many kilobytes is
 * refused by clients (Node's own limit is 16 KB) before they see the page. No link of ours comes near it.
 */
const MAX_TIDY_QUERY_LENGTH = 2_000;

/**
 * The feed's params in their short form (as `feedHref` writes them): empty, default and unknown values
 * left out. Other params (a dialog, the feedback filter) are kept as they are, unless there is too much of them.
 */
export function tidyFeedSearch(params: URLSearchParams) {
  const { filters, page } = parseFeedParams(params);
  const feedOnly = feedHref(filters, page).split("?")[1];
  const tidy = new URLSearchParams(feedOnly);
  for (const [name, value] of params) if (!FEED_PARAMS.has(name)) tidy.append(name, value);
  return tidy.toString().length > MAX_TIDY_QUERY_LENGTH ? new URLSearchParams(feedOnly) : tidy;
}

/**
 * Where to send a request for an untidy feed URL (a GET form without JavaScript submits every field,
 * `?q=&priority=&time=all`), or null when it is tidy already; the order of params does not matter.
 */
export function tidyFeedPath(url: URL) {
  const tidy = tidyFeedSearch(url.searchParams);
  const key = (params: URLSearchParams) =>
    [...params]
      .map(([name, value]) => `${name}=${value}`)
      .sort()
      .join("&");
  if (key(tidy) === key(url.searchParams)) return null;
  const query = tidy.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

/** The count line over a list: "Showing 1–12 of 345", or "of 10,000+" when counting stopped at a cap. */
export function showingLabel(first: number, shown: number, total: number, totalCapped = false) {
  return `Showing ${first}–${first + shown - 1} of ${total.toLocaleString("en-US")}${totalCapped ? "+" : ""}`;
}
