// One batch of a source's items (a feed's answer, a Federal Register page, the public inspection desk) in one pass:
// the source's keywords admit or skip each item, the insert path judges the admitted ones once (insert.server.ts),
// the model-assisted classifier may revise the judgements a feed's items got unsure, and the batch is stored whole.
import { classifyAssistantFromConfig, isUnsure } from "../ai/classify-assist.server";
import type { NewArticle } from "../articles/new-article";
import { isStored } from "../articles/store/insert.server";
import type { Classification } from "../classify/classifier";
import { classifyInputOf } from "../classify/inputs.server";
import { config } from "../config.server";
import { isJudged, judgeArticles, storeJudged, type JudgedArticle, type JudgedBatch } from "./insert.server";
import { checkCancelled, forEachConcurrently, type AssistBudget, type Run, type SourceRun } from "./run";

/** Model calls at once within one source's batch. */
const ASSIST_CONCURRENCY = 4;

/** Only with CLASSIFY_ASSIST and a model configured (AI_PROVIDER=openai); otherwise the local classifier alone decides. */
export function assistBudget(): AssistBudget | null {
  const settings = config();
  if (!settings.CLASSIFY_ASSIST || settings.CLASSIFY_ASSIST_MAX_PER_RUN === 0) return null;
  const assistant = classifyAssistantFromConfig(settings);
  return assistant ? { assistant, remaining: settings.CLASSIFY_ASSIST_MAX_PER_RUN } : null;
}

/** The classifier's judgement of the item when it was unsure, else null (an editor's choice is never unsure). */
function unsureJudgement({ classification }: JudgedArticle): Classification | null {
  return "confidence" in classification && isUnsure(classification) ? classification : null;
}

/**
 * Asks the model about the new items the batch's one judgement was unsure of, up to the run's budget. An item stored
 * already is never judged again at ingestion, so asking about it would waste a call. A failed call keeps the local
 * judgement; a model answer replaces it, with its reason, and is not a manual edit (the jobs may judge it again).
 */
async function assistUnsure(batch: JudgedBatch, run: Run) {
  const assist = run.assist;
  if (!assist || assist.remaining <= 0) return;
  const unsure: { item: JudgedArticle; local: Classification }[] = [];
  for (const item of batch.filter(isJudged)) {
    if (unsure.length >= assist.remaining) break;
    const local = unsureJudgement(item);
    if (local && !(await isStored(item.canonical, item.documentNumber))) unsure.push({ item, local });
  }
  assist.remaining -= unsure.length;
  await forEachConcurrently(unsure, ASSIST_CONCURRENCY, async ({ item, local }) => {
    checkCancelled(run);
    // The prompt reads the item's own words (app/ai/classify-assist.server.ts); the local judgement is the batch's.
    const got = await assist.assistant.reconsider(classifyInputOf(item.input, item.input.sourceCategory), local, run.signal);
    if (got.source === "model") item.classification = { category: got.category, priority: got.priority, tags: got.tags, reason: got.reason };
  });
}

/** A batch admitted and judged, ready to be stored (judgeBatch, then storeBatch). */
export type JudgedSourceBatch = { batch: JudgedBatch; newest: Date | null };

/**
 * The first half of ingesting a batch: the source's keywords admit or skip each item, the admitted ones are judged,
 * and with `assisted` (a feed's items; a Federal Register document's own fields decide) the model may revise what
 * the judgement was unsure of. Judging reads only what storing other articles leaves alone (deleted articles, the
 * agenda), so a batch may be judged while the one before it is stored.
 */
export async function judgeBatch(articles: NewArticle[], { summary, admits }: SourceRun, run: Run, assisted = false): Promise<JudgedSourceBatch> {
  let newest: Date | null = null;
  const admitted: NewArticle[] = [];
  for (const article of articles) {
    summary.fetched++;
    if (!newest || article.publishDate > newest) newest = article.publishDate;
    if (admits && !admits(`${article.title}\n${article.summary}`)) {
      summary.skippedByKeywords++;
      continue;
    }
    admitted.push(article);
  }
  // Judged on the day it is stored, as every article is (insert.server.ts), not on the run's `now`.
  const batch = await judgeArticles(admitted);
  if (assisted) await assistUnsure(batch, run);
  return { batch, newest };
}

/** The second half: the judged batch stored atomically. Answers how many were new and the newest publication date seen. */
export async function storeBatch({ batch, newest }: JudgedSourceBatch, { summary }: SourceRun) {
  let inserted = 0;
  for (const outcome of await storeJudged(batch)) {
    if (outcome.status === "inserted") inserted++;
    else if (outcome.status === "published") summary.published = (summary.published ?? 0) + 1;
    else if (outcome.status !== "invalid-url") summary.duplicates++;
  }
  summary.new += inserted;
  return { inserted, newest };
}

/**
 * Ingests one batch of a source's items, stored atomically: a run stopped mid-way leaves whole batches, never half of
 * one. `assisted`: a feed's items, which the model-assisted classifier may be asked about (a Federal Register
 * document's own fields decide). Answers how many were new and the newest publication date seen.
 */
export async function ingestBatch(articles: NewArticle[], share: SourceRun, run: Run, assisted = false) {
  return storeBatch(await judgeBatch(articles, share, run, assisted), share);
}
