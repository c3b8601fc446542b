// The feed's filters as URL search params. Shared with the browser bundle, so no validation library here:
// the /api contract's stricter parser lives in api-query.server.ts.
import { isRin, RIN_PATTERN } from "../rulemakings/keys";
import { storableText } from "../text/storable";
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
  /** One rulemaking's documents, by a Regulation Identifier Number they list, upper-case ("2060-AV83"). */
  rin?: string;
  /** The documents of one regulations.gov docket, upper-case ("EPA-HQ-OAR-2021-0317"). */
  docket?: string;
  /** The documents citing one part of the Code of Federal Regulations ("40-63"), or any part of one title ("40"). */
  cfr?: string;
};

export const MAX_SEARCH_LENGTH = 200;
export const MAX_AGENCY_LENGTH = 200;
/** Docket ids are short ("EPA-HQ-OAR-2021-0317", "Docket No. RM2024-9"); a longer value is no docket. */
export const MAX_DOCKET_LENGTH = 100;

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return raw && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

/**
 * Control characters: never part of an agency name or a docket id, and a NUL cannot be stored or searched for on
 * PostgreSQL. A filter value holding one is a bad value, left out like any other (docs/decisions/035).
 */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const CONTROL_CHARACTERS_ALL = new RegExp(CONTROL_CHARACTERS.source, "g");

/** The search text as stored in filters: control characters read as spaces, trimmed, bounded, absent when empty. */
export function cleanSearch(raw: string | null) {
  const text = storableText((raw ?? "").replace(CONTROL_CHARACTERS_ALL, " ").trim(), MAX_SEARCH_LENGTH);
  return text || undefined;
}

/** An agency name as stored in filters: trimmed, bounded, absent when empty or holding control characters. */
export function cleanAgency(raw: string | null) {
  const name = (raw ?? "").trim().slice(0, MAX_AGENCY_LENGTH);
  return name && !CONTROL_CHARACTERS.test(name) ? storableText(name) : undefined;
}

/** A RIN as stored in filters: upper-case, or absent when it is not one ("2060-av83" -> "2060-AV83"). */
export function cleanRin(raw: string | null) {
  const rin = (raw ?? "").trim().toUpperCase();
  return RIN_PATTERN.test(rin) ? rin : undefined;
}

/**
 * A docket id as stored in filters: trimmed and upper-case (the index holds dockets upper-case, as the rulemaking
 * keys do, so any letter case finds one), or absent when empty, over-long or holding control characters.
 */
export function cleanDocket(raw: string | null) {
  const docket = (raw ?? "").trim().toUpperCase();
  return docket && docket.length <= MAX_DOCKET_LENGTH && !CONTROL_CHARACTERS.test(docket) ? docket : undefined;
}

/** "40", "40 CFR", "40-63", "40:63", "40 CFR 63", "40 CFR Part 63", "40 C.F.R. 63" (any case). */
const CFR_PATTERN = /^(\d{1,3})\s*(?:(?:CFR\s*(?:PARTS?\s*)?|[-:]\s*)(\d{1,6}))?(?:\s*CFR)?$/;

/**
 * A CFR title and part as stored in filters, in the address's one form: "40-63" for a part, "40" for a whole title;
 * absent when the text names neither. Readable forms ("40 CFR 63") are taken and written the short way.
 */
export function cleanCfr(raw: string | null) {
  const text = (raw ?? "")
    .trim()
    .toUpperCase()
    .replace(/C\.\s*F\.\s*R\.?/g, "CFR");
  const match = CFR_PATTERN.exec(text);
  if (!match) return undefined;
  const title = Number(match[1]);
  if (title < 1) return undefined;
  return match[2] === undefined ? String(title) : `${title}-${Number(match[2])}`;
}

/** How a CFR filter reads: "40 CFR 63", or "Title 40 CFR" for a whole title. */
export function cfrLabel(cfr: string) {
  const [title, part] = cfr.split("-");
  return part ? `${title} CFR ${part}` : `Title ${title} CFR`;
}

/** The filters that follow one rulemaking, docket or part of the CFR. */
export const FOLLOWED_FILTERS = ["rin", "docket", "cfr"] as const;
export type FollowedFilter = (typeof FOLLOWED_FILTERS)[number];

/** Each followed filter a view has, in words: "RIN 2060-AV83", "Docket EPA-HQ-OAR-2021-0317", "40 CFR 63". */
export function followedLabels(filters: ArticleFilters): { filter: FollowedFilter; label: string }[] {
  const labels: { filter: FollowedFilter; label: string }[] = [];
  if (filters.rin) labels.push({ filter: "rin", label: `RIN ${filters.rin}` });
  if (filters.docket) labels.push({ filter: "docket", label: `Docket ${filters.docket}` });
  if (filters.cfr) labels.push({ filter: "cfr", label: cfrLabel(filters.cfr) });
  return labels;
}

/** The view that follows one rulemaking, by its key (app/rulemakings/keys.ts): its RIN, or its docket when it has none. */
export function rulemakingView(key: string): ArticleFilters {
  return isRin(key) ? { timeframe: "all", rin: key } : { timeframe: "all", docket: cleanDocket(key) };
}

/**
 * The views following a Federal Register document's rulemakings, each with its words: each RIN it lists, or, when it
 * lists none, each docket id (the way rulemakings are keyed, app/rulemakings/keys.ts).
 */
export function documentRulemakingViews(rins: readonly string[], dockets: readonly string[]) {
  const byRin = [...new Set(rins.map((rin) => cleanRin(rin)).filter((rin) => rin !== undefined))];
  if (byRin.length) return byRin.map((rin) => ({ label: `RIN ${rin}`, filters: { timeframe: "all", rin } as ArticleFilters }));
  const byDocket = [...new Set(dockets.map((docket) => cleanDocket(docket)).filter((docket) => docket !== undefined))];
  return byDocket.map((docket) => ({ label: `Docket ${docket}`, filters: { timeframe: "all", docket } as ArticleFilters }));
}

/** Where a view is followed: the feed showing it, at its "Follow this view" links and alert form. */
export function followViewHref(filters: ArticleFilters) {
  return feedHref(filters, 1, "#follow-view");
}

/**
 * The public feed's params (`category`, `priority`, `time`, `q`, `agency`, `type`, `rin`, `docket`, `cfr`, `page`, `saved`).
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
    rin: cleanRin(params.get("rin")),
    docket: cleanDocket(params.get("docket")),
    cfr: cleanCfr(params.get("cfr")),
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
  if (filters.rin) params.set("rin", filters.rin);
  if (filters.docket) params.set("docket", filters.docket);
  if (filters.cfr) params.set("cfr", filters.cfr);
  if (filters.saved) params.set("saved", "1");
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `${path}${query ? `?${query}` : ""}${hash}`;
}

/** The query parameters that narrow the feed (a view without its page). */
export const FILTER_PARAMS = ["category", "priority", "time", "q", "agency", "type", "rin", "docket", "cfr", "saved"];
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
