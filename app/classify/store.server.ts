// Reading and writing what the classifier judged of stored articles: the articles it may judge again (never those
// tagged by hand), the renewed judgements, and which version of the classifier judged them.
import { and, asc, eq, gt, inArray, type SQL } from "drizzle-orm";
import { agendaEntriesIn, citesAnyRin, type AgendaEntries } from "../agenda/store.server";
import { db, execute, first, t, transaction, type Transaction } from "../db.server";
import { reindexArticles } from "../articles/store/article-indexes.server";
import { replaceArticleTags } from "../articles/store/insert.server";
import { statedDesignationsIn, type StatedDesignations } from "../designations/store.server";

export type StoredArticle = typeof t.articles.$inferSelect;

const BATCH = 500;

/** What judging one article again gives: nothing when its judgement stands, else what to write back. */
export type Rejudgement = { judgement: Judgement; tags?: string[] } | null;

/** A renewed judgement: the category with its reason and the tags, the priority with its reason, or both. */
export type Judgement = Partial<Pick<StoredArticle, "category" | "categoryReason" | "tags" | "priority" | "priorityReason">>;

/**
 * Judges one article again, knowing the sources' categories, the Unified Agenda entries of its batch's RINs and what
 * the batch's documents state of themselves.
 */
export type Judge = (row: StoredArticle, sourceCategories: Map<number, string>, agenda: AgendaEntries, stated: StatedDesignations) => Rejudgement;

/**
 * Judges the next batch of articles not tagged by hand after `afterId` (and matching `only`, when given) in id order,
 * and writes back what changed (`tags`, when given, also renews the article_tags index; a new category, the
 * article's lookup rows). Answers how many articles changed and the last id read (undefined when no article was left).
 */
function* judgeBatch(tx: Transaction, judge: Judge, afterId: number, only?: SQL) {
  const rows = yield* tx.all(
    tx.db
      .select()
      .from(t.articles)
      .where(and(eq(t.articles.manuallyTagged, false), gt(t.articles.id, afterId), only))
      .orderBy(asc(t.articles.id))
      .limit(BATCH),
  );
  if (!rows.length) return { updated: 0, lastId: undefined };
  const sources = yield* tx.all(tx.db.select({ id: t.sources.id, category: t.sources.category }).from(t.sources));
  const categories = new Map(sources.map((s) => [s.id, s.category]));
  // The Unified Agenda entries of the batch's RINs, read once for the batch.
  const agenda = yield* agendaEntriesIn(
    tx,
    rows.flatMap((row) => row.regulationIdNumbers),
  );
  const stated = yield* statedDesignationsIn(
    tx,
    rows.map((row) => row.id),
  );
  let updated = 0;
  // The category is the one judged field a lookup table copies (article_rulemakings): those articles are reindexed.
  const moved: StoredArticle[] = [];
  for (const row of rows) {
    const renewed = judge(row, categories, agenda, stated);
    if (!renewed) continue;
    yield* tx.execute(tx.db.update(t.articles).set(renewed.judgement).where(eq(t.articles.id, row.id)));
    if (renewed.tags) yield* replaceArticleTags(tx, row.id, renewed.tags);
    const { category } = renewed.judgement;
    if (category !== undefined && category !== row.category) moved.push({ ...row, category });
    updated++;
  }
  yield* reindexArticles(tx, moved);
  return { updated, lastId: rows[rows.length - 1].id };
}

/** Walks every article not tagged by hand, in id order and batches, each batch one transaction; returns how many changed. */
export async function judgeAutomaticArticles(judge: Judge) {
  let updated = 0;
  let afterId = 0;
  for (;;) {
    const from = afterId;
    const batch = await transaction((tx) => judgeBatch(tx, judge, from));
    if (batch.lastId === undefined) return updated;
    updated += batch.updated;
    afterId = batch.lastId;
  }
}

/**
 * Walks the articles not tagged by hand that cite one of these RINs (any case), in batches, as part of the caller's
 * transaction; returns how many changed.
 */
export function* judgeAutomaticArticlesCiting(tx: Transaction, rins: readonly string[], judge: Judge) {
  let updated = 0;
  let afterId = 0;
  for (;;) {
    const batch = yield* judgeBatch(tx, judge, afterId, citesAnyRin(rins));
    if (batch.lastId === undefined) return updated;
    updated += batch.updated;
    afterId = batch.lastId;
  }
}

/** Judges again the articles with these ids not tagged by hand, in batches; returns how many changed. */
export async function judgeAutomaticArticlesWithIds(ids: readonly number[], judge: Judge) {
  let updated = 0;
  for (let start = 0; start < ids.length; start += BATCH) {
    const only = inArray(t.articles.id, ids.slice(start, start + BATCH));
    updated += (await transaction((tx) => judgeBatch(tx, judge, 0, only))).updated;
  }
  return updated;
}

export async function hasArticles() {
  return Boolean(await first(db().select({ id: t.articles.id }).from(t.articles).limit(1)));
}

const JUDGED_BY_KEY = "classifier-version";

/** The version of the classifier that judged the stored articles, or undefined when none is recorded. */
export async function judgedByVersion() {
  return (await first(db().select().from(t.appState).where(eq(t.appState.key, JUDGED_BY_KEY))))?.value;
}

/** Records that the stored articles are (being) judged by this version of the classifier. */
export async function recordJudgedBy(version: string) {
  const now = new Date();
  await execute(
    db()
      .insert(t.appState)
      .values({ key: JUDGED_BY_KEY, value: version, updatedAt: now })
      .onConflictDoUpdate({ target: t.appState.key, set: { value: version, updatedAt: now } }),
  );
}
