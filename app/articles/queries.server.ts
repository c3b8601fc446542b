// Reading articles: the feed, the /api list, and the article's JSON shape.
import { and, count, desc, eq, gt, gte, lte, sql, type SQL } from "drizzle-orm";
import { agendaEntriesOf, officialDesignationJson, officialDesignationOf } from "../agenda/store.server";
import type { OfficialDesignation } from "../agenda/edition";
import { config } from "../config.server";
import { db, t } from "../db.server";
import { startOfDaysAgo } from "../time";
import type { ArticleFilters } from "./filters";
import { searchTerms, toFtsQuery } from "./search";
import { documentTypeStored } from "./vocabulary";

/** How far back each timeframe reaches, in calendar days before today (configured time zone). */
const TIMEFRAME_DAYS_BACK = { today: 0, week: 6, month: 29 } as const;

export function timeframeStart(timeframe: ArticleFilters["timeframe"], now = new Date()) {
  if (timeframe === "all") return undefined;
  return startOfDaysAgo(now, TIMEFRAME_DAYS_BACK[timeframe], config().APP_TIMEZONE);
}

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

/** A search word is read as the index's words it begins, when there are no more than this many. */
const EXPANDED_TERMS_MAX = 16;

/** Only a search narrows the list: the full-text index alone can count it. */
function onlySearch(filters: ArticleFilters) {
  return (
    Boolean(filters.search) &&
    !filters.category &&
    !filters.priority &&
    filters.timeframe === "all" &&
    !filters.saved &&
    !filters.agency &&
    !filters.documentType
  );
}

/** Matches of a full-text query (the index holds one row per article), counting no further than `atMost + 1` if given. */
function ftsMatchCount(match: string, atMost?: number): number {
  const matches = sql`SELECT 1 FROM articles_fts WHERE articles_fts MATCH ${match}`;
  const limited = atMost === undefined ? matches : sql`${matches} LIMIT ${atMost + 1}`;
  return db().get<{ n: number }>(sql`SELECT count(*) AS n FROM (${limited})`).n;
}

/** The index's words a search word begins, each with the number of articles holding it. */
type WordExpansion = { terms: string[]; docsMax: number; docsSum: number };

const vocabularyReady = new WeakSet<object>();
let expansions: { handle?: object; revision: number; words: Map<string, WordExpansion | null> } = { revision: -1, words: new Map() };

/**
 * The index's words beginning with `word` (fts5vocab reads them in order, with their article counts), or null
 * when the word is not plain ASCII letters and digits (the index folds accents and case of the rest its own
 * way) or begins more than EXPANDED_TERMS_MAX words: such a word keeps its prefix query. Kept per article
 * revision (moved by triggers on every insert, delete and change of an indexed column), so always exact.
 */
function expandWord(word: string): WordExpansion | null {
  if (!/^[a-z0-9]+$/.test(word)) return null;
  const handle = db();
  if (!vocabularyReady.has(handle)) {
    handle.run(sql.raw("CREATE VIRTUAL TABLE IF NOT EXISTS temp.articles_fts_terms USING fts5vocab(main, articles_fts, row)"));
    vocabularyReady.add(handle);
  }
  const revision = handle.get<{ revision: number } | undefined>(sql`SELECT revision FROM article_revision WHERE id = 1`)?.revision ?? 0;
  if (expansions.handle !== handle || expansions.revision !== revision || expansions.words.size > 1000) expansions = { handle, revision, words: new Map() };
  if (expansions.words.has(word)) return expansions.words.get(word)!;
  // Every word beginning with `word` sorts below `word` with its last character moved one up ("rule" < "rulf").
  const above = word.slice(0, -1) + String.fromCharCode(word.charCodeAt(word.length - 1) + 1);
  const rows = handle.all<{ term: string; doc: number }>(
    sql`SELECT term, doc FROM temp.articles_fts_terms WHERE term >= ${word} AND term < ${above} LIMIT ${EXPANDED_TERMS_MAX + 1}`,
  );
  const found = rows.filter((row) => row.term.startsWith(word) && row.doc > 0);
  const expansion =
    rows.length > EXPANDED_TERMS_MAX
      ? null
      : { terms: found.map((row) => row.term), docsMax: Math.max(0, ...found.map((row) => row.doc)), docsSum: found.reduce((sum, row) => sum + row.doc, 0) };
  expansions.words.set(word, expansion);
  return expansion;
}

/**
 * A search as the feed reads it: the MATCH expression with each word spelled out as the index's words it begins
 * (`("rule" OR "rulemaking" OR "rules")`, the same articles as `"rule"*`, which makes FTS5 merge every one of
 * their lists, positions included, before it can answer even one row), and what the index says of its breadth.
 * `match` is null when no article can match.
 */
type SearchQuery = {
  match: string | null;
  /** Articles that surely match: the most frequent word of a one-word search (0 when unknown). */
  atLeast: number;
  /** Matches of every word added up (what listing them costs), or undefined when a word kept its prefix query. */
  postings: number | undefined;
  /** Index words probed per article. */
  terms: number;
};

function searchQuery(search: string): SearchQuery {
  const words = searchTerms(search);
  if (words.length === 0) return { match: null, atLeast: 0, postings: 0, terms: 0 };
  const parts: string[] = [];
  let postings: number | undefined = 0;
  let terms = 0;
  let atLeast = 0;
  for (const word of words) {
    const expansion = expandWord(word);
    if (!expansion) {
      parts.push(`"${word}"*`);
      postings = undefined;
      continue;
    }
    if (expansion.terms.length === 0) return { match: null, atLeast: 0, postings: 0, terms: 0 };
    // Quoted (a quote doubled, though the tokenizer keeps none in a word): never an operator, never a syntax error.
    parts.push(`(${expansion.terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(" OR ")})`);
    if (postings !== undefined) postings += expansion.docsSum;
    terms += expansion.terms.length;
    if (words.length === 1) atLeast = expansion.docsMax;
  }
  return { match: parts.join(" AND "), atLeast, postings, terms };
}

/** How a page of a search is read (docs/decisions/012 and 024). */
export type SearchPlan =
  /** The plain plan with the typed prefix query: the reference the tests compare with (tests/support/reference-queries.ts). */
  | "reference"
  /** Look every match up and sort them: for narrow searches. */
  | "lookup"
  /** Walk the date index (or the other filters' index), checking each article against the list of matches. */
  | "walk"
  /** Walk the date index and ask the full-text index about each article: stops after a page of hits, for broad searches. */
  | "probe";

/**
 * SQL conditions for the filters, or null when the filters can match nothing. With "walk" the search condition
 * cannot drive the query (the unary `+` hides the id from the planner), so SQLite reads the newest-first index of
 * the other filters and probes the list of full-text matches, stopping once the page is full; with "probe" it
 * asks the full-text index about each article it walks, never building the list.
 */
export function filterConditions(filters: ArticleFilters, visitorId: string | undefined, plan: SearchPlan = "lookup"): SQL[] | null {
  const conditions: SQL[] = [];
  if (filters.category) conditions.push(eq(t.articles.category, filters.category));
  if (filters.priority) conditions.push(eq(t.articles.priority, filters.priority));
  if (filters.documentType) conditions.push(eq(t.articles.documentType, documentTypeStored(filters.documentType)));
  if (filters.agency) conditions.push(sql`${t.articles.id} IN (SELECT article_id FROM article_agencies WHERE agency = ${filters.agency})`);
  const since = timeframeStart(filters.timeframe);
  if (since) conditions.push(gte(t.articles.publishDate, since));
  if (filters.search) {
    const match = plan === "reference" ? toFtsQuery(filters.search) : searchQuery(filters.search).match;
    if (!match) return null;
    if (plan === "probe") conditions.push(sql`EXISTS (SELECT 1 FROM articles_fts WHERE articles_fts MATCH ${match} AND rowid = ${t.articles.id})`);
    else {
      const id = plan === "walk" ? sql`+${t.articles.id}` : sql`${t.articles.id}`;
      conditions.push(sql`${id} IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH ${match})`);
    }
  }
  if (filters.saved) {
    if (!visitorId) return null;
    conditions.push(sql`${t.articles.id} IN (SELECT article_id FROM bookmarks WHERE visitor_id = ${visitorId})`);
  }
  return conditions;
}

/**
 * The cheapest plan for a page of this search: the walk whenever other filters bound it to their own index; for
 * a search alone, by its breadth (`matches` if already counted, a lower bound when `capped`): a lookup when it is
 * narrow, a probe per article when the articles to walk before the page is full (about `end` times the share of
 * articles matching) cost less to probe than listing every match, otherwise the walk through the list.
 */
export function searchPlan(filters: ArticleFilters, end: number, counted?: { matches: number; capped: boolean }): SearchPlan {
  if (!filters.search || filters.saved) return "lookup";
  if (!onlySearch(filters)) return "walk";
  const query = searchQuery(filters.search);
  if (!query.match) return "lookup";
  const matches = counted ?? { matches: ftsMatchCount(query.match, WALK_DATE_ORDER_FROM), capped: true };
  if (!counted && matches.matches <= WALK_DATE_ORDER_FROM) matches.capped = false;
  if (!matches.capped && matches.matches <= WALK_DATE_ORDER_FROM) return "lookup";
  if (query.postings === undefined) return "walk";
  const atLeast = Math.max(query.atLeast, matches.matches);
  const articles = db().get<{ n: number | null }>(sql`SELECT max(${t.articles.id}) AS n FROM ${t.articles}`).n ?? 0;
  const walked = (end * articles) / Math.max(1, atLeast);
  return walked * query.terms * PROBE_COST_IN_LISTED_MATCHES <= query.postings ? "probe" : "walk";
}

function isBookmarkedColumn(visitorId: string | undefined) {
  return visitorId ? sql<number>`EXISTS (SELECT 1 FROM bookmarks b WHERE b.article_id = ${t.articles.id} AND b.visitor_id = ${visitorId})` : sql<number>`0`;
}

const articleColumns = {
  id: t.articles.id,
  title: t.articles.title,
  summary: t.articles.summary,
  category: t.articles.category,
  priority: t.articles.priority,
  categoryReason: t.articles.categoryReason,
  priorityReason: t.articles.priorityReason,
  tags: t.articles.tags,
  manuallyTagged: t.articles.manuallyTagged,
  sourceId: t.articles.sourceId,
  sourceName: t.articles.sourceName,
  originalUrl: t.articles.originalUrl,
  documentNumber: t.articles.documentNumber,
  documentType: t.articles.documentType,
  agencies: t.articles.agencies,
  commentsCloseOn: t.articles.commentsCloseOn,
  publishDate: t.articles.publishDate,
  createdAt: t.articles.createdAt,
  views: t.articles.views,
  aiSummary: t.articles.aiSummary,
  aiSummaryProvider: t.articles.aiSummaryProvider,
  aiSummaryModel: t.articles.aiSummaryModel,
  regulationIdNumbers: t.articles.regulationIdNumbers,
};

type ArticleRow = {
  [K in keyof typeof articleColumns]: (typeof articleColumns)[K]["_"]["data"] extends infer D
    ? (typeof articleColumns)[K]["_"]["notNull"] extends true
      ? D
      : D | null
    : never;
} & { isBookmarked: number };

/** An article as the /api and the screens see it. */
export type ArticleJson = {
  id: number;
  title: string;
  summary: string;
  category: string;
  priority: string;
  /** Why the article has its category and priority (the classifier's words, or "set by an editor"); null on rows not yet re-judged. */
  categoryReason: string | null;
  priorityReason: string | null;
  tags: string[];
  manuallyTagged: boolean;
  sourceId: number | null;
  sourceName: string;
  originalUrl: string;
  /** Federal Register documents: what tells apart notices that share a title (null and [] for other articles). */
  documentNumber: string | null;
  documentType: string | null;
  agencies: string[];
  /** The last day (YYYY-MM-DD) to comment on a Federal Register document, when it asks for comments. */
  commentsCloseOn: string | null;
  publishDate: string;
  createdAt: string;
  views: number;
  isBookmarked: boolean;
  aiSummary: string | null;
  /** Which provider and model wrote `aiSummary`, for the label under it. */
  aiSummaryBy: { provider: string; model: string | null } | null;
  /** OIRA's EO 14192 designation of the document's rulemaking, from the Unified Agenda by RIN; null when there is none. */
  officialDesignation: OfficialDesignation | null;
};

/** Rows as read, each with its official designation: the designations of all of them in one query (not one per card). */
function toArticleJsonList(rows: ArticleRow[]): ArticleJson[] {
  const entries = agendaEntriesOf(rows.flatMap((row) => row.regulationIdNumbers));
  return rows.map((row) => toArticleJson(row, officialDesignationJson(officialDesignationOf(row.regulationIdNumbers, entries))));
}

function toArticleJson(row: ArticleRow, officialDesignation: OfficialDesignation | null): ArticleJson {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    category: row.category,
    priority: row.priority,
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
  /** Only articles after this one in the list's order (newest first): the next page of a walk through every match. */
  after?: Pick<ArticleJson, "publishDate" | "id">;
  /** Read the page through this plan, not the one chosen by the search's breadth (the tests compare every plan with the plain one). */
  plan?: Exclude<SearchPlan, "reference">;
};

/** Articles matching the filters, newest first. */
export function listArticles(filters: ArticleFilters, options: ListOptions = {}): ArticleJson[] {
  const chosen = options.limit === undefined ? "lookup" : searchPlan(filters, (options.offset ?? 0) + options.limit, options.counted);
  // Only articles stored since an alert's last email: few of the walked articles qualify, so none is probed.
  const plan = options.plan ?? (chosen === "probe" && options.afterId !== undefined ? "walk" : chosen);
  const conditions = filterConditions(filters, options.visitorId, plan);
  if (conditions && options.afterId !== undefined) conditions.push(gt(t.articles.id, options.afterId));
  if (conditions && options.throughId !== undefined) conditions.push(lte(t.articles.id, options.throughId));
  // A row-value comparison SQLite answers from the (publish_date, id) indexes: each page starts where the last ended.
  if (conditions && options.after)
    conditions.push(sql`(${t.articles.publishDate}, ${t.articles.id}) < (${new Date(options.after.publishDate).getTime()}, ${options.after.id})`);
  return listArticlesWith(conditions, options);
}

/** The articles meeting the conditions (none when null), newest first, paged as the options say. */
export function listArticlesWith(conditions: SQL[] | null, options: ListOptions): ArticleJson[] {
  if (!conditions) return [];
  let query = db()
    .select({ ...articleColumns, isBookmarked: isBookmarkedColumn(options.visitorId) })
    .from(t.articles)
    .where(and(...conditions))
    .orderBy(desc(t.articles.publishDate), desc(t.articles.id))
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  else if (options.offset) query = query.limit(-1).offset(options.offset);
  return toArticleJsonList(query.all());
}

/** Every article matching the filters: exact, for the /api's X-Total-Count. */
export function countArticles(filters: ArticleFilters, visitorId?: string): number {
  if (onlySearch(filters)) {
    const { match } = searchQuery(filters.search!);
    return match ? ftsMatchCount(match) : 0;
  }
  return countWith(filterConditions(filters, visitorId));
}

/** How many articles meet the conditions (none when null), by joining every match with its article. */
export function countWith(conditions: SQL[] | null): number {
  if (!conditions) return 0;
  return (
    db()
      .select({ n: count() })
      .from(t.articles)
      .where(and(...conditions))
      .get()?.n ?? 0
  );
}

/** When the newest article matching the filters was published (ISO), or undefined when none does. */
export function newestPublishDate(filters: ArticleFilters, visitorId?: string): string | undefined {
  const conditions = filterConditions(filters, visitorId);
  if (!conditions) return undefined;
  const row = db()
    .select({ publishDate: t.articles.publishDate })
    .from(t.articles)
    .where(and(...conditions))
    .orderBy(desc(t.articles.publishDate))
    .limit(1)
    .get();
  return row?.publishDate.toISOString();
}

/**
 * How many articles match, counting no further than `atMost + 1`: a search alone is counted in the full-text
 * index, a search with other filters by walking their index (the join of an exact count costs more than a page).
 */
export function countArticlesUpTo(filters: ArticleFilters, atMost: number, visitorId?: string): { total: number; capped: boolean } {
  if (!filters.search) return { total: countArticles(filters, visitorId), capped: false };
  let counted: number;
  if (onlySearch(filters)) {
    const query = searchQuery(filters.search);
    // A word found in more articles than the cap needs no counting at all: the index says how many hold it.
    if (query.atLeast > atMost) return { total: atMost, capped: true };
    counted = query.match ? ftsMatchCount(query.match, atMost) : 0;
  } else {
    const conditions = filterConditions(filters, visitorId, searchPlan(filters, atMost + 1));
    if (!conditions) return { total: 0, capped: false };
    counted = db().get<{ n: number }>(sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${t.articles} WHERE ${and(...conditions)} LIMIT ${atMost + 1})`).n;
  }
  return counted > atMost ? { total: atMost, capped: true } : { total: counted, capped: false };
}

/**
 * One page of the feed, with the page clamped to the last one that exists. A search matching more than
 * FEED_COUNT_CAP articles (or more than the pages up to the one asked for) reports `totalCapped`: `total` is
 * then a lower bound, and one more page than it fills is offered, so paging on counts further.
 */
export function feedPage(filters: ArticleFilters, requestedPage: number, pageSize: number, visitorId?: string, countCap = FEED_COUNT_CAP) {
  const atMost = Math.max(countCap, requestedPage * pageSize);
  const { total, capped: totalCapped } = countArticlesUpTo(filters, atMost, visitorId);
  const pageCount = Math.max(1, Math.ceil((totalCapped ? total + 1 : total) / pageSize));
  const page = Math.min(requestedPage, pageCount);
  const articles = total
    ? listArticles(filters, {
        visitorId,
        limit: pageSize,
        offset: (page - 1) * pageSize,
        counted: onlySearch(filters) ? { matches: totalCapped ? total + 1 : total, capped: totalCapped } : undefined,
      })
    : [];
  return { articles, total, totalCapped, page, pageCount };
}

export function getArticle(id: number, visitorId?: string): ArticleJson | undefined {
  const row = db()
    .select({ ...articleColumns, isBookmarked: isBookmarkedColumn(visitorId) })
    .from(t.articles)
    .where(eq(t.articles.id, id))
    .get();
  return row ? toArticleJsonList([row])[0] : undefined;
}

/**
 * The 0-based place of an article in the feed for these filters (newest first), or null when the
 * filters do not include it. Lets a link jump to the page that shows the article.
 */
export function feedPosition(filters: ArticleFilters, articleId: number, visitorId?: string): number | null {
  const conditions = filterConditions(filters, visitorId);
  if (!conditions) return null;
  const target = db()
    .select({ publishDate: t.articles.publishDate })
    .from(t.articles)
    .where(and(eq(t.articles.id, articleId), ...conditions))
    .get();
  if (!target) return null;
  const at = target.publishDate.getTime();
  const newer = sql`(${t.articles.publishDate} > ${at} OR (${t.articles.publishDate} = ${at} AND ${t.articles.id} > ${articleId}))`;
  return (
    db()
      .select({ n: count() })
      .from(t.articles)
      .where(and(newer, ...conditions))
      .get()?.n ?? 0
  );
}
