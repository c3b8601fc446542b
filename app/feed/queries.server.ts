// Reading articles: the feed, the /api list, and the article's JSON shape.
import type { SQL } from "drizzle-orm";
import { agendaEntriesOf, officialDesignationJson, officialDesignationOf } from "../agenda/store.server";
import type { OfficialDesignation } from "../agenda/edition";
import type { RulemakingLink } from "../articles/answer.server";
import type { ArticleJson, IdentifierFacets } from "../articles/answer.server";
import { identifierCountsByKind } from "./store/facets.server";
import { rulemakingLinks } from "../rulemakings/links.server";
import type { ArticleFilters, ArticleSort } from "./filters";
import { ruleTextAnswersOf, type RuleTextAnswers } from "./rule-texts.server";
import { commentAnswersOf } from "../articles/comment-counts.server";
import type { Category, Priority } from "../articles/vocabulary";
import {
  articlePoints,
  articleRow,
  articleRows,
  countMarkedView,
  countWith,
  countWithUpTo,
  filterConditions,
  ftsMatchCount,
  highestArticleId,
  newestPublishDateWith,
  pagingConditions,
  positionWith,
  searchQuery,
  type ArticleReadRow,
  type ListPoint,
  type SearchPlan,
  withIds,
} from "./store/search.server";
import { markedView } from "./store/page-marks.server";

export type { ArticleJson };

/** Past this many matches a feed page stops counting and says "of 10,000+" (docs/decisions/012). */
export const FEED_COUNT_CAP = 10_000;

/**
 * A search with more matches than this is paged by walking the date index and checking each article against the
 * full-text matches; with fewer, looking the matches up and sorting them is cheaper than walking the whole index
 * to find a few.
 */
const WALK_DATE_ORDER_FROM = 1_000;

/**
 * What probing one article for a term costs, in matches the date walk would have listed instead (measured at
 * 100,000 articles: about 20 us per term probed against 0.2 us per listed match; docs/decisions/024).
 */
const PROBE_COST_IN_LISTED_MATCHES = 100;

/** Only a search narrows the list: the full-text index alone can count it. */
function onlySearch(filters: ArticleFilters) {
  return (
    Boolean(filters.search) &&
    !filters.category &&
    !filters.priority &&
    filters.timeframe === "all" &&
    !filters.saved &&
    !filters.agency &&
    !filters.documentType &&
    !filters.rin &&
    !filters.docket &&
    !filters.cfr &&
    !filters.restrictions &&
    !filters.designation &&
    !filters.basis &&
    !filters.fy &&
    !filters.pipeline &&
    !filters.month &&
    !filters.costs &&
    !filters.overdue
  );
}

/**
 * The cheapest plan for a page of this search: the walk whenever other filters bound it to their own index; for
 * a search alone, by its breadth (`matches` if already counted, a lower bound when `capped`): a lookup when it is
 * narrow, a probe per article when the articles to walk before the page is full (about `end` times the share of
 * articles matching) cost less to probe than listing every match, otherwise the walk through the list.
 */
export async function searchPlan(filters: ArticleFilters, end: number, counted?: { matches: number; capped: boolean }): Promise<SearchPlan> {
  if (!filters.search || filters.saved) return "lookup";
  if (!onlySearch(filters)) return "walk";
  const query = await searchQuery(filters.search);
  if (!query.match) return "lookup";
  const matches = counted ?? { matches: await ftsMatchCount(query.match, WALK_DATE_ORDER_FROM), capped: true };
  if (!counted && matches.matches <= WALK_DATE_ORDER_FROM) matches.capped = false;
  if (!matches.capped && matches.matches <= WALK_DATE_ORDER_FROM) return "lookup";
  if (query.postings === undefined) return "walk";
  const atLeast = Math.max(query.atLeast, matches.matches);
  const articles = await highestArticleId();
  const walked = (end * articles) / Math.max(1, atLeast);
  return walked * query.terms * PROBE_COST_IN_LISTED_MATCHES <= query.postings ? "probe" : "walk";
}

/**
 * Rows as read, each with its official designation, its rulemaking, its full text's statements, its redlines and its
 * comments' growth: the designations of all of them in one query, their rulemakings in another, their rule texts,
 * redlines and comment histories in one or two each (not one per card).
 */
async function toArticleJsonList(rows: ArticleReadRow[]): Promise<ArticleJson[]> {
  const entries = await agendaEntriesOf(rows.flatMap((row) => row.regulationIdNumbers));
  // Only Federal Register documents belong to a rulemaking.
  const links = await rulemakingLinks(rows.filter((row) => row.documentNumber).map((row) => row.id));
  const texts = await ruleTextAnswersOf(rows);
  const comments = await commentAnswersOf(rows);
  return rows.map((row) => ({
    ...toArticleJson(row, officialDesignationJson(officialDesignationOf(row.regulationIdNumbers, entries)), links.get(row.id) ?? null, texts),
    comments: comments(row.id),
  }));
}

function toArticleJson(
  row: ArticleReadRow,
  officialDesignation: OfficialDesignation | null,
  rulemaking: RulemakingLink | null,
  texts: RuleTextAnswers,
): Omit<ArticleJson, "comments"> {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    // The column holds only the vocabulary's values: the classifier and the editors' changes are checked against it.
    category: row.category as Category,
    priority: row.priority as Priority,
    categoryReason: row.categoryReason,
    priorityReason: row.priorityReason,
    tags: row.tags,
    manuallyTagged: row.manuallyTagged,
    sourceId: row.sourceId,
    sourceName: row.sourceName,
    originalUrl: row.originalUrl,
    documentNumber: row.documentNumber,
    documentType: row.documentType,
    agencies: row.agencies,
    commentsCloseOn: row.commentsCloseOn,
    publishDate: row.publishDate.toISOString(),
    createdAt: row.createdAt.toISOString(),
    views: row.views,
    isBookmarked: Boolean(row.isBookmarked),
    aiSummary: row.aiSummary,
    aiSummaryBy: row.aiSummaryProvider ? { provider: row.aiSummaryProvider, model: row.aiSummaryModel } : null,
    officialDesignation,
    publicInspection: row.publicInspectionPublishesOn ? { publishesOn: row.publicInspectionPublishesOn, specialFiling: row.specialFiling } : null,
    rulemaking,
    ruleText: texts.ruleText(row.id),
    restrictions: texts.restrictions(row.id),
  };
}

export type ListOptions = {
  visitorId?: string;
  limit?: number;
  offset?: number;
  /** How many articles match (a lower bound when capped), when the caller already counted: picks the cheaper plan without counting again. */
  counted?: { matches: number; capped: boolean };
  /** Only articles stored after this one (ids grow as articles are stored): what an alert has not offered yet. */
  afterId?: number;
  /** Only articles stored up to this one: what was there when an alert claimed its period (later ones are the next period's). */
  throughId?: number;
  /** Only articles after this point in the list's order: the next page of a walk through every match. */
  after?: ListPoint;
  /** Read the page through this plan, not the one chosen by the search's breadth (the tests compare every plan with the plain one). */
  plan?: Exclude<SearchPlan, "reference">;
};

/** Articles matching the filters, in the view's order (the newest first unless it sorts otherwise). */
export async function listArticles(filters: ArticleFilters, options: ListOptions = {}): Promise<ArticleJson[]> {
  const chosen = options.limit === undefined ? "lookup" : await searchPlan(filters, (options.offset ?? 0) + options.limit, options.counted);
  // Only articles stored since an alert's last email: few of the walked articles qualify, so none is probed.
  const plan = options.plan ?? (chosen === "probe" && options.afterId !== undefined ? "walk" : chosen);
  const conditions = await filterConditions(filters, options.visitorId, plan);
  if (!conditions) return [];
  const paged = pagingConditions(options, filters.sort);
  // Paged from an article or a point on is not a view's plain list: its marks would not hold.
  const view = paged.length ? undefined : markedView(filters);
  return listArticlesWith([...conditions, ...paged], { ...options, view }, filters.sort);
}

/**
 * Where the articles matching the filters stand in the view's order (each one's id and sort keys), `limit` of them
 * after `after`: the view walked without reading the articles themselves (what an export reads, app/feed/export.server.ts).
 */
export async function listArticlePoints(filters: ArticleFilters, options: { limit: number; after?: ListPoint }): Promise<ListPoint[]> {
  const conditions = await filterConditions(filters, undefined, await searchPlan(filters, options.limit));
  if (!conditions) return [];
  return articlePoints([...conditions, ...pagingConditions(options, filters.sort)], { limit: options.limit, sort: filters.sort });
}

/** The articles with these ids, in the order of `ids` (an id no article has any more is left out). */
export async function articlesWithIds(ids: number[]): Promise<ArticleJson[]> {
  const byId = new Map((await listArticlesWith([withIds(ids)], {})).map((article) => [article.id, article]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The articles meeting the conditions (none when null), in the order `sort` names (the newest first by default), paged
 * as the options say; `view` names a view with marks whose plain list the conditions are (app/feed/store/page-marks.server.ts).
 */
export async function listArticlesWith(conditions: SQL[] | null, options: ListOptions & { view?: string }, sort?: ArticleSort): Promise<ArticleJson[]> {
  if (!conditions) return [];
  return toArticleJsonList(await articleRows(conditions, { ...options, sort }));
}

/**
 * The filters without their order, for counting: on SQLite a sort hides the category's index from the planner
 * (filterConditions), which a count reads best.
 */
function unordered(filters: ArticleFilters): ArticleFilters {
  return filters.sort ? { ...filters, sort: undefined } : filters;
}

/** Every article matching the filters: exact, for the /api's X-Total-Count. */
export async function countArticles(filters: ArticleFilters, visitorId?: string): Promise<number> {
  if (onlySearch(filters)) {
    const { match } = await searchQuery(filters.search!);
    return match ? ftsMatchCount(match) : 0;
  }
  const counted = unordered(filters);
  const conditions = await filterConditions(counted, visitorId);
  const view = markedView(counted);
  return conditions && view !== undefined ? countMarkedView(view, conditions) : countWith(conditions);
}

/** When the newest article matching the filters was published (ISO), or undefined when none does. */
export async function newestPublishDate(filters: ArticleFilters, visitorId?: string): Promise<string | undefined> {
  const conditions = await filterConditions(unordered(filters), visitorId);
  if (!conditions) return undefined;
  return (await newestPublishDateWith(conditions))?.toISOString();
}

/**
 * How many articles match, counting no further than `atMost + 1`: a search alone is counted in the full-text
 * index, a search with other filters by walking their index (the join of an exact count costs more than a page).
 */
export async function countArticlesUpTo(filters: ArticleFilters, atMost: number, visitorId?: string): Promise<{ total: number; capped: boolean }> {
  if (!filters.search) return { total: await countArticles(filters, visitorId), capped: false };
  let counted: number;
  if (onlySearch(filters)) {
    const query = await searchQuery(filters.search);
    // A word found in more articles than the cap needs no counting at all: the index says how many hold it.
    if (query.atLeast > atMost) return { total: atMost, capped: true };
    counted = query.match ? await ftsMatchCount(query.match, atMost) : 0;
  } else {
    const conditions = await filterConditions(unordered(filters), visitorId, await searchPlan(filters, atMost + 1));
    if (!conditions) return { total: 0, capped: false };
    counted = await countWithUpTo(conditions, atMost);
  }
  return counted > atMost ? { total: atMost, capped: true } : { total: counted, capped: false };
}

/**
 * One page of the feed, with the page clamped to the last one that exists. A search matching more than
 * FEED_COUNT_CAP articles (or more than the pages up to the one asked for) reports `totalCapped`: `total` is
 * then a lower bound, and one more page than it fills is offered, so paging on counts further.
 */
export async function feedPage(filters: ArticleFilters, requestedPage: number, pageSize: number, visitorId?: string, countCap = FEED_COUNT_CAP) {
  const atMost = Math.max(countCap, requestedPage * pageSize);
  const { total, capped: totalCapped } = await countArticlesUpTo(filters, atMost, visitorId);
  const pageCount = Math.max(1, Math.ceil((totalCapped ? total + 1 : total) / pageSize));
  const page = Math.min(requestedPage, pageCount);
  const articles = total
    ? await listArticles(filters, {
        visitorId,
        limit: pageSize,
        offset: (page - 1) * pageSize,
        counted: onlySearch(filters) ? { matches: totalCapped ? total + 1 : total, capped: totalCapped } : undefined,
      })
    : [];
  return { articles, total, totalCapped, page, pageCount };
}

export async function getArticle(id: number, visitorId?: string): Promise<ArticleJson | undefined> {
  const row = await articleRow(id, visitorId);
  return row ? (await toArticleJsonList([row]))[0] : undefined;
}

/**
 * The 0-based place of an article in the feed for these filters (in the view's order), or null when the
 * filters do not include it. Lets a link jump to the page that shows the article.
 */
export async function feedPosition(filters: ArticleFilters, articleId: number, visitorId?: string): Promise<number | null> {
  const conditions = await filterConditions(filters, visitorId);
  if (!conditions) return null;
  return positionWith(conditions, articleId, filters.sort);
}

/** What a view's articles cite most: counts per RIN, docket, CFR part ("40-63") and CFR title ("40"), each list bounded. */
export type { IdentifierFacets };

/** The counts of the identifiers the articles matching the filters list, at most `limit` of each kind. */
export async function identifierFacets(filters: ArticleFilters, limit: number, visitorId?: string): Promise<IdentifierFacets> {
  const counts = await identifierCountsByKind(await filterConditions(unordered(filters), visitorId), limit);
  return { rins: counts.get("rin") ?? [], dockets: counts.get("docket") ?? [], cfrParts: counts.get("cfr") ?? [], cfrTitles: counts.get("cfr-title") ?? [] };
}
