// Classification rules: category, priority and tags of an article from its own text and source.
// One module decides for ingestion, the recategorize/fix-priorities jobs, extraction and tag suggestions.
import { hasNoAbstract, probabilities, scoreText, strongestWords, type WordModel } from "./model";
import { committedModel } from "./model-file.server";
import {
  ACTION_AVAILABILITY,
  ACTION_COMMENT_PERIOD,
  ACTION_DIRECT_FINAL_WITHDRAWN,
  ACTION_ROLLBACK,
  ADJUDICATION,
  AGENCY_TITLE_WORDS,
  ANALYSIS,
  ANALYSIS_DOC,
  AVAILABLE_ANALYSIS,
  BILL,
  CEREMONIAL,
  CLEAN_UP,
  COMMENT_EXTENSION,
  COURT,
  COURT_BLOCKS_RULE,
  COURT_SOURCE,
  COURT_TAKES_CASE,
  ENACTED,
  EXECUTIVE_ORDERS,
  FINALIZED,
  FINAL_RULE_ACTION,
  INTERIM_FINAL_ACTION,
  INTERNAL_PRESIDENTIAL,
  ITC_CASE,
  KEEPS_REQUIREMENT,
  LAND_WITHDRAWAL,
  LEGISLATIVE,
  NEWS_FINDINGS,
  NOT_ANALYSIS,
  NOT_ROLLBACK,
  NOT_SIGNIFICANT,
  PRESIDENTIAL_GERUND,
  PRESIDENTIAL_HEADING,
  PRESIDENTIAL_ROLLBACK,
  PRESIDENTIAL_TITLE,
  REAL_RULE,
  REINSTATED,
  REQUEST_FOR,
  RESCISSION_PLANNED,
  ROLLBACK,
  ROLLBACK_ABSTRACT,
  ROLLBACK_WIDE_MORE,
  ROUTINE,
  ROUTINE_RULES,
  RULE_ACTION,
  SIGNIFICANT,
  SRO_FILING,
  SUBSTANTIVE_ANALYSIS,
  SUPREME,
  THIS_RULE,
  WIDE_LEAD_CHARS,
  WITHDRAWN_TITLE,
  TAG_RULES,
} from "./rules";
import type { Category, Judgement, Priority, SourceCategory, Tag } from "../articles/vocabulary";
import { officialCategory, statedCategory, type Designations } from "./designations";

export type ClassifyInput = {
  title: string;
  summary?: string;
  sourceCategory?: SourceCategory | string | null;
  /** The source's name: "Supreme Court Slip Opinions" says what its items are. */
  sourceName?: string | null;
  /** Federal Register document type: Rule, Proposed Rule, Notice, Presidential Document. */
  documentType?: string | null;
  agencies?: string[];
  significant?: boolean;
  commentsCloseOn?: string | null;
  effectiveOn?: string | null;
  /** The Federal Register's `action` line, e.g. "Final rule; delay of effective date." */
  action?: string | null;
  /** The Federal Register's `dates` paragraph (effective date, comment deadline). */
  dates?: string | null;
  regulationIdNumbers?: string[];
  topics?: string[];
  cfrReferences?: string[];
  /** Printed pages: a long document usually reaches further. */
  pageLength?: number | null;
} & Designations;

/** Why: short human text for the category and the priority, e.g. "rollback: 'delay of effective date'". */
/**
 * Raise it whenever the rules or the word model change: the job runner then re-judges every stored article
 * (recategorize and fix-priorities) once, so old rows do not keep the old judgement.
 */
export const CLASSIFIER_VERSION = "2026-11-28.2";

/**
 * How the category was decided: by a codebook rule, by the word model (confident enough to move the item), or by
 * the default when neither fired. `probability` is the word model's probability for the category given (1 when a
 * rule decided, since the model was not consulted). The optional model-assisted classifier asks a language model only
 * about items no rule decided and whose probability is low.
 */
type CategoryConfidence = { decidedBy: "rule" | "model" | "default"; probability: number };
export type Classification = Judgement & { confidence: CategoryConfidence };

const has = (text: string, pattern: RegExp) => pattern.test(text);

/** The model files an item outside new-regulations only when it is at least this sure. */
const MODEL_MIN_PROBABILITY = 0.6; // 0.5, 0.6 and 0.7 cross-validated on the development part: 0.6 was best

type Decision<T> = { value: T; why: string };
/** How a reason names each category ("rollback: ...", "legal: ..."). */
const CATEGORY_WORD: Record<Category, string> = {
  "regulatory-rollbacks": "rollback",
  "new-regulations": "new regulation",
  "legal-decisions": "legal",
  "legislative-action": "legislative",
  "policy-analysis": "analysis",
};
type CategoryDecision = Decision<Category> & { confidence?: CategoryConfidence };
const quote = (text: string, match: RegExpMatchArray | null) => `'${(match?.[0] ?? text).trim().toLowerCase().slice(0, 60)}'`;

/**
 * A presidential document, by its type, its heading, or (from a government source, without an abstract) a title that
 * starts with a gerund, as presidential documents are titled (PRESIDENTIAL_GERUND).
 */
function presidentialSignal(input: ClassifyInput, summary: string): string | null {
  if ((input.documentType ?? "").toLowerCase().includes("presidential")) return "presidential document";
  const title = input.title.trim();
  if (PRESIDENTIAL_TITLE.test(title) || PRESIDENTIAL_HEADING.test(title)) return "presidential document";
  if (input.sourceCategory === "government" && hasNoAbstract(summary.trim()) && PRESIDENTIAL_GERUND.test(title) && !AGENCY_TITLE_WORDS.test(title))
    return "presidential document (title, no abstract)";
  return null;
}

/**
 * The Federal Register's `action` line says what the document does in the agency's own words, so it decides
 * before any reading of the title: "Final rule; delay of effective date.", "Proposed rule; withdrawal.".
 */
const actionText = (input: ClassifyInput) => (input.action ?? "").trim().replace(/\.+$/, "").toLowerCase();

function actionCategory(input: ClassifyInput): Decision<Category> | null {
  const action = actionText(input);
  if (!action) return null;
  const said = `action '${action}'`;
  if (ACTION_DIRECT_FINAL_WITHDRAWN.test(action)) return { value: "new-regulations", why: `new regulation: ${said}, the requirement stands` };
  // More time to comment changes nothing for the regulated: the notice follows the action it is about.
  if (ACTION_COMMENT_PERIOD.test(action)) {
    if (has(input.title, ROLLBACK)) return { value: "regulatory-rollbacks", why: `rollback: ${said} on a rollback` };
    if (has(input.title, ANALYSIS_DOC)) return { value: "policy-analysis", why: `analysis: ${said} on an analysis` };
    return { value: "new-regulations", why: `new regulation: ${said}, not a rollback` };
  }
  if (RULE_ACTION.test(action) && ACTION_ROLLBACK.test(action)) return { value: "regulatory-rollbacks", why: `rollback: ${said}` };
  if (ACTION_AVAILABILITY.test(action) && has(input.title, AVAILABLE_ANALYSIS)) return { value: "policy-analysis", why: `analysis: ${said} of findings` };
  return null;
}

function categoryOf(input: ClassifyInput, summary: string, presidential: string | null, model: WordModel): CategoryDecision {
  const { title } = input;
  const lead = summary.slice(0, 400);
  let m: RegExpMatchArray | null;
  const stated = statedCategory(input);
  if (stated) return stated;
  const official = officialCategory(input);
  if (official) return official;
  if (input.sourceCategory === "think-tank") return { value: "policy-analysis", why: "analysis: think-tank source" };
  if (presidential) {
    if ((m = title.match(PRESIDENTIAL_ROLLBACK)))
      return { value: "regulatory-rollbacks", why: `rollback: ${presidential} that cuts rules, ${quote(title, m)}` };
    return { value: "new-regulations", why: `new regulation: ${presidential}` };
  }
  const byAction = actionCategory(input);
  if (byAction) return byAction;
  if (input.sourceCategory === "legal" && !has(title, LEGISLATIVE))
    return has(title, ANALYSIS)
      ? { value: "policy-analysis", why: "analysis: explainer from a court feed" }
      : { value: "legal-decisions", why: "legal: court source" };
  if ((m = title.match(LEGISLATIVE))) return { value: "legislative-action", why: `legislative: ${quote(title, m)}` };
  if ((m = title.match(ADJUDICATION)) || (m = title.match(ITC_CASE)) || (!has(title, SRO_FILING) && (m = title.match(COURT))))
    return { value: "legal-decisions", why: `legal: ${quote(title, m)}` };
  if (input.sourceCategory === "news" && (m = title.match(ANALYSIS))) return { value: "policy-analysis", why: `analysis: ${quote(title, m)}` };
  if ((m = title.match(ANALYSIS_DOC)) && !has(title, NOT_ANALYSIS)) return { value: "policy-analysis", why: `analysis: ${quote(title, m)}` };
  if ((m = title.match(NOT_ROLLBACK)) || (m = title.match(LAND_WITHDRAWAL)))
    return { value: "new-regulations", why: `new regulation: routine step, ${quote(title, m)}` };
  if (has(lead, KEEPS_REQUIREMENT)) return { value: "new-regulations", why: "new regulation: withdrawal after adverse comment keeps the requirement" };
  if ((m = title.match(COMMENT_EXTENSION)) && !has(title, ROLLBACK))
    return { value: "new-regulations", why: `new regulation: ${quote(title, m)} of a proposal` };
  if ((m = title.match(ROLLBACK))) return { value: "regulatory-rollbacks", why: `rollback: ${quote(title, m)}` };
  if (WITHDRAWN_TITLE.test(title) || RESCISSION_PLANNED.test(title)) return { value: "regulatory-rollbacks", why: "rollback: rule or proposal withdrawn" };
  if (!has(title, ROUTINE) && ((m = lead.match(ROLLBACK_ABSTRACT)) || (m = summary.slice(0, WIDE_LEAD_CHARS).match(ROLLBACK_WIDE_MORE))))
    return { value: "regulatory-rollbacks", why: `rollback: abstract says ${quote(lead, m)}` };
  if (input.sourceCategory === "news" && (m = title.match(NEWS_FINDINGS))) return { value: "policy-analysis", why: `analysis: ${quote(title, m)}` };
  // Direction: a title that says a rule comes back announces a requirement, whatever the abstract says was removed before.
  if ((m = title.match(REINSTATED))) return { value: "new-regulations", why: `new regulation: a requirement comes back, ${quote(title, m)}` };
  // No rule fits: the learned model reads the words. A calibrated rollback probability above the model's threshold
  // files a rollback (the threshold favours recall: a reader filtering rollbacks should miss few); another category
  // needs the model to be MODEL_MIN_PROBABILITY sure; otherwise the default stands.
  const { scores } = scoreText(model, title, summary);
  const probs = probabilities(model, scores);
  const ranked = model.classes.map((label, i) => ({ label, p: probs[i] })).sort((a, b) => b.p - a.p);
  const rollback = probs[model.classes.indexOf("regulatory-rollbacks")];
  const because = (chosen: Category, probability: number) => {
    const rival = ranked.find((r) => r.label !== chosen)!.label;
    // The words are listed only when the model decides: a second reading of the text, rare enough to be cheap.
    const words = strongestWords(model, scoreText(model, title, summary, true).seen!, chosen, rival);
    const quoted = (list: string[]) => list.map((w) => `'${w}'`).join(", ");
    return `model ${probability.toFixed(2)}${words.for.length ? `: ${quoted(words.for)}` : ""}${words.against.length ? `; against: ${quoted(words.against)}` : ""}`;
  };
  if (rollback >= model.rollbackAbove)
    return {
      value: "regulatory-rollbacks",
      why: `rollback: ${because("regulatory-rollbacks", rollback)}`,
      confidence: { decidedBy: "model", probability: rollback },
    };
  const best = ranked.find((r) => r.label !== "regulatory-rollbacks")!;
  if (best.label !== "new-regulations" && best.label !== "legislative-action" && best.p >= MODEL_MIN_PROBABILITY)
    return { value: best.label, why: `${CATEGORY_WORD[best.label]}: ${because(best.label, best.p)}`, confidence: { decidedBy: "model", probability: best.p } };
  const fallback = probs[model.classes.indexOf("new-regulations")] ?? 0;
  return {
    value: "new-regulations",
    why: `new regulation: no rollback, court, Congress or analysis signal (model: rollback ${rollback.toFixed(2)})`,
    confidence: { decidedBy: "default", probability: fallback },
  };
}

function daysUntil(isoDate: string, now: Date) {
  return (Date.parse(`${isoDate}T23:59:59Z`) - now.getTime()) / 86_400_000;
}

/**
 * A final rule that bites within this many days, or comments that close within this many, is acted on first.
 * Most final rules take effect 30 days or more after publication (5 U.S.C. 553(d)), so a 30-day window would
 * mark nearly every final rule high when it arrives; two weeks singles out the ones that bite early.
 */
const EFFECTIVE_SOON_DAYS = 14;
const COMMENTS_CLOSE_SOON_DAYS = 7;
/** A rule in force once published: by the action line when there is one, else by the document type. */
function isFinalRule(input: ClassifyInput) {
  const action = actionText(input);
  if (action) return FINAL_RULE_ACTION.test(action);
  return (input.documentType ?? "").toLowerCase() === "rule";
}

function timingSignal(input: ClassifyInput, category: Category, now: Date): Decision<Priority> | null {
  if (input.commentsCloseOn) {
    const days = daysUntil(input.commentsCloseOn, now);
    if (days >= 0 && days <= COMMENTS_CLOSE_SOON_DAYS) return { value: "high", why: `high: comments close in ${Math.floor(days)} days` };
  }
  if (input.effectiveOn && isFinalRule(input) && category !== "legal-decisions") {
    const days = daysUntil(input.effectiveOn, now);
    if (days >= 0 && days <= EFFECTIVE_SOON_DAYS) return { value: "high", why: `high: final rule effective in ${Math.floor(days)} days` };
  }
  return null;
}

/** A long document touching many parts of the CFR reaches further than a one-page amendment. */
const BROAD_PAGES = 75;
const BROAD_CFR_PARTS = 5;
function breadthSignal(input: ClassifyInput): string | null {
  const pages = input.pageLength ?? 0;
  const parts = new Set((input.cfrReferences ?? []).map((ref) => ref.trim().toLowerCase())).size;
  if (pages >= BROAD_PAGES && parts >= 2) return `${pages} pages touching ${parts} CFR parts`;
  if (parts >= BROAD_CFR_PARTS) return `${parts} CFR parts${pages ? ` in ${pages} pages` : ""}`;
  if (pages >= BROAD_PAGES * 2) return `${pages} pages`;
  return null;
}

function priorityOf(input: ClassifyInput, summary: string, category: Category, presidential: string | null, now: Date): Decision<Priority> {
  const { title } = input;
  const text = `${title} ${summary}`;
  let m: RegExpMatchArray | null;
  // The Federal Register's own EO 12866 designation outranks every reading of the text, routine kinds included.
  if (input.significant) return { value: "high", why: "high: significant under EO 12866" };
  if (presidential) {
    if ((m = title.match(CEREMONIAL))) return { value: "low", why: `low: ceremonial, ${quote(title, m)}` };
    if ((m = title.match(INTERNAL_PRESIDENTIAL))) return { value: "medium", why: `medium: presidential document internal to government, ${quote(title, m)}` };
    return { value: "high", why: `high: ${presidential}` };
  }
  if (category === "legislative-action") {
    if ((m = text.match(ENACTED))) return { value: "high", why: `high: enacted law or CRA resolution, ${quote(text, m)}` };
    if ((m = title.match(BILL))) return { value: "medium", why: `medium: bill, ${quote(title, m)}` };
    return { value: "low", why: "low: Congress talking, not acting" };
  }
  if (category === "legal-decisions") {
    const where = `${title} ${input.sourceName ?? ""}`;
    if (input.sourceCategory === "government" && !COURT_SOURCE.test(input.sourceName ?? ""))
      return { value: "low", why: "low: single-party adjudication or trade-court step" };
    if (COURT_TAKES_CASE.test(title)) return { value: "medium", why: "medium: the court takes a case, no decision yet" };
    if ((m = where.match(SUPREME)) || (m = title.match(COURT_BLOCKS_RULE))) return { value: "high", why: `high: ${quote(where, m)}` };
    return { value: "medium", why: "medium: court decision" };
  }
  if ((m = title.match(ROUTINE)) || (m = title.match(ROUTINE_RULES))) {
    if (has(summary, SIGNIFICANT) && !has(summary, NOT_SIGNIFICANT)) return { value: "high", why: "high: routine kind, but the abstract says significant" };
    return { value: "low", why: `low: routine, ${quote(title, m)}` };
  }
  // Timing and breadth come after the routine kinds: an information collection whose comments close
  // tomorrow, or an airworthiness directive effective next week, is still routine (codebook, priority step 1).
  const soon = timingSignal(input, category, now);
  if (soon) return soon;
  if ((m = summary.match(SIGNIFICANT)) && !has(summary, NOT_SIGNIFICANT)) return { value: "high", why: `high: abstract says ${quote(summary, m)}` };
  if (input.sourceCategory === "news" && (m = title.match(FINALIZED))) return { value: "high", why: `high: final rule in the news, ${quote(title, m)}` };
  const type = (input.documentType ?? "").toLowerCase();
  if (category === "regulatory-rollbacks") {
    if ((m = title.match(EXECUTIVE_ORDERS))) return { value: "high", why: "high: rollback ordered by or of executive orders" };
    if ((m = `${title} ${summary.slice(0, 400)}`.match(CLEAN_UP))) return { value: "low", why: `low: clean-up of narrow or obsolete text, ${quote(title, m)}` };
    return { value: "medium", why: "medium: rollback of requirements" };
  }
  if (category === "policy-analysis") {
    if ((m = title.match(SUBSTANTIVE_ANALYSIS))) return { value: "medium", why: `medium: substantive analysis, ${quote(title, m)}` };
    return { value: "low", why: "low: analysis of a single project or routine report" };
  }
  const broad = breadthSignal(input);
  if (broad && (type === "rule" || type === "proposed rule" || RULE_ACTION.test(actionText(input))))
    return { value: "high", why: `high: broad ${type || "rule"}, ${broad}` };
  if (type === "rule" || type === "proposed rule") return { value: "medium", why: `medium: ${type}` };
  if (INTERIM_FINAL_ACTION.test(actionText(input))) return { value: "medium", why: "medium: interim final rule, in force before comment" };
  if ((m = title.match(COMMENT_EXTENSION)) && !has(title, REQUEST_FOR)) return { value: "medium", why: `medium: ${quote(title, m)} of a real rule` };
  if ((m = `${title} ${summary.slice(0, 400)}`.match(REAL_RULE)) || (m = summary.match(THIS_RULE)))
    return { value: "medium", why: `medium: ${quote(summary, m)}` };
  return { value: "low", why: "low: no signal of a change in requirements" };
}

/**
 * Tag rules are tried only where one of them can start: one scan of the text with a lookahead over all their
 * alternatives finds those places, and each rule is then tried there alone (sticky). The same tags as testing every
 * rule over the whole text, in a fraction of the time, which matters at tens of thousands of items a second.
 */
const TAG_STARTS = new RegExp(`\\b(?=${TAG_RULES.map(([, pattern]) => `(?:${pattern.source})`).join("|")})`, "gi");
const TAG_AT = TAG_RULES.map(([tag, pattern]) => ({ tag, pattern: new RegExp(pattern.source, `${pattern.flags}y`) }));

/** The tags whose rule matches somewhere in the text, in TAG_RULES order: the same as testing each rule over all of it. */
export function tagRuleMatches(haystack: string): Tag[] {
  const found = new Array<boolean>(TAG_AT.length).fill(false);
  TAG_STARTS.lastIndex = 0;
  for (let start = TAG_STARTS.exec(haystack); start; start = TAG_STARTS.exec(haystack)) {
    for (let i = 0; i < TAG_AT.length; i++) {
      if (found[i]) continue;
      TAG_AT[i].pattern.lastIndex = start.index;
      found[i] = TAG_AT[i].pattern.test(haystack);
    }
    TAG_STARTS.lastIndex = start.index + 1;
  }
  return TAG_AT.flatMap(({ tag }, i) => (found[i] ? [tag] : []));
}

function tagsOf(text: string, input: ClassifyInput, category: Category, priority: Priority): Tag[] {
  // In the rules' order, as the list is cut at ten.
  const tags = new Set<Tag>(tagRuleMatches(`${text} ${(input.agencies ?? []).join(" ")}`));
  if (category === "legal-decisions") tags.add("court-decisions");
  if (category === "legislative-action") tags.add("legislation");
  if (tags.has("executive-order")) tags.add("executive-orders");
  const type = (input.documentType ?? "").toLowerCase();
  if (type === "rule" || type === "proposed rule") tags.add("agency-rules");
  if (input.significant) tags.add("high-impact");
  if (priority === "high" && input.commentsCloseOn) tags.add("urgent");
  return [...tags].slice(0, 10);
}

/**
 * Rules first, for the signals the codebook calls unambiguous (who published it, presidential documents,
 * Congress, courts and adjudications, analysis documents, routine notice kinds, rollback actions and their
 * direction); a logistic regression over title and abstract words decides what no rule does. Priority starts low and
 * rises only on the codebook's signals. `model` is the committed word model unless another is given: the training
 * (scripts/train-classify.ts) cross-validates the whole classifier with models trained without each fold.
 */
export function classifyArticle(input: ClassifyInput, now = new Date(), model: WordModel = committedModel()): Classification {
  const summary = input.summary ?? "";
  const text = `${input.title} ${summary}`;
  const presidential = presidentialSignal(input, summary);
  const category = categoryOf(input, summary, presidential, model);
  const priority = priorityOf(input, summary, category.value, presidential, now);
  return {
    category: category.value,
    priority: priority.value,
    tags: tagsOf(text, input, category.value, priority.value),
    reason: { category: category.why, priority: priority.why },
    confidence: category.confidence ?? { decidedBy: "rule", probability: 1 },
  };
}
