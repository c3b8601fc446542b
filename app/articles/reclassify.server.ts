// Re-running the classification rules over stored articles: after the rules improve (recategorize),
// or as time passes and comment deadlines come close (fix-priorities). Editors' manual work is never overwritten.
import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import { agendaEntriesOf, officialDesignationOf } from "../agenda/store.server";
import { db, t } from "../db.server";
import { CLASSIFIER_VERSION, classifyArticle } from "./classify";
import { classifyInputOf, replaceArticleTags } from "./store.server";

const BATCH = 500;

type ArticleRow = typeof t.articles.$inferSelect;
type Tx = Parameters<typeof replaceArticleTags>[0];

/** The Unified Agenda entries of a batch's RINs, read once for the batch. */
type AgendaEntries = ReturnType<typeof agendaEntriesOf>;
type Visit = (row: ArticleRow, tx: Tx, agenda: AgendaEntries) => boolean;

/**
 * Walks every article not tagged by hand (and matching `only`, when given), in id order and batches, each batch one
 * transaction (nested in the caller's, when there is one).
 */
function forEachAutomaticArticle(visit: Visit, only?: SQL) {
  let updated = 0;
  let afterId = 0;
  for (;;) {
    const rows = db()
      .select()
      .from(t.articles)
      .where(and(eq(t.articles.manuallyTagged, false), gt(t.articles.id, afterId), only))
      .orderBy(asc(t.articles.id))
      .limit(BATCH)
      .all();
    if (!rows.length) return updated;
    const agenda = agendaEntriesOf(rows.flatMap((row) => row.regulationIdNumbers));
    db().transaction((tx) => {
      for (const row of rows) if (visit(row, tx, agenda)) updated++;
    });
    afterId = rows[rows.length - 1].id;
  }
}

function sourceCategories() {
  return new Map(
    db()
      .select({ id: t.sources.id, category: t.sources.category })
      .from(t.sources)
      .all()
      .map((s) => [s.id, s.category]),
  );
}

function classificationOf(row: ArticleRow, categories: Map<number, string>, now: Date, agenda: AgendaEntries) {
  // Articles without a source (the demo sample) are Federal Register documents when they carry a number.
  const sourceCategory = (row.sourceId ? categories.get(row.sourceId) : undefined) ?? (row.documentNumber ? "government" : null);
  return classifyArticle(classifyInputOf(row, sourceCategory, officialDesignationOf(row.regulationIdNumbers, agenda)), now);
}

const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((tag, i) => tag === b[i]);

/** What a re-judgement renews: the category with its reason and the tags, the priority with its reason, or both. */
type Renewed = { category: boolean; priority: boolean };

/**
 * Judges every article not tagged by hand (and matching `only`) again and writes back the renewed parts that changed.
 * A part whose value stands but whose reason changed (or was never stored) counts as changed: the reason is part of
 * the judgement. Returns how many articles changed.
 */
function rejudge(renewed: Renewed, now: Date, only?: SQL) {
  const categories = sourceCategories();
  return forEachAutomaticArticle((row, tx, agenda) => {
    const { category, priority, tags, reason } = classificationOf(row, categories, now, agenda);
    const tagsChanged = renewed.category && !sameTags(tags, row.tags);
    const categoryChanged = renewed.category && (category !== row.category || reason.category !== row.categoryReason);
    const priorityChanged = renewed.priority && (priority !== row.priority || reason.priority !== row.priorityReason);
    if (!categoryChanged && !priorityChanged && !tagsChanged) return false;
    tx.update(t.articles)
      .set({
        ...(renewed.category ? { category, categoryReason: reason.category, tags } : {}),
        ...(renewed.priority ? { priority, priorityReason: reason.priority } : {}),
      })
      .where(eq(t.articles.id, row.id))
      .run();
    if (tagsChanged) replaceArticleTags(tx, row.id, tags);
    return true;
  }, only);
}

/** Re-derives category, its reason and tags of every article not tagged by hand. */
export function recategorizeArticles(now = new Date()): { updated: number } {
  return { updated: rejudge({ category: true, priority: false }, now) };
}

/**
 * Re-derives the priority and its reason of every article not tagged by hand (comment deadlines move into and
 * out of the 7-day window, and the reason counts the days).
 */
export function fixPriorities(now = new Date()): { updated: number } {
  return { updated: rejudge({ category: false, priority: true }, now) };
}

/**
 * Judges again, category and priority with their reasons and tags, the articles not tagged by hand that cite one of
 * these RINs: their rulemaking gained or changed a designation in the Unified Agenda. Returns how many changed.
 */
export function rejudgeArticlesCiting(rins: readonly string[], now = new Date()): number {
  if (!rins.length) return 0;
  const cites = sql`${t.articles.regulationIdNumbers} <> '[]' AND EXISTS (
    SELECT 1 FROM json_each(${t.articles.regulationIdNumbers}) WHERE upper(json_each.value) IN (SELECT value FROM json_each(${JSON.stringify(rins)})))`;
  return rejudge({ category: true, priority: true }, now, cites);
}

const JUDGED_BY_KEY = "classifier-version";

export function hasArticles() {
  return Boolean(db().select({ id: t.articles.id }).from(t.articles).limit(1).get());
}

/** Whether the stored articles were judged by another version of the classifier than this one. */
export function storedJudgementIsStale() {
  const row = db().select().from(t.appState).where(eq(t.appState.key, JUDGED_BY_KEY)).get();
  return row?.value !== CLASSIFIER_VERSION;
}

/** Records that the stored articles are (being) re-judged by this version of the classifier. */
export function recordJudgedByCurrentClassifier() {
  const now = new Date();
  db()
    .insert(t.appState)
    .values({ key: JUDGED_BY_KEY, value: CLASSIFIER_VERSION, updatedAt: now })
    .onConflictDoUpdate({ target: t.appState.key, set: { value: CLASSIFIER_VERSION, updatedAt: now } })
    .run();
}
