// Re-running the classification rules over stored articles: after the rules improve (recategorize),
// or as time passes and comment deadlines come close (fix-priorities). Editors' manual work is never overwritten.
import { officialDesignationOf, type AgendaEntries } from "../agenda/store.server";
import type { Transaction } from "../db.server";
import type { StatedDesignations } from "../designations/store.server";
import { CLASSIFIER_VERSION, classifyArticle } from "./classifier";
import { classifyInputOf } from "./inputs.server";
import {
  judgeAutomaticArticles,
  judgeAutomaticArticlesCiting,
  judgeAutomaticArticlesWithIds,
  judgedByVersion,
  recordJudgedBy,
  type Judge,
  type StoredArticle,
} from "./store.server";

function classificationOf(row: StoredArticle, categories: Map<number, string>, now: Date, agenda: AgendaEntries, stated: StatedDesignations) {
  // Articles without a source (the demo sample) are Federal Register documents when they carry a number.
  const sourceCategory = (row.sourceId ? categories.get(row.sourceId) : undefined) ?? (row.documentNumber ? "government" : null);
  const input = classifyInputOf(row, sourceCategory, officialDesignationOf(row.regulationIdNumbers, agenda), stated.get(row.id) ?? null);
  return classifyArticle(input, now);
}

const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((tag, i) => tag === b[i]);

/** What a re-judgement renews: the category with its reason and the tags, the priority with its reason, or both. */
type Renewed = { category: boolean; priority: boolean };

/**
 * Judges every article not tagged by hand again (as a Judge of the store's walks) and writes back the renewed parts
 * that changed. A part whose value stands but whose reason changed (or was never stored) counts as changed: the
 * reason is part of the judgement.
 */
function rejudged(renewed: Renewed, now: Date): Judge {
  return (row, categories, agenda, stated) => {
    const { category, priority, tags, reason } = classificationOf(row, categories, now, agenda, stated);
    const tagsChanged = renewed.category && !sameTags(tags, row.tags);
    const categoryChanged = renewed.category && (category !== row.category || reason.category !== row.categoryReason);
    const priorityChanged = renewed.priority && (priority !== row.priority || reason.priority !== row.priorityReason);
    if (!categoryChanged && !priorityChanged && !tagsChanged) return null;
    return {
      judgement: {
        ...(renewed.category ? { category, categoryReason: reason.category, tags } : {}),
        ...(renewed.priority ? { priority, priorityReason: reason.priority } : {}),
      },
      tags: tagsChanged ? tags : undefined,
    };
  };
}

/** Re-derives category, its reason and tags of every article not tagged by hand. */
export async function recategorizeArticles(now = new Date()): Promise<{ updated: number }> {
  return { updated: await judgeAutomaticArticles(rejudged({ category: true, priority: false }, now)) };
}

/**
 * Re-derives the priority and its reason of every article not tagged by hand (comment deadlines move into and
 * out of the 7-day window, and the reason counts the days).
 */
export async function fixPriorities(now = new Date()): Promise<{ updated: number }> {
  return { updated: await judgeAutomaticArticles(rejudged({ category: false, priority: true }, now)) };
}

/**
 * Judges again, category and priority with their reasons and tags, the articles not tagged by hand that cite one of
 * these RINs: their rulemaking gained or changed a designation in the Unified Agenda. Part of the caller's
 * transaction (the one that wrote the designations). Returns how many changed.
 */
export function* rejudgeArticlesCiting(tx: Transaction, rins: readonly string[], now = new Date()) {
  if (!rins.length) return 0;
  return yield* judgeAutomaticArticlesCiting(tx, rins, rejudged({ category: true, priority: true }, now));
}

/**
 * Judges again, category and priority with their reasons and tags, these articles unless tagged by hand: their full
 * text was read and may state what they are (app/rule-text/). Returns how many changed.
 */
export async function rejudgeArticles(ids: readonly number[], now = new Date()) {
  return judgeAutomaticArticlesWithIds(ids, rejudged({ category: true, priority: true }, now));
}

/** Whether the stored articles were judged by another version of the classifier than this one. */
export async function storedJudgementIsStale() {
  return (await judgedByVersion()) !== CLASSIFIER_VERSION;
}

/** Records that the stored articles are (being) re-judged by this version of the classifier. */
export async function recordJudgedByCurrentClassifier() {
  await recordJudgedBy(CLASSIFIER_VERSION);
}
