// Model-assisted classification (docs/classification.md, "Model-assisted classification"): the local classifier
// stays the judge; a language model is asked only about FEED items it is unsure of (no codebook rule decided
// and the word model's probability for its answer is below ASSIST_BELOW_PROBABILITY). Scraping uses it for new
// feed items when CLASSIFY_ASSIST is on (app/ingest/batch.server.ts). Federal Register documents are never sent:
// their action line, type and dates decide. Any failure, timeout or answer outside the codebook's vocabulary keeps
// the local result, so the assisted path can only add, never break.
import { z } from "zod";
import { classifyArticle, type Classification, type ClassifyInput } from "../classify/classifier";
import { CATEGORY_VALUES, PRIORITY_VALUES } from "../articles/vocabulary";
import type { AppConfig } from "../config.server";
import { clientWhenAsked } from "./openai-client.server";
import { parseJsonAnswer } from "./openai.server";

/**
 * Chosen on the DEVELOPMENT part by `npx tsx tests/eval/assist-threshold.ts` (word model cross-validated). Measured
 * again with the model of 2026-11-26, whose calibrated probabilities are softer: of the 386 items no rule decided,
 * the 144 below 0.9 are right locally 92.4% of the time, the rest 98.8%; at 0.85 the items kept would be right 97.7%,
 * and 0.95 sends 40 more for 0.7 points among those kept. Scraping asks about at most 25 items a run either way.
 */
export const ASSIST_BELOW_PROBABILITY = 0.9;
const SUMMARY_LIMIT = 1_500;
const REASON_MAX_CHARS = 200;

/** True when the local answer is weak enough to ask a model: no rule decided and the word model is not sure. */
export function isUnsure(local: Classification) {
  return local.confidence.decidedBy !== "rule" && local.confidence.probability < ASSIST_BELOW_PROBABILITY;
}

/** A Federal Register document: its own fields decide, so it is never sent to the model. */
const isFederalRegisterInput = (input: ClassifyInput) => Boolean(input.documentType || input.action);

const CLASSIFY_INSTRUCTIONS = [
  "You classify U.S. federal regulatory news for a deregulation dashboard, following this codebook.",
  "Category, first step that fits decides:",
  "1. A think tank, opinion or analysis column, or explainer -> policy-analysis. A court feed -> legal-decisions.",
  "2. Congress: a bill, public law, joint resolution, CRA disapproval, or a chamber or committee acting -> legislative-action.",
  "3. A court or adjudicator decided a case -> legal-decisions.",
  "4. The product is analysis, not a requirement (assessment, risk evaluation, report, study) -> policy-analysis.",
  "5. A federal requirement goes away, loosens or is put off (rescission, repeal, withdrawal of a rule or proposal, delay of an effective or compliance date, stay, deregulatory executive order) -> regulatory-rollbacks. Direction decides, not vocabulary: extending a comment period is not a rollback.",
  "6. Anything else an agency or the President issues or proposes -> new-regulations.",
  "Priority (what a compliance lead acts on first; when unsure choose the lower):",
  "high: executive orders of substance, significant or economically significant rules, final rules of broad reach, Supreme Court decisions, lower-court decisions blocking a rule nationwide, enacted laws, comment periods closing within a week.",
  "medium: ordinary final and proposed rules, narrow rollbacks, guidance, other court decisions on federal rules, bills, substantive analysis.",
  "low: routine notices, meetings, information collections, permits, single-party matters, ceremonial items, commentary that changes nothing.",
  `Answer with JSON only: {"category": one of ${CATEGORY_VALUES.join(", ")}, "priority": one of ${PRIORITY_VALUES.join(", ")}, "reason": one short sentence}.`,
].join("\n");

function classifyPrompt(input: ClassifyInput) {
  const lines = [`Title: ${input.title}`];
  if (input.sourceName) lines.push(`Source: ${input.sourceName}`);
  if (input.sourceCategory) lines.push(`Source kind: ${input.sourceCategory}`);
  const summary = (input.summary ?? "").trim().slice(0, SUMMARY_LIMIT);
  if (summary) lines.push("", "Summary:", '"""', summary, '"""');
  return lines.join("\n");
}

const answerSchema = z.object({
  category: z.enum(CATEGORY_VALUES),
  priority: z.enum(PRIORITY_VALUES),
  reason: z.string().trim().min(1),
});

/** Where an assisted answer came from: `local` also when the model was asked and failed (`failure` says how). */
type AssistedClassification = Classification & { source: "local" | "model"; askedModel: boolean; failure?: string };

type ClassifyAssistOptions = { apiKey?: string; baseURL?: string; model: string; timeoutMs?: number; maxRetries?: number };

export type ClassifyAssistant = {
  readonly model: string;
  classify(input: ClassifyInput, now?: Date, signal?: AbortSignal): Promise<AssistedClassification>;
  /** `classify` for an item the caller has judged locally already (`local`, from the same input): not judged again. */
  reconsider(input: ClassifyInput, local: Classification, signal?: AbortSignal): Promise<AssistedClassification>;
};

export function createClassifyAssistant(options: ClassifyAssistOptions): ClassifyAssistant {
  const client = clientWhenAsked({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeoutMs: options.timeoutMs ?? 15_000,
    maxRetries: options.maxRetries ?? 0,
  });

  async function ask(input: ClassifyInput, signal?: AbortSignal) {
    const completion = await (
      await client()
    ).chat.completions.create(
      {
        model: options.model,
        // As repeatable as the server allows: the same item should get the same answer.
        temperature: 0,
        max_tokens: 200,
        messages: [
          { role: "system", content: CLASSIFY_INSTRUCTIONS },
          { role: "user", content: classifyPrompt(input) },
        ],
      },
      { signal },
    );
    const content = completion?.choices?.[0]?.message?.content;
    if (typeof content !== "string" || !content.trim()) throw new Error("empty answer");
    const parsed = answerSchema.safeParse(parseJsonAnswer(content, "{"));
    if (!parsed.success) throw new Error("answer outside the codebook's vocabulary");
    return parsed.data;
  }

  async function reconsider(input: ClassifyInput, local: Classification, signal?: AbortSignal): Promise<AssistedClassification> {
    if (isFederalRegisterInput(input) || !isUnsure(local)) return { ...local, source: "local", askedModel: false };
    try {
      const answer = await ask(input, signal);
      const why = `model ${options.model}: ${answer.reason.slice(0, REASON_MAX_CHARS)}`;
      // Tags stay the local ones: they come from the text's own words, which the model adds nothing to.
      return { ...local, category: answer.category, priority: answer.priority, reason: { category: why, priority: why }, source: "model", askedModel: true };
    } catch (error) {
      return { ...local, source: "local", askedModel: true, failure: (error as Error)?.message ?? String(error) };
    }
  }

  return {
    model: options.model,
    classify: (input, now = new Date(), signal) => reconsider(input, classifyArticle(input, now), signal),
    reconsider,
  };
}

/** The assistant when the configured provider is `openai`; null with the default local provider. */
export function classifyAssistantFromConfig(settings: AppConfig): ClassifyAssistant | null {
  if (settings.AI_PROVIDER !== "openai") return null;
  return createClassifyAssistant({
    apiKey: settings.OPENAI_API_KEY,
    baseURL: settings.OPENAI_BASE_URL,
    model: settings.OPENAI_MODEL,
    timeoutMs: settings.OPENAI_TIMEOUT_MS,
  });
}
