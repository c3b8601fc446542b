// The feed's filters as URL search params. Shared with the browser bundle, so no validation library here:
// the /api contract's stricter parser lives in api-query.server.ts.
import { formatCount } from "../text/count";
import { cfrValue, MAX_DOCKET_LENGTH, parseCfr, parseDocket, parseRin } from "../articles/identifiers";
import { LEDGER_DESIGNATIONS, type LedgerDesignation } from "../designations/designation";
import { FISCAL_YEAR_PROBLEM, fiscalYearDays, parseFiscalYear } from "../designations/fiscal-year";
import { isRin } from "../rulemakings/keys";
import { isUnstorableText, storableText } from "../text/storable";
import {
  CATEGORY_VALUES,
  DOCUMENT_TYPE_VALUES,
  PRIORITY_VALUES,
  TIMEFRAME_VALUES,
  type Category,
  type DocumentTypeValue,
  type Priority,
  type Timeframe,
} from "../articles/vocabulary";

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
  /** "removes": only final rules whose compared CFR redlines remove more restriction words than they add. */
  restrictions?: RestrictionsFilter;
  /**
   * The order of the list when not the newest first: "restrictions-removed", the most restriction words removed
   * first; "most-commented", the most comments on regulations.gov first.
   */
  sort?: ArticleSort;
  /**
   * Only documents of rulemakings overdue today by the loaded Unified Agenda edition (app/agenda/next-action.ts):
   * OVERDUE_ALL for every agency, or one agency as the agenda names it (app/rulemakings/store/overdue.server.ts).
   */
  overdue?: string;
  /** The E.O. 14192 designation, from the source `basis` names (official when none): the ledger's counts (app/ledger/). */
  designation?: LedgerDesignation;
  /** Where the designation came from: official (statement or agenda), statement, agenda, or the product's judgement. */
  basis?: DesignationBasisFilter;
  /** Published in this federal fiscal year (1 October to 30 September, in the site's time zone). */
  fy?: number;
  /** "open": only proposed rules whose rulemaking has no final rule yet. */
  pipeline?: PipelineFilter;
  /** Published in this month (YYYY-MM, in the site's time zone): a month of the ledger's chart. */
  month?: string;
  /** "stated": only documents whose full text states an annualized cost or cost savings. */
  costs?: CostsFilter;
};

export const COSTS_VALUES = ["stated"] as const;
export type CostsFilter = (typeof COSTS_VALUES)[number];
const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const BASIS_VALUES = ["official", "statement", "agenda", "judgement"] as const;
export type DesignationBasisFilter = (typeof BASIS_VALUES)[number];
export const PIPELINE_VALUES = ["open"] as const;
export type PipelineFilter = (typeof PIPELINE_VALUES)[number];

/** The ledger's filters, kept (as hidden fields) when a picker or the search changes the view. */
export const LEDGER_FILTERS = ["designation", "basis", "fy", "month", "pipeline", "costs", "overdue"] as const;

/** The words of the ledger's filters a view has, for its chips, feed titles and CSV: "Deregulatory (official)", "FY2026". */
export function ledgerViewLabels(filters: ArticleFilters): { filter: (typeof LEDGER_FILTERS)[number]; label: string }[] {
  const labels: { filter: (typeof LEDGER_FILTERS)[number]; label: string }[] = [];
  const basis = filters.basis === "judgement" ? "the product's judgement" : (filters.basis ?? "official");
  const named = { deregulatory: "Deregulatory", regulatory: "Regulatory", "not-subject": "Not subject to E.O. 14192" };
  if (filters.designation) labels.push({ filter: "designation", label: `${named[filters.designation]} (${basis})` });
  else if (filters.basis) labels.push({ filter: "basis", label: `Designated by ${basis}` });
  if (filters.designation && filters.basis) labels.push({ filter: "basis", label: `Basis: ${basis}` });
  if (filters.fy) {
    const days = fiscalYearDays(filters.fy);
    labels.push({ filter: "fy", label: `FY${filters.fy} (${days.first} to ${days.last})` });
  }
  if (filters.month) labels.push({ filter: "month", label: `Published ${filters.month}` });
  if (filters.pipeline === "open") labels.push({ filter: "pipeline", label: "Proposals without a final rule" });
  if (filters.costs === "stated") labels.push({ filter: "costs", label: "States annualized costs or savings" });
  if (filters.overdue) labels.push({ filter: "overdue", label: overdueViewLabel(filters.overdue) });
  return labels;
}

export const RESTRICTIONS_VALUES = ["removes", "compared"] as const;
export type RestrictionsFilter = (typeof RESTRICTIONS_VALUES)[number];
/** The list's orders; "newest" is the default, left out of addresses. */
export const SORT_VALUES = ["newest", "restrictions-removed", "most-commented"] as const;
export type ArticleSort = Exclude<(typeof SORT_VALUES)[number], "newest">;

/** The `overdue` parameter's value for the overdue rulemakings of every agency. */
export const OVERDUE_ALL = "1";

export const MAX_SEARCH_LENGTH = 200;
export const MAX_AGENCY_LENGTH = 200;
/** The longest way of writing a CFR reference the feed reads ("40 C.F.R. Part 63" and spaces). */
const MAX_CFR_LENGTH = 40;
const SAVED_VALUES = ["true", "false", "1", "0"];

/**
 * Control characters: never part of an agency name (nor of a docket id: app/articles/identifiers.ts), and a NUL
 * cannot be stored or searched for on PostgreSQL. A filter value holding one is a bad value, left out like any other
 * (docs/decisions/035).
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

/**
 * A CFR title and part as stored in filters, in the address's one form: "40-63" for a part, "40" for a whole title;
 * absent when the text names neither. Readable forms ("40 CFR 63") are taken and written the short way. Like the rin
 * and docket filters (parseRin, parseDocket), it reads its text with the function the lookup table's rows were
 * written by (app/articles/identifiers.ts), so a filter finds every document the table holds under that value.
 */
export function cleanCfr(raw: string | null) {
  const cfr = parseCfr(raw);
  return cfr && cfrValue(cfr);
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

/** The overdue filter in words: "Overdue rulemakings", or "Overdue rulemakings of {agency}". */
export function overdueViewLabel(overdue: string) {
  return overdue === OVERDUE_ALL ? "Overdue rulemakings" : `Overdue rulemakings of ${overdue}`;
}

/** The view that follows one rulemaking, by its key (app/rulemakings/keys.ts): its RIN, or its docket when it has none. */
export function rulemakingView(key: string): ArticleFilters {
  return isRin(key) ? { timeframe: "all", rin: key } : { timeframe: "all", docket: parseDocket(key) };
}

/**
 * The views following a Federal Register document's rulemakings, each with its words: each RIN it lists, or, when it
 * lists none, each docket id (the way rulemakings are keyed, app/rulemakings/keys.ts).
 */
export function documentRulemakingViews(rins: readonly string[], dockets: readonly string[]) {
  const byRin = [...new Set(rins.map((rin) => parseRin(rin)).filter((rin) => rin !== undefined))];
  if (byRin.length) return byRin.map((rin) => ({ label: `RIN ${rin}`, filters: { timeframe: "all", rin } as ArticleFilters }));
  const byDocket = [...new Set(dockets.map((docket) => parseDocket(docket)).filter((docket) => docket !== undefined))];
  return byDocket.map((docket) => ({ label: `Docket ${docket}`, filters: { timeframe: "all", docket } as ArticleFilters }));
}

/** Where a view is followed: the feed showing it, at its "Follow this view" links and alert form. */
export function followViewHref(filters: ArticleFilters) {
  return feedHref(filters, 1, "#follow-view");
}

/**
 * One parameter of a view, declared once for the feed's addresses, the feeds and CSV, alerts, `/api/articles`, its
 * facets and the OpenAPI description: its name, the other names the API also takes (the SPEC's `search` and
 * `timeframe`), how its text is read into the filters, and its schema.
 */
export type ViewParam = {
  name: string;
  /** The filter its text is read into. */
  filter: keyof ArticleFilters;
  aliases?: readonly string[];
  /**
   * Writes the value the text holds into `filters` (nothing when it holds none) and answers why the text is not a
   * value of the parameter, or undefined when it is. The feed keeps what it could read and drops the rest; the API
   * refuses the request, naming the parameter.
   */
  read(text: string, filters: ArticleFilters): string | undefined;
  /** The OpenAPI schema of the parameter's text, and what it does. */
  schema: Record<string, unknown>;
  description?: string;
};

const notStorable = "must not contain NUL characters";
const mustBeOneOf = (values: readonly string[]) => `must be one of: ${values.join(", ")}`;

/** A parameter taking one of `values`, or "all" (the default: no filter) when `withAll`. */
function choice<K extends "category" | "priority" | "documentType">(
  name: string,
  key: K,
  values: readonly NonNullable<ArticleFilters[K]>[],
  withAll: boolean,
): ViewParam {
  const accepted = withAll ? ["all", ...values] : [...values];
  return {
    name,
    filter: key,
    read(text, filters) {
      if (!accepted.includes(text)) return mustBeOneOf(accepted);
      if (text !== "all") filters[key] = text as ArticleFilters[K];
    },
    schema: { enum: accepted },
  };
}

/** A text that is cut short when too long: the feed reads the start of it, the API refuses it. */
function tooLongOrUnstorable(text: string, max: number) {
  if (text.length > max) return `must be at most ${max} characters`;
  if (isUnstorableText(text)) return notStorable;
}

export const VIEW_PARAMS: readonly ViewParam[] = [
  choice("category", "category", CATEGORY_VALUES, true),
  choice("priority", "priority", PRIORITY_VALUES, true),
  {
    name: "time",
    filter: "timeframe",
    aliases: ["timeframe"],
    read(text, filters) {
      if (!(TIMEFRAME_VALUES as readonly string[]).includes(text)) return mustBeOneOf(TIMEFRAME_VALUES);
      filters.timeframe = text as Timeframe;
    },
    schema: { enum: TIMEFRAME_VALUES },
    description: "Only articles published today, this week or this month (in the site's time zone).",
  },
  {
    name: "q",
    filter: "search",
    aliases: ["search"],
    read(text, filters) {
      filters.search = cleanSearch(text);
      return tooLongOrUnstorable(text, MAX_SEARCH_LENGTH);
    },
    schema: { type: "string", maxLength: MAX_SEARCH_LENGTH },
    description: "Words to find in titles, summaries, tags and source names.",
  },
  {
    name: "agency",
    filter: "agency",
    read(text, filters) {
      filters.agency = cleanAgency(text);
      return tooLongOrUnstorable(text, MAX_AGENCY_LENGTH);
    },
    schema: { type: "string", maxLength: MAX_AGENCY_LENGTH },
    description: "An agency as the Federal Register names it.",
  },
  choice("type", "documentType", DOCUMENT_TYPE_VALUES, false),
  {
    name: "rin",
    filter: "rin",
    read(text, filters) {
      filters.rin = parseRin(text);
      if (!filters.rin) return 'must be a Regulation Identifier Number, four digits, a hyphen and four letters or digits ("2060-AV83")';
    },
    schema: { type: "string", pattern: "^\\s*\\d{4}-[A-Za-z0-9]{4}\\s*$", examples: ["2060-AV83"] },
    description: "Only Federal Register documents listing this Regulation Identifier Number (any letter case).",
  },
  {
    name: "docket",
    filter: "docket",
    read(text, filters) {
      filters.docket = parseDocket(text);
      if (!filters.docket || isUnstorableText(text)) return "must be a docket id without control characters";
    },
    schema: { type: "string", maxLength: MAX_DOCKET_LENGTH, examples: ["EPA-HQ-OAR-2021-0317"] },
    description: "Only Federal Register documents listing this docket id (any letter case; spaces around it are ignored).",
  },
  {
    name: "cfr",
    filter: "cfr",
    read(text, filters) {
      filters.cfr = text.length <= MAX_CFR_LENGTH ? cleanCfr(text) : undefined;
      if (!filters.cfr) return 'must be a CFR title and part ("40-63" or "40 CFR 63"), or a title alone ("40")';
    },
    schema: { type: "string", maxLength: MAX_CFR_LENGTH, examples: ["40-63", "40 CFR 63", "40"] },
    description:
      'Only Federal Register documents citing this part of the Code of Federal Regulations: a title and a part ("40-63", also written "40:63" or "40 CFR 63"), or a title alone ("40") for any of its parts.',
  },
  {
    name: "saved",
    filter: "saved",
    read(text, filters) {
      if (!SAVED_VALUES.includes(text)) return mustBeOneOf(SAVED_VALUES);
      if (text === "1" || text === "true") filters.saved = true;
    },
    schema: { enum: SAVED_VALUES },
    description: "Only the caller's bookmarks (by the visitor cookie).",
  },
  {
    name: "restrictions",
    filter: "restrictions",
    read(text, filters) {
      if (!(RESTRICTIONS_VALUES as readonly string[]).includes(text)) return mustBeOneOf(RESTRICTIONS_VALUES);
      filters.restrictions = text as RestrictionsFilter;
    },
    schema: { enum: RESTRICTIONS_VALUES },
    description:
      "compared: only final rules with a CFR redline compared (the documents the ledger's restriction sums are over). removes: only final rules whose CFR redlines (each amended part as eCFR shows it the day before and on the effective date) remove more restriction words (shall, must, may not, required, prohibited) than they add, summed over their parts.",
  },
  {
    name: "designation",
    filter: "designation",
    read(text, filters) {
      if (!(LEDGER_DESIGNATIONS as readonly string[]).includes(text)) return mustBeOneOf(LEDGER_DESIGNATIONS);
      filters.designation = text as LedgerDesignation;
    },
    schema: { enum: LEDGER_DESIGNATIONS },
    description:
      "Only documents with this E.O. 14192 designation, from the source `basis` names (official when not given): the document's own statement, else the Unified Agenda's designation of its rulemaking.",
  },
  {
    name: "basis",
    filter: "basis",
    read(text, filters) {
      if (!(BASIS_VALUES as readonly string[]).includes(text)) return mustBeOneOf(BASIS_VALUES);
      filters.basis = text as DesignationBasisFilter;
    },
    schema: { enum: BASIS_VALUES },
    description:
      "Where the designation came from. official: the document's own statement or, without one, the Unified Agenda (statement and agenda name one of them). judgement: documents with no official designation, by the product's category (rollbacks deregulatory, new regulations regulatory), which an editor may correct.",
  },
  {
    name: "fy",
    filter: "fy",
    read(text, filters) {
      filters.fy = parseFiscalYear(text);
      if (filters.fy === undefined) return FISCAL_YEAR_PROBLEM;
    },
    schema: { type: "string", pattern: "^\\d{4}$", examples: ["2026"] },
    description: "Only documents published in this federal fiscal year: FY2026 runs 1 October 2025 to 30 September 2026, days in the site's time zone.",
  },
  {
    name: "pipeline",
    filter: "pipeline",
    read(text, filters) {
      if (!(PIPELINE_VALUES as readonly string[]).includes(text)) return mustBeOneOf(PIPELINE_VALUES);
      filters.pipeline = text as PipelineFilter;
    },
    schema: { enum: PIPELINE_VALUES },
    description: "open: only proposed rules whose rulemaking (its RINs, or its dockets when it lists none) has no final rule published yet.",
  },
  {
    name: "month",
    filter: "month",
    read(text, filters) {
      filters.month = MONTH_PATTERN.test(text.trim()) ? text.trim() : undefined;
      if (!filters.month) return 'must be a month, YYYY-MM ("2026-03")';
    },
    schema: { type: "string", pattern: "^\\d{4}-(0[1-9]|1[0-2])$", examples: ["2026-03"] },
    description: "Only documents published in this month, days in the site's time zone.",
  },
  {
    name: "costs",
    filter: "costs",
    read(text, filters) {
      if (!(COSTS_VALUES as readonly string[]).includes(text)) return mustBeOneOf(COSTS_VALUES);
      filters.costs = text as CostsFilter;
    },
    schema: { enum: COSTS_VALUES },
    description: "stated: only rules and proposed rules whose full text states an annualized cost or cost savings (the ledger sums them per discount rate).",
  },
  {
    name: "overdue",
    filter: "overdue",
    read(text, filters) {
      filters.overdue = cleanAgency(text);
      if (!filters.overdue) return `must be ${OVERDUE_ALL} or an agency's name as the Unified Agenda gives it, without control characters`;
      return tooLongOrUnstorable(text, MAX_AGENCY_LENGTH);
    },
    schema: { type: "string", minLength: 1, maxLength: MAX_AGENCY_LENGTH, examples: [OVERDUE_ALL, "Environmental Protection Agency"] },
    description: `Only Federal Register documents of rulemakings overdue today (the site's time zone) by the latest Unified Agenda edition read: its timetable's next planned action is past its date (a month-only date at the month's end) and no document of the RIN was published since the edition's first day. ${OVERDUE_ALL}: every agency; else one agency as the agenda names it (its parent agency, else its agency), as the ledger counts them.`,
  },
  {
    name: "sort",
    filter: "sort",
    read(text, filters) {
      if (!(SORT_VALUES as readonly string[]).includes(text)) return mustBeOneOf(SORT_VALUES);
      filters.sort = text === "newest" ? undefined : (text as ArticleSort);
    },
    schema: { enum: SORT_VALUES, default: "newest" },
    description:
      "newest: the newest first (the default). restrictions-removed: the most restriction words removed by the compared CFR redlines first (`restrictions.removed`), then the newest. most-commented: the most comments on regulations.gov first (`comments.count`, as the Federal Register API gives it; documents without a count last), then the newest.",
  },
];

/** A view's parameter's text in `params`, under its name or else one of its other names; empty text is no text. */
function viewParamText(params: URLSearchParams, param: ViewParam) {
  for (const name of [param.name, ...(param.aliases ?? [])]) {
    const text = params.get(name);
    if (text) return { name, text };
  }
}

/** A view narrowing nothing, every filter named. */
const NO_FILTER: Required<Pick<ArticleFilters, "timeframe" | "saved">> & ArticleFilters = {
  category: undefined,
  priority: undefined,
  timeframe: "all",
  search: undefined,
  agency: undefined,
  documentType: undefined,
  saved: false,
  rin: undefined,
  docket: undefined,
  cfr: undefined,
  restrictions: undefined,
  sort: undefined,
  overdue: undefined,
  designation: undefined,
  basis: undefined,
  fy: undefined,
  pipeline: undefined,
  month: undefined,
  costs: undefined,
};

/**
 * The view `params` hold: each parameter's text (under any of its names; empty text is none) read into the filters.
 * `onProblem` hears of each text that is no value of its parameter, by the name it came under.
 */
export function readView(params: URLSearchParams, onProblem?: (name: string, problem: string) => void): ArticleFilters {
  const filters: ArticleFilters = { ...NO_FILTER };
  for (const param of VIEW_PARAMS) {
    const found = viewParamText(params, param);
    const problem = found && param.read(found.text, filters);
    if (problem) onProblem?.(found.name, problem);
  }
  return filters;
}

/**
 * The public feed's params (`category`, `priority`, `time`, `q`, `agency`, `type`, `rin`, `docket`, `cfr`, `saved`,
 * `restrictions`, `designation`, `basis`, `fy`, `month`, `pipeline`, `costs`, `overdue`, `sort` and `page`; the API's names `search` and `timeframe` too). Bad values are left out: a hand-edited or stale link
 * still shows a page.
 */
export function parseFeedParams(params: URLSearchParams) {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return { filters: readView(params), page: Number.isFinite(page) && page > 0 ? page : 1 };
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
  if (filters.restrictions) params.set("restrictions", filters.restrictions);
  if (filters.designation) params.set("designation", filters.designation);
  if (filters.basis) params.set("basis", filters.basis);
  if (filters.fy) params.set("fy", String(filters.fy));
  if (filters.month) params.set("month", filters.month);
  if (filters.pipeline) params.set("pipeline", filters.pipeline);
  if (filters.costs) params.set("costs", filters.costs);
  if (filters.sort) params.set("sort", filters.sort);
  if (filters.overdue) params.set("overdue", filters.overdue);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `${path}${query ? `?${query}` : ""}${hash}`;
}

/** The query parameters that narrow the feed (a view without its page), by every name they take. */
export const FILTER_PARAMS = VIEW_PARAMS.flatMap((param) => [param.name, ...(param.aliases ?? [])]);
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
  return `Showing ${first}–${first + shown - 1} of ${formatCount(total)}${totalCapped ? "+" : ""}`;
}
