// Inserting articles: one path for every source, in two steps. judgeArticles keys each article as the store dedups
// it, drops those an editor deleted, and judges the rest once (or takes an editor's choice); storeJudged stores them
// unless known already (app/articles/store/insert.server.ts). Scraping runs the steps apart, so the model-assisted
// classifier can revise the judgements it was unsure of in between (app/ingest/batch.server.ts); everyone else
// calls insertArticles.
import { agendaEntriesOf, officialDesignationOf, type AgendaEntries } from "../agenda/store.server";
import { classifyArticle, type Classification } from "../classify/classifier";
import { EDITOR_REASON, type Judgement } from "../articles/vocabulary";
import { classifyInputOf } from "../classify/inputs.server";
import { canonicalUrl, dedupKeys, federalRegisterDocumentNumber, isHttpUrl } from "../articles/canonical-url";
import type { InsertOutcome, NewArticle } from "../articles/new-article";
import { deletedOf, storeArticles, type Pending } from "../articles/store/insert.server";

/** An article keyed for the store and judged: by the classifier (which says how sure it is) or by an editor. */
export type JudgedArticle = Omit<Pending, "classification"> & { classification: Classification | Judgement };

/** An article of a batch that will not be stored: not an http(s) link, or deleted by an editor. */
type TurnedAway = Extract<InsertOutcome, { status: "invalid-url" | "deleted" }>;

/** A batch after judgeArticles, in the order of its inputs. */
export type JudgedBatch = (JudgedArticle | TurnedAway)[];

type Keyed = Omit<JudgedArticle, "classification">;

export const isJudged = (item: JudgedArticle | TurnedAway): item is JudgedArticle => "input" in item;

function keyed(input: NewArticle): Keyed | TurnedAway {
  // Adapters drop such items; this is the last guard before a link reaches an href on the page.
  if (!isHttpUrl(input.originalUrl)) return { status: "invalid-url" };
  const canonical = canonicalUrl(input.originalUrl);
  const documentNumber = input.documentNumber || federalRegisterDocumentNumber(input.originalUrl) || null;
  const [urlKey, docKey] = dedupKeys(canonical, documentNumber);
  return { input, canonical, documentNumber, urlKey, docKey };
}

/** Classifies a new article with its rulemaking's designation, or takes an editor's choice (Add Article) with reasons that say so. */
function judgementOf(input: NewArticle, agenda: AgendaEntries): Classification | Judgement {
  if (input.manualClassification) return { ...input.manualClassification, reason: { category: EDITOR_REASON, priority: EDITOR_REASON } };
  const rins = input.regulationIdNumbers ?? [];
  return classifyArticle(classifyInputOf(input, input.sourceCategory, rins.length ? officialDesignationOf(rins, agenda) : null));
}

/**
 * Judges a batch in one pass: each article keyed; those an editor deleted dropped before any work (the one read of
 * the markers outside the store); the Unified Agenda entries of all the others' RINs read in one query; then each
 * judged once, with its designation, on the day it is stored (classifyArticle's clock: a comment period closing soon).
 */
export async function judgeArticles(inputs: NewArticle[]): Promise<JudgedBatch> {
  const items = inputs.map(keyed);
  const candidates = items.filter((item): item is Keyed => "input" in item);
  const deleted = await deletedOf(candidates);
  const judged = candidates.filter((item) => !deleted.has(item));
  const agenda = await agendaEntriesOf(judged.flatMap(({ input }) => (input.manualClassification ? [] : (input.regulationIdNumbers ?? []))));
  return items.map((item) => {
    if (!("input" in item)) return item;
    return deleted.has(item) ? { status: "deleted" } : { ...item, classification: judgementOf(item.input, agenda) };
  });
}

/**
 * Stores a judged batch as it is (nothing is judged again), each article unless it or a deleted twin is known, in
 * one transaction: stored whole or not at all. Outcomes in the order of the batch.
 */
export async function storeJudged(batch: JudgedBatch): Promise<InsertOutcome[]> {
  const judged = batch.filter(isJudged);
  const stored = judged.length ? await storeArticles(judged) : new Map<Pending, InsertOutcome>();
  return batch.map((item) => (isJudged(item) ? stored.get(item)! : item));
}

/**
 * Inserts articles, each judged (or taking its editor's choice) unless it, or a deleted twin, is already known, in one
 * transaction: a batch is stored whole or not at all. Outcomes in the order of the inputs.
 */
export async function insertArticles(inputs: NewArticle[]): Promise<InsertOutcome[]> {
  return storeJudged(await judgeArticles(inputs));
}

/** Inserts one article unless it (or a deleted twin) is already known (see insertArticles). */
export async function insertArticle(input: NewArticle): Promise<InsertOutcome> {
  return (await insertArticles([input]))[0];
}
