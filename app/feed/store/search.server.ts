// Reading articles for the feed, the /api list and the article's card: the filters as SQL conditions, the full-text
// search spelled out as the index's words, and the pages, counts and positions they select.
import { and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql, type Column, type SQL } from "drizzle-orm";
import { config } from "../../config.server";
import { all, db, engine, execute, first, fts5String, t, transaction } from "../../db.server";
import { dayInZone, startOfDayInZone, startOfDaysAgo } from "../../time";
import { OVERDUE_ALL, type ArticleFilters, type ArticleSort } from "../filters";
import { overdueArticlesCondition } from "../../rulemakings/store/overdue.server";
import { searchTerms, toFtsQuery } from "../search";
import type { IdentifierKind } from "../../articles/index-rows";
import { documentTypeStored } from "../../articles/vocabulary";
import { judgementCategory } from "../../designations/designation";
import { fiscalYearRange } from "../../designations/fiscal-year";
import { fromMark, markBefore, MARK_EVERY, viewCount } from "./page-marks.server";

/** How far back each timeframe reaches, in calendar days before today (configured time zone). */
const TIMEFRAME_DAYS_BACK = { today: 0, week: 6, month: 29 } as const;

export function timeframeStart(timeframe: ArticleFilters["timeframe"], now = new Date()) {
  if (timeframe === "all") return undefined;
  return startOfDaysAgo(now, TIMEFRAME_DAYS_BACK[timeframe], config().APP_TIMEZONE);
}

/** A search word is read as the index's words it begins, when there are no more than this many. */
const EXPANDED_TERMS_MAX = 16;

/**
 * PostgreSQL's spelling of a search: every word a prefix (`'rule':* & 'epa':*`), the same articles as FTS5's
 * `"rule"* "epa"*`. A word holds only letters and digits (searchTerms), so quoting it can never let an operator
 * or a syntax error through; the text is bound as a parameter all the same.
 */
function toTsQuery(text: string): string | null {
  const words = searchTerms(text);
  return words.length ? words.map((word) => `'${word}':*`).join(" & ") : null;
}

/**
 * The condition that an article matches a PostgreSQL search (the GIN index on `search_vector` answers it). The words
 * lose their accents as the indexed text did (db/pg/migrations/0003_search_words.sql), as FTS5 folds both sides.
 */
function tsMatch(match: string) {
  return sql`${t.articles}.search_vector @@ to_tsquery('simple', article_search_fold(${match}))`;
}

/** The counts of searches at one article revision (and database handle): at most this many are kept. */
const COUNTS_KEPT = 1_000;
let counts: { handle?: object; revision: number; matches: Map<string, number> } = { revision: -1, matches: new Map() };

/**
 * Matches of a full-text query (the index holds one row per article), counting no further than `atMost + 1` if
 * given. Kept per article revision, which moves with every insert and delete of an article and every change of
 * the columns the search reads (title, summary, tags, source: the triggers of db/migrations/0003_article_revision.sql
 * and db/pg/migrations/0001_search_and_triggers.sql), so a count kept is exact. The revision is read before the
 * count, so a count is never kept under a revision newer than the rows it counted. On PostgreSQL a broad word's
 * count visits every matching row (78,632 of 100,000 for "rule": 80-110 ms; docs/benchmarks.md).
 */
export async function ftsMatchCount(match: string, atMost?: number): Promise<number> {
  const handle = db();
  const revision = (await first<{ revision: number }>(sql`SELECT revision FROM article_revision WHERE id = 1`))?.revision ?? 0;
  if (counts.handle !== handle || counts.revision !== revision || counts.matches.size >= COUNTS_KEPT) counts = { handle, revision, matches: new Map() };
  const key = `${atMost ?? ""}:${match}`;
  const kept = counts.matches.get(key);
  if (kept !== undefined) return kept;
  const counted = await countMatches(match, atMost);
  // A write during the count moved the revision: `counts` is then another revision's (or another handle's) map.
  if (counts.revision === revision && counts.handle === handle) counts.matches.set(key, counted);
  return counted;
}

async function countMatches(match: string, atMost?: number): Promise<number> {
  const limit = (matches: SQL) => (atMost === undefined ? matches : sql`${matches} LIMIT ${atMost + 1}`);
  if (engine() === "postgres") {
    const counting = sql`SELECT count(*) AS n FROM (${limit(sql`SELECT 1 FROM ${t.articles} WHERE ${tsMatch(match)}`)}) AS matched`;
    return transaction(function* (tx) {
      // The planner prices a sequential scan's @@ at an operator's cost, not at detoasting every row's search_vector,
      // and picks it for a broad word: at 100,000 articles "rule" counted in 300 ms that way, 78 through the GIN
      // index (docs/benchmarks.md). Off for this one statement's transaction only.
      yield* tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return (yield* tx.first<{ n: number }>(counting))!.n;
    });
  }
  return (await first<{ n: number }>(sql`SELECT count(*) AS n FROM (${limit(sql`SELECT 1 FROM articles_fts WHERE articles_fts MATCH ${match}`)}) AS matched`))!
    .n;
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
async function expandWord(word: string): Promise<WordExpansion | null> {
  if (!/^[a-z0-9]+$/.test(word)) return null;
  const handle = db();
  if (!vocabularyReady.has(handle)) {
    await execute(sql.raw("CREATE VIRTUAL TABLE IF NOT EXISTS temp.articles_fts_terms USING fts5vocab(main, articles_fts, row)"));
    vocabularyReady.add(handle);
  }
  const revision = (await first<{ revision: number }>(sql`SELECT revision FROM article_revision WHERE id = 1`))?.revision ?? 0;
  if (expansions.handle !== handle || expansions.revision !== revision || expansions.words.size > 1000) expansions = { handle, revision, words: new Map() };
  if (expansions.words.has(word)) return expansions.words.get(word)!;
  // Every word beginning with `word` sorts below `word` with its last character moved one up ("rule" < "rulf").
  const above = word.slice(0, -1) + String.fromCharCode(word.charCodeAt(word.length - 1) + 1);
  const rows = await all<{ term: string; doc: number }>(
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
export type SearchQuery = {
  match: string | null;
  /** Articles that surely match: the most frequent word of a one-word search (0 when unknown). */
  atLeast: number;
  /** Matches of every word added up (what listing them costs), or undefined when a word kept its prefix query. */
  postings: number | undefined;
  /** Index words probed per article. */
  terms: number;
};

export async function searchQuery(search: string): Promise<SearchQuery> {
  // PostgreSQL's GIN index answers a prefix itself: no spelling out, and no breadth known before counting.
  if (engine() === "postgres") return { match: toTsQuery(search), atLeast: 0, postings: undefined, terms: searchTerms(search).length };
  const words = searchTerms(search);
  if (words.length === 0) return { match: null, atLeast: 0, postings: 0, terms: 0 };
  const parts: string[] = [];
  let postings: number | undefined = 0;
  let terms = 0;
  let atLeast = 0;
  for (const word of words) {
    const expansion = await expandWord(word);
    if (!expansion) {
      parts.push(`"${word}"*`);
      postings = undefined;
      continue;
    }
    if (expansion.terms.length === 0) return { match: null, atLeast: 0, postings: 0, terms: 0 };
    // Quoted (a quote doubled, though the tokenizer keeps none in a word): never an operator, never a syntax error.
    parts.push(`(${expansion.terms.map(fts5String).join(" OR ")})`);
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

/** The rin, docket and cfr filters as the index's rows they ask for: a CFR part ("40-63") or a whole title ("40"). */
export function identifierFilters(filters: ArticleFilters): [IdentifierKind, string][] {
  const wanted: [IdentifierKind, string][] = [];
  if (filters.rin) wanted.push(["rin", filters.rin]);
  if (filters.docket) wanted.push(["docket", filters.docket]);
  if (filters.cfr) wanted.push([filters.cfr.includes("-") ? "cfr" : "cfr-title", filters.cfr]);
  return wanted;
}

function isBookmarkedColumn(visitorId: string | undefined) {
  return visitorId ? sql<number>`EXISTS (SELECT 1 FROM bookmarks b WHERE b.article_id = ${t.articles.id} AND b.visitor_id = ${visitorId})` : sql<number>`0`;
}

/**
 * SQL conditions for the filters, or null when the filters can match nothing. With "walk" the search condition
 * cannot drive the query (the unary `+` hides the id from the planner), so SQLite reads the newest-first index of
 * the other filters and probes the list of full-text matches, stopping once the page is full; with "probe" it
 * asks the full-text index about each article it walks, never building the list.
 */
export async function filterConditions(filters: ArticleFilters, visitorId: string | undefined, plan: SearchPlan = "lookup"): Promise<SQL[] | null> {
  const conditions: SQL[] = [];
  // SQLite keeps no statistics: it would read a whole category's index (or look up every article of an agency)
  // rather than the few articles the restrictions filter's partial index holds, or the sort's index already in the
  // list's order (docs/benchmarks.md). The unary `+` hides a column from its planner, as the "walk" plan does.
  const sqlite = engine() === "sqlite";
  const hide = (column: Column, hidden: boolean) => (hidden ? sql`+${column}` : sql`${column}`);
  const byValue = sqlite && Boolean(filters.restrictions || filters.sort);
  const byList = sqlite && Boolean(filters.restrictions);
  if (filters.category) conditions.push(sql`${hide(t.articles.category, byValue)} = ${filters.category}`);
  if (filters.priority) conditions.push(sql`${hide(t.articles.priority, byValue)} = ${filters.priority}`);
  if (filters.documentType) conditions.push(sql`${hide(t.articles.documentType, byValue)} = ${documentTypeStored(filters.documentType)}`);
  const member = hide(t.articles.id, byList);
  if (filters.agency) conditions.push(sql`${member} IN (SELECT article_id FROM article_agencies WHERE agency = ${filters.agency})`);
  for (const [kind, value] of identifierFilters(filters))
    conditions.push(sql`${member} IN (SELECT article_id FROM article_identifiers WHERE kind = ${kind} AND value = ${value})`);
  const since = timeframeStart(filters.timeframe);
  if (since) conditions.push(gte(t.articles.publishDate, since));
  if (filters.search) {
    const match = plan === "reference" ? toFtsQuery(filters.search) : (await searchQuery(filters.search)).match;
    if (!match) return null;
    // PostgreSQL's planner picks between the GIN index and the date index itself, whatever the plan.
    if (engine() === "postgres") conditions.push(tsMatch(plan === "reference" ? toTsQuery(filters.search)! : match));
    else if (plan === "probe") conditions.push(sql`EXISTS (SELECT 1 FROM articles_fts WHERE articles_fts MATCH ${match} AND rowid = ${t.articles.id})`);
    else {
      const id = plan === "walk" ? sql`+${t.articles.id}` : sql`${t.articles.id}`;
      conditions.push(sql`${id} IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH ${match})`);
    }
  }
  // Written as the partial index articles_removes_restrictions_idx states it, so both engines read that index.
  if (filters.restrictions === "removes") conditions.push(gt(t.articles.restrictionsRemoved, t.articles.restrictionsAdded));
  if (filters.overdue) {
    const agency = filters.overdue === OVERDUE_ALL ? undefined : filters.overdue;
    const overdue = await overdueArticlesCondition(sql`${member}`, dayInZone(new Date(), config().APP_TIMEZONE), agency);
    if (!overdue) return null;
    conditions.push(overdue);
  }
  const designated = designationConditions(filters);
  if (!designated) return null;
  conditions.push(...designated);
  if (filters.fy) {
    const { start, end } = fiscalYearRange(filters.fy, config().APP_TIMEZONE);
    conditions.push(gte(t.articles.publishDate, start), lt(t.articles.publishDate, end));
  }
  if (filters.month) {
    const [year, month] = filters.month.split("-").map(Number);
    const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
    conditions.push(
      gte(t.articles.publishDate, startOfDayInZone(`${filters.month}-01`, config().APP_TIMEZONE)),
      lt(t.articles.publishDate, startOfDayInZone(`${next}-01`, config().APP_TIMEZONE)),
    );
  }
  if (filters.pipeline === "open") conditions.push(sql`${t.articles.documentType} = 'Proposed Rule'`, openProposal());
  if (filters.costs === "stated") conditions.push(statesCosts());
  if (filters.restrictions === "compared") conditions.push(hasComparedRedline());
  if (filters.saved) {
    if (!visitorId) return null;
    conditions.push(sql`${t.articles.id} IN (SELECT article_id FROM bookmarks WHERE visitor_id = ${visitorId})`);
  }
  return conditions;
}

/**
 * The designation and basis filters (the ledger's counts, app/ledger/ledger.server.ts, read the same): official
 * designations from articles.designation (written by app/designations/store.server.ts), the product's judgement
 * from the category of articles without one (docs/decisions/050). Null when they can match nothing.
 */
export function designationConditions(filters: Pick<ArticleFilters, "designation" | "basis">): SQL[] | null {
  const { designation, basis } = filters;
  if (!designation && !basis) return [];
  if (basis === "judgement") {
    const categories = designation ? [judgementCategory(designation)] : ["regulatory-rollbacks", "new-regulations"];
    if (categories[0] === null) return null;
    return [isNull(t.articles.designation), inArray(t.articles.category, categories as string[])];
  }
  const conditions: SQL[] = [designation ? eq(t.articles.designation, designation) : isNotNull(t.articles.designation)];
  if (basis === "statement" || basis === "agenda") conditions.push(eq(t.articles.designationBasis, basis));
  return conditions;
}

/** A document whose full text states an annualized cost or cost savings (app/rule-text/statements.ts costStatement). */
export function statesCosts() {
  return engine() === "postgres"
    ? sql`EXISTS (SELECT 1 FROM rule_texts rt WHERE rt.article_id = ${t.articles.id} AND rt.statements @> '[{"kind":"cost"}]'::jsonb)`
    : sql`EXISTS (SELECT 1 FROM rule_texts rt, json_each(rt.statements) s WHERE rt.article_id = ${t.articles.id} AND json_extract(s.value, '$.kind') = 'cost')`;
}

/** A final rule with a CFR redline compared: the documents whose restriction sums (articles.restrictions_*) count. */
export function hasComparedRedline() {
  return sql`EXISTS (SELECT 1 FROM cfr_redlines r WHERE r.article_id = ${t.articles.id} AND r.status = 'compared')`;
}

/**
 * A proposed rule none of whose rulemakings (article_rulemakings keys) has a final rule. CROSS JOIN keeps SQLite's
 * order (the proposal's keys, their documents by article_rulemakings_key_date_idx, each document by id): left free it
 * walked every final rule for each proposal. PostgreSQL reads it as a plain join.
 */
export function openProposal() {
  return sql`NOT EXISTS (SELECT 1 FROM article_rulemakings mine CROSS JOIN article_rulemakings other CROSS JOIN articles fin
    WHERE mine.article_id = ${t.articles.id} AND other.key = mine.key AND fin.id = other.article_id AND fin.document_type = 'Rule')`;
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
  publicInspectionPublishesOn: t.articles.publicInspectionPublishesOn,
  specialFiling: t.articles.specialFiling,
  commentsCount: t.articles.commentsCount,
  commentsDocketId: t.articles.commentsDocketId,
  commentsReadAt: t.articles.commentsReadAt,
};

export type ArticleReadRow = {
  [K in keyof typeof articleColumns]: (typeof articleColumns)[K]["_"]["data"] extends infer D
    ? (typeof articleColumns)[K]["_"]["notNull"] extends true
      ? D
      : D | null
    : never;
} & { isBookmarked: number };

/**
 * What "most commented" orders by: the count, documents without one (-1) after those counted at 0. The expression
 * of the index articles_comments_count_idx, so the list reads it in its order; both engines sort -1 alike, where a
 * NULL would come first in PostgreSQL's descending order and last in SQLite's.
 */
const commentsOrder = () => sql`coalesce(${t.articles.commentsCount}, -1)`;

/**
 * The list's order: the newest first, the most restriction words removed first, or the most comments first, each
 * then the newest (each read from an index: articles_publish_date_idx, articles_restrictions_removed_idx,
 * articles_comments_count_idx).
 */
function listOrder(sort: ArticleSort | undefined) {
  const newest = [desc(t.articles.publishDate), desc(t.articles.id)];
  if (sort === "restrictions-removed") return [desc(t.articles.restrictionsRemoved), ...newest];
  if (sort === "most-commented") return [desc(commentsOrder()), ...newest];
  return newest;
}

/**
 * The rows of the articles meeting the conditions in the list's order, paged as the options say. `view` names a
 * view with marks (`markedView`, app/feed/store/page-marks.server.ts) whose plain list the conditions are: a deep
 * page of it then starts at the mark before it.
 */
export async function articleRows(
  conditions: SQL[],
  options: { visitorId?: string; limit?: number; offset?: number; sort?: ArticleSort; view?: string },
): Promise<ArticleReadRow[]> {
  const order = listOrder(options.sort);
  const { limit, offset = 0, view } = options;
  if (view !== undefined && limit !== undefined && offset >= MARK_EVERY) {
    // A deep page of a view with marks (markedView): from the mark before it, in one read transaction with the marks.
    return transaction(function* (tx) {
      const start = yield* markBefore(tx, view, conditions, order, offset);
      return yield* tx.all(
        tx.db
          .select({ ...articleColumns, isBookmarked: isBookmarkedColumn(options.visitorId) })
          .from(t.articles)
          .where(and(...conditions, start.mark && fromMark(start.mark)))
          .orderBy(...order)
          .limit(limit)
          .offset(offset - start.place),
      );
    });
  }
  if (engine() === "postgres" && options.limit !== undefined && options.offset) {
    // The rows skipped are walked in the date index alone, and only the page's rows are read whole: PostgreSQL
    // otherwise reads every skipped row from the table (offset 50,000 at 100,000 articles: 64 -> 11 ms).
    const page = db()
      .select({ id: t.articles.id })
      .from(t.articles)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(options.limit)
      .offset(options.offset);
    return all(
      db()
        .select({ ...articleColumns, isBookmarked: isBookmarkedColumn(options.visitorId) })
        .from(t.articles)
        .where(inArray(t.articles.id, page))
        .orderBy(...order),
    );
  }
  let query = db()
    .select({ ...articleColumns, isBookmarked: isBookmarkedColumn(options.visitorId) })
    .from(t.articles)
    .where(and(...conditions))
    .orderBy(...order)
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  // SQLite needs a LIMIT before an OFFSET (-1: none); PostgreSQL takes an OFFSET alone.
  else if (options.offset) query = engine() === "postgres" ? query.offset(options.offset) : query.limit(-1).offset(options.offset);
  return all(query);
}

/**
 * Where each article meeting the conditions stands in the list's order (its id and the order's keys), the first
 * `limit` of them: a page of the list without the articles' text.
 */
export async function articlePoints(conditions: SQL[], options: { limit: number; sort?: ArticleSort }): Promise<ListPoint[]> {
  const rows = await all(
    db()
      .select({
        id: t.articles.id,
        publishDate: t.articles.publishDate,
        restrictionsRemoved: t.articles.restrictionsRemoved,
        commentsCount: t.articles.commentsCount,
      })
      .from(t.articles)
      .where(and(...conditions))
      .orderBy(...listOrder(options.sort))
      .limit(options.limit),
  );
  return rows.map((row) => ({ ...row, publishDate: row.publishDate.toISOString() }));
}

/** The condition that an article is one of these. */
export function withIds(ids: number[]): SQL {
  return inArray(t.articles.id, ids);
}

/** One article's row, or undefined when there is none. */
export async function articleRow(id: number, visitorId?: string): Promise<ArticleReadRow | undefined> {
  return first(
    db()
      .select({ ...articleColumns, isBookmarked: isBookmarkedColumn(visitorId) })
      .from(t.articles)
      .where(eq(t.articles.id, id)),
  );
}

/** How many articles meet the conditions (none when null), by joining every match with its article. */
export async function countWith(conditions: SQL[] | null): Promise<number> {
  if (!conditions) return 0;
  return (
    (
      await first(
        db()
          .select({ n: count() })
          .from(t.articles)
          .where(and(...conditions)),
      )
    )?.n ?? 0
  );
}

/** How many articles a view with marks holds (`markedView`, whose articles meet `conditions`): counted once per revision. */
export async function countMarkedView(view: string, conditions: SQL[]): Promise<number> {
  return transaction(function* (tx) {
    return yield* viewCount(tx, view, conditions);
  });
}

/** How many articles meet the conditions, counting no further than `atMost + 1`. */
export async function countWithUpTo(conditions: SQL[], atMost: number): Promise<number> {
  return (await first<{ n: number }>(sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${t.articles} WHERE ${and(...conditions)} LIMIT ${atMost + 1}) AS matched`))!
    .n;
}

/** The highest article id: how many articles a walk in date order may have to pass. */
export async function highestArticleId(): Promise<number> {
  return (await first<{ n: number | null }>(sql`SELECT max(${t.articles.id}) AS n FROM ${t.articles}`))?.n ?? 0;
}

/** When the newest article meeting the conditions was published, or undefined when none does. */
export async function newestPublishDateWith(conditions: SQL[]): Promise<Date | undefined> {
  const row = await first(
    db()
      .select({ publishDate: t.articles.publishDate })
      .from(t.articles)
      .where(and(...conditions))
      .orderBy(desc(t.articles.publishDate))
      .limit(1),
  );
  return row?.publishDate;
}

/** The 0-based place of an article among those meeting the conditions (in the list's order), or null when it is not one. */
export async function positionWith(conditions: SQL[], articleId: number, sort?: ArticleSort): Promise<number | null> {
  const target = await first(
    db()
      .select({ publishDate: t.articles.publishDate, restrictionsRemoved: t.articles.restrictionsRemoved, comments: sql<number>`${commentsOrder()}` })
      .from(t.articles)
      .where(and(eq(t.articles.id, articleId), ...conditions)),
  );
  if (!target) return null;
  const at = target.publishDate.getTime();
  const newer =
    sort === "restrictions-removed"
      ? sql`(${t.articles.restrictionsRemoved}, ${t.articles.publishDate}, ${t.articles.id}) > (${target.restrictionsRemoved}, ${at}, ${articleId})`
      : sort === "most-commented"
        ? sql`(${commentsOrder()}, ${t.articles.publishDate}, ${t.articles.id}) > (${Number(target.comments)}, ${at}, ${articleId})`
        : sql`(${t.articles.publishDate} > ${at} OR (${t.articles.publishDate} = ${at} AND ${t.articles.id} > ${articleId}))`;
  return (
    (
      await first(
        db()
          .select({ n: count() })
          .from(t.articles)
          .where(and(newer, ...conditions)),
      )
    )?.n ?? 0
  );
}

/**
 * Where a page ends in the list's order: its last article's date and id, and restrictions removed or its comment
 * count (null: none) when sorted by them.
 */
export type ListPoint = { publishDate: string; id: number; restrictionsRemoved?: number; commentsCount?: number | null };

/**
 * The conditions of a page after a point: articles stored after `afterId` (ids grow as articles are stored), or
 * after `after` in the list's order.
 */
export function pagingConditions(options: { afterId?: number; throughId?: number; after?: ListPoint }, sort?: ArticleSort): SQL[] {
  const conditions: SQL[] = [];
  if (options.afterId !== undefined) conditions.push(gt(t.articles.id, options.afterId));
  if (options.throughId !== undefined) conditions.push(lte(t.articles.id, options.throughId));
  // A row-value comparison answered from the order's index: each page starts where the last ended.
  const after = options.after;
  if (after && sort === "restrictions-removed")
    conditions.push(
      sql`(${t.articles.restrictionsRemoved}, ${t.articles.publishDate}, ${t.articles.id}) < (${after.restrictionsRemoved ?? 0}, ${new Date(after.publishDate).getTime()}, ${after.id})`,
    );
  else if (after && sort === "most-commented")
    conditions.push(
      sql`(${commentsOrder()}, ${t.articles.publishDate}, ${t.articles.id}) < (${after.commentsCount ?? -1}, ${new Date(after.publishDate).getTime()}, ${after.id})`,
    );
  else if (after) conditions.push(sql`(${t.articles.publishDate}, ${t.articles.id}) < (${new Date(after.publishDate).getTime()}, ${after.id})`);
  return conditions;
}
