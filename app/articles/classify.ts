// Classification rules: category, priority and tags of an article from its own text and source.
// One module decides for ingestion, the recategorize/fix-priorities jobs, extraction and tag suggestions.
import modelJson from "./classify-model.json";
import { probabilities, scoreText, strongestWords, type WordModel } from "./classify-model";
import { ROLLBACK_LEAD_MORE, ROLLBACK_TITLE_MORE, ROLLBACK_WIDE_MORE, WIDE_LEAD_CHARS } from "./classify-rules";
import type { Category, Priority, SourceCategory, Tag } from "./vocabulary";

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
  /** OIRA's EO 14192 designation of the document's rulemaking in the Unified Agenda (joined by RIN), e.g. "Deregulatory", "Spring 2025". */
  officialDesignation?: { designation: string; edition: string } | null;
};

/** Why: short human text for the category and the priority, e.g. "rollback: 'delay of effective date'". */
type ClassificationReason = { category: string; priority: string };
/**
 * Raise it whenever the rules or the word model change: the job runner then re-judges every stored article
 * (recategorize and fix-priorities) once, so old rows do not keep the old judgement.
 */
export const CLASSIFIER_VERSION = "2026-11-26.1";

/** The stored reason of a category or priority an editor chose by hand (app/articles/admin.server.ts). */
export const EDITOR_REASON = "set by an editor";
/**
 * How the category was decided: by a codebook rule, by the word model (confident enough to move the item), or by
 * the default when neither fired. `probability` is the word model's probability for the category given (1 when a
 * rule decided, since the model was not consulted). The optional model-assisted classifier asks a language model only
 * about items no rule decided and whose probability is low.
 */
type CategoryConfidence = { decidedBy: "rule" | "model" | "default"; probability: number };
export type Classification = {
  category: Category;
  priority: Priority;
  tags: Tag[];
  reason: ClassificationReason;
  confidence: CategoryConfidence;
};

const has = (text: string, pattern: RegExp) => pattern.test(text);

/** Actions that take rules away or put them off: rescissions, repeals, withdrawals, delays, stays, vacaturs, deregulation. */
const ROLLBACK_WORDS =
  /\b(rescind\w*|rescission\w*|repeal\w*|withdraw\w*|revoc\w*|revok\w*|deregulat\w*|delay(?:s|ed|ing)? (?:of |in )?(?:the )?(?:effective|compliance|implementation)|(?:effective|compliance|applicability) dates? (?:extension|delay)|extend\w* (?:the )?compliance dates?|extension of (?:the )?(?:compliance|applicability) dates?|extension of deadlines|stay(?:s|ed|ing)? (?:of )?(?:the )?(?:effective|rule|regulation|final|compliance)|postpone\w* of effectiveness|postpone\w* (?:the )?effective|vacatur|remov(?:al|e|ing) (?:of )?(?:obsolete|outdated|unnecessary|redundant|burdensome|references|barriers|regulations|requirements|national environmental)|eliminat(?:e|es|ed|ing|ion of) (?:obsolete|outdated|unnecessary|regulations|rules|requirements)|improving and eliminating|roll(?:s|ing|ed)?\s?backs?|reduc(?:e|es|ing) (?:the )?(?:regulatory )?burden\w*|regulatory (?:relief|barriers|budgeting)|unleash\w*|ten-for-one|10-to-1|sunset(?:ting)? (?:of )?(?:rules|regulations)|end\w* (?:its )?defense of|overcriminalization|removal of .{0,80} from the list)\b/i;
/** The words above, or the delay, stay, burden and removal wording of classify-rules.ts. */
const ROLLBACK = new RegExp(`${ROLLBACK_WORDS.source}|${ROLLBACK_TITLE_MORE.source}`, "i");
/** Trade-remedy, licensing and notice paperwork that uses rollback words for routine steps. */
const NOT_ROLLBACK =
  /\b(antidumping|countervailing|self-regulatory organizations?|information collection|comment request|meetings?|withdrawal of (?:approval of )?(?:\d+ )?(?:abbreviated )?new drug applications?|withdrawal of approval of \d+|not withdrawn from sale|notice of (?:effectiveness of )?withdrawal of (?:a )?(?:application|notices? of intent|proposed rule change)|withdrawal of (?:a )?proposed rule change|removal of class [a-e]\d? airspace)\b/i;
const COURT =
  /\b(supreme court|court of appeals|appeals court|circuit court|district court|federal (?:judge|court)|judges?|justices|court (?:decision|rul\w+|strikes|vacates|upholds|blocks|sides|overturns|finds|of)|scotus|\w+ circuit|complainant|decision and order|in the matter of|order denying|proposed final judgment|consent decree|lawsuit|injunction|oral argument|certiorari)\b|\sv(?:s)?\.\s/i;
/** "Bill" alone is Congress, but not in a program's name ("Post-9/11 GI Bill"). */
const LEGISLATIVE =
  /\b(h\.\s?r\.\s?\d+|s\.\s?\d+\s?-|h\.\s?j\.\s?res|s\.\s?j\.\s?res|h\.\s?res|joint resolution|public law \d+-\d+ -|congressional review act|cra resolution|congressional disapproval|(?<!\bgi )bills?\b|lawmakers|senate (?:votes|passes|committee|confirms)|house (?:votes|passes|committee|republicans|democrats)|(?:passes|passed) (?:the )?(?:house|senate)|signed into law|signs .{0,40}(?:act|bill)|congress (?:passes|votes|sends|approves|overturns))/i;
const ANALYSIS =
  /(^(?:analysis|opinion|commentary|perspective|explainer|podcast|op-ed)\b|\b(?:op-ed|commentary|explainer)\b|^(?:why|how|what|the case for|the case against|lessons|understanding)\b|\bwhat .{3,60} means\b|\?$)/i;
const PRESIDENTIAL_TITLE = /^(executive order|presidential (?:memorandum|determination|proclamation|document)|proclamation \d+|memorandum (?:for|on))\b/i;
const ROUTINE =
  /\b(information collection|paperwork reduction|agency information|submission for (?:omb )?review|comment request|(?:closed |open |virtual |public )?meetings?\b|sunshine act|advisory (?:committee|council|board|panel)|airworthiness directives?|privacy act of 1974|system of records|agency forms?|antidumping|countervailing|less than fair value|drawbridge|safety zone|special local regulation|flood hazard determinations|filing of complaint|petition for (?:waiver|exemption|extension of waiver)|waiver of compliance|combined filings|product change|change in bank control|acquisitions of shares|bank holding compan\w+|intended repatriation|inventory completion|radio broadcasting services|self-regulatory organizations?|recovery permit|permit applications?|culturally significant objects|environmental impact statements?; notice of availability|application for|notice of application|hydro\w*, ?llc|energy, llc|pipeline company|class [a-e]\d? airspace|major disaster|solicitation of nominations|determination of regulatory review period|correction$)/i;

export const TAG_RULES: [Tag, RegExp][] = [
  ["rule-rescission", /\b(rescind\w*|rescission\w*|repeal\w*|revoc\w*|revok\w*|withdraw\w*)\b/i],
  ["rule-modification", /\b(amend\w*|modif\w*|revis\w*|technical correction\w*|update\w* to)\b/i],
  ["regulatory-freeze", /\b(freeze|regulatory pause|delay(?:ed|ing)? (?:of )?(?:the )?effective date|postpone\w*|stay(?:ed|ing)? of)\b/i],
  ["streamlining", /\b(streamlin\w*|simplif\w*|modernizing|reduc(?:e|ing) (?:regulatory )?burden|efficien\w*)\b/i],
  ["cost-benefit", /\b(cost[- ]benefit|regulatory impact|economic(?:ally)? significant|cost savings|10-to-1|ten-for-one)\b/i],
  ["epa", /\b(environmental protection agency|epa)\b/i],
  ["sec", /\b(Securities and Exchange Commission|SEC)\b/],
  ["fda", /\b(food and drug administration|fda)\b/i],
  ["osha", /\b(occupational safety and health|osha)\b/i],
  ["ftc", /\b(federal trade commission|ftc)\b/i],
  ["cfpb", /\b(consumer financial protection bureau|cfpb)\b/i],
  ["dol", /\b(department of labor|labor department|dol|wage and hour division|employee benefits security)\b/i],
  ["treasury", /\b(treasury|internal revenue service|irs|ofac|foreign assets control)\b/i],
  ["doj", /\b(department of justice|justice department|doj|attorney general)\b/i],
  ["financial", /\b(financ\w*|bank\w*|securities|invest\w*|credit|loan\w*|capital|monetary|insur\w*|fdic|occ|federal reserve)\b/i],
  ["energy", /\b(energy|oil|gas|pipeline\w*|electric\w*|power plant\w*|nuclear|coal|renewable|ferc|solar|wind)\b/i],
  ["healthcare", /\b(health\w*|medicare|medicaid|hospital\w*|drug\w*|medical|patient\w*|cms|hhs)\b/i],
  ["technology", /\b(technolog\w*|artificial intelligence|\bai\b|cyber\w*|data privacy|software|digital|internet|broadband)\b/i],
  [
    "transportation",
    /\b(transport\w*|aviation|aircraft|airworthiness|highway\w*|motor carrier\w*|railroad\w*|vehicle\w*|faa|nhtsa|fmcsa|maritime|vessel\w*)\b/i,
  ],
  ["telecommunications", /\b(telecom\w*|fcc|federal communications commission|spectrum|wireless|radio)\b/i],
  ["agriculture", /\b(agricultur\w*|farm\w*|usda|crop\w*|livestock|food safety|forest service)\b/i],
  ["manufacturing", /\b(manufactur\w*|industrial|factor(?:y|ies)|steel|aluminum|chemical\w*)\b/i],
  ["executive-order", /\b(executive order|presidential (?:memorandum|document|action))\b/i],
  ["congressional", /\b(congress\w*|senate|house of representatives|lawmakers|congressional review act)\b/i],
  ["court-decision", /\b(court|ruling|ruled|justices?|judge|opinion of the court)\b/i],
  ["state-level", /\b(state[- ]level|states?'|governors?|state law\w*|attorneys general)\b/i],
  ["international", /\b(international|foreign|trade agreement|tariff\w*|import\w*|export\w*|antidumping)\b/i],
  ["small-business", /\b(small business\w*|small entit\w*|sba|entrepreneur\w*)\b/i],
  ["consumer", /\b(consumer\w*)\b/i],
  ["environmental", /\b(environment\w*|emission\w*|pollut\w*|climate|clean air|clean water|endangered species|wildlife|greenhouse)\b/i],
  ["worker-safety", /\b(worker safety|workplace safety|occupational|mine safety|msha|osha)\b/i],
  ["competition", /\b(competition|antitrust|merger\w*|monopol\w*)\b/i],
  ["innovation", /\b(innovat\w*|emerging technolog\w*|research and development)\b/i],
  ["legislation", /\b(legislat\w*|bill|public law|act of \d{4}|h\.r\.)\b/i],
];

/** The committed word model (classify-model.json). */
export const CLASSIFIER_MODEL = modelJson as WordModel;
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
const noAbstract = (summary: string) => !summary.trim() || /^no summary/i.test(summary.trim());

/**
 * Federal Register presidential documents carry no abstract and are titled by what they do, starting with a
 * gerund ("Restoring ...", "Unleashing ..."); agency documents name a program, a party or a notice kind.
 */
const PRESIDENTIAL_GERUND = /^(?:[A-Z][a-z]+ing|Withdrawing)\b(?!.*[;:])/;
function presidentialSignal(input: ClassifyInput, summary: string): string | null {
  if ((input.documentType ?? "").toLowerCase().includes("presidential")) return "presidential document";
  const title = input.title.trim();
  if (PRESIDENTIAL_TITLE.test(title) || /^presidential (?:memorandum|determination);?/i.test(title)) return "presidential document";
  if (input.sourceCategory === "government" && noAbstract(summary) && PRESIDENTIAL_GERUND.test(title) && !/\b(notice|meeting|llc|inc\.)\b/i.test(title))
    return "presidential document (title, no abstract)";
  return null;
}

/** Presidential documents that cut or freeze rules rather than impose duties. */
const PRESIDENTIAL_ROLLBACK =
  /\b(rescission\w*|rescind\w*|repeal\w*|revok\w*|revoc\w*|deregulat\w*|regulatory barriers|regulatory budgeting|overcriminalization|unleash\w*|regulatory freeze|ten-for-one|10-to-1)\b/i;
const INTERNAL_PRESIDENTIAL =
  /\b(succession|in-person|return to (?:in-person )?work|council|task force|commission on|establishing the|designation of officers|presidential determination)\b/i;
const CEREMONIAL = /\b(national \w+(?: \w+)? (?:day|week|month)|anniversary|day of (?:prayer|remembrance)|honoring|in memory)\b/i;

/** Adjudications and court business as the Federal Register prints them. */
const ADJUDICATION =
  /\b(decision and order|in the matter of|order denying export privileges|final debarment order|proposed (?:final )?judgment|consent (?:decree|judgment)|notice of court decision|complainant|section 337|notice of (?:the )?institution of investigation|notice of receipt of complaint|petition for objection|order on petition|royalty judges|administrative law judge)\b/i;

/** Patent-import cases at the International Trade Commission are titled "Certain <goods>; ... Determination". */
const ITC_CASE = /^certain\b.*\b(?:commission determination|initial determination)\b/i;
/** Self-regulatory organization filings cite rules like "Rule 6.1 v. ..."; they are routine paperwork, not cases. */
const SRO_FILING = /\bself-regulatory organizations?\b/i;

/** Documents whose product is findings: assessments, evaluations, reports. */
const ANALYSIS_DOC =
  /\b(environmental (?:assessment|impact statement)|risk evaluations?|risk assessments?|scope of the risk evaluation|evaluation findings|damage assessment|sequestration report|report (?:to|on) (?:the )?(?:congress|president|selection)|report on the|annual report|study of|program evaluation)\b/i;
const NOT_ANALYSIS = /\b(information collection|comment request|paperwork|guidance|assessment program)\b/i;

/** Federal land withdrawn from leasing or entry keeps the land closed: not a requirement going away. */
const LAND_WITHDRAWAL = /\bwithdrawal of (?:certain )?(?:areas|lands?|public lands?)\b|\bpublic land order\b/i;

/** Abstract wording that says a requirement goes away, loosens or is put off. */
const ROLLBACK_ABSTRACT_WORDS =
  /\b(delays? (?:until [^.;]{0,40}? )?the effective date|delay(?:ing)? the (?:effective|compliance) dates?|postpon\w+ the effective|extend\w* (?:by [\w ]{1,20} )?the compliance dates?|propos\w* to rescind|rescind(?:s|ing)?|remov(?:e|es|ing) (?:[\w-]+ ){0,4}?(?:regulations|requirements|provisions|rules)|relief from (?:certain )?(?:[\w-]+ )?requirements|codify (?:longstanding )?waivers|(?:modify|revis\w*|extend\w*) (?:certain |the )?compliance (?:deadlines|dates)|propos\w* to (?:allow|permit)\b|requirements? to (?:allow|permit)\b|eliminat\w* (?:unnecessary|redundant|outdated|obsolete|burdensome)|non-enforceab\w*|enforcement discretion|extension of the [\w" -]{0,30}(?:attainment|compliance) date|propos\w* to remove|remove or replace|determined not to pursue|withdraw\w* (?:a |the |its )?(?:notice of proposed rulemaking|proposed rule|nprm)|reduce (?:the )?regulatory burden|regulatory freeze pending review|deregulat\w+|will no longer be|sunset date|rescission of|one-year extension of the)\b/i;
/** The wording above, or the delay, stay and burden wording of classify-rules.ts; both read the abstract's lead. */
const ROLLBACK_ABSTRACT = new RegExp(`${ROLLBACK_ABSTRACT_WORDS.source}|${ROLLBACK_LEAD_MORE.source}`, "i");
/** The withdrawal of a direct final rule after adverse comment keeps the requirement. */
const KEEPS_REQUIREMENT = /\b(adverse comment|withdrawing the direct final)\b/i;
const COMMENT_EXTENSION = /\b(extension of (?:the )?comment period|reopening (?:of )?(?:the )?comment periods?|comment period extension)\b/i;

/**
 * The Federal Register's `action` line says what the document does in the agency's own words, so it decides
 * before any reading of the title: "Final rule; delay of effective date.", "Proposed rule; withdrawal.".
 */
const actionText = (input: ClassifyInput) => (input.action ?? "").trim().replace(/\.+$/, "").toLowerCase();
/** An action on a rule (not a notice): only then does "withdrawal" or "removal" take a requirement away. */
const RULE_ACTION = /^(?:final|proposed|interim final|direct final|temporary final|interim|temporary)? ?rules?\b|^(?:final )?regulations?\b/;
const ACTION_ROLLBACK =
  /\b(delay(?:s|ed)? of (?:the )?(?:effective|compliance|applicability) dates?|postponement of (?:the )?(?:effective|effectiveness|compliance)|stay(?:ed)?(?: of)?\b|rescission|rescinded|repeal|removal|withdrawal|extension of (?:the )?(?:compliance|applicability|effective) dates?|suspension)/;
/** A direct final rule withdrawn after adverse comment: the requirement it would have changed stands. */
const ACTION_DIRECT_FINAL_WITHDRAWN = /^direct final rule; withdrawal\b/;
const ACTION_COMMENT_PERIOD = /\b(extension of (?:the )?comment period|reopening of (?:the )?comment period|comment period (?:extension|reopening))\b/;
const ACTION_AVAILABILITY = /\bnotice of (?:availability|data availability)\b/;
const AVAILABLE_ANALYSIS = /\b(assessments?|evaluations?|report|study|environmental impact statement|analysis|findings)\b/i;

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

/** The rulemaking OIRA designated Deregulatory under EO 14192 is a rollback, whatever its words say (docs/decisions/020). */
function officialCategory(input: ClassifyInput): Decision<Category> | null {
  const official = input.officialDesignation;
  if (official?.designation.trim().toLowerCase() !== "deregulatory") return null;
  return { value: "regulatory-rollbacks", why: `rollback: officially deregulatory (EO 14192), Unified Agenda ${official.edition}` };
}

function categoryOf(input: ClassifyInput, summary: string, presidential: string | null, model: WordModel): CategoryDecision {
  const { title } = input;
  const lead = summary.slice(0, 400);
  let m: RegExpMatchArray | null;
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
  if (/;\s*withdrawal\.?$/i.test(title) || /\b(planned rescission|exemptive relief)\b/i.test(title))
    return { value: "regulatory-rollbacks", why: "rollback: rule or proposal withdrawn" };
  if (!has(title, ROUTINE) && ((m = lead.match(ROLLBACK_ABSTRACT)) || (m = summary.slice(0, WIDE_LEAD_CHARS).match(ROLLBACK_WIDE_MORE))))
    return { value: "regulatory-rollbacks", why: `rollback: abstract says ${quote(lead, m)}` };
  if (input.sourceCategory === "news" && (m = title.match(/\b(report|study|survey|testimony)\b/i)))
    return { value: "policy-analysis", why: `analysis: ${quote(title, m)}` };
  // Direction: a title that says a rule comes back announces a requirement, whatever the abstract says was removed before.
  if ((m = title.match(/\breinstat\w*\b/i))) return { value: "new-regulations", why: `new regulation: a requirement comes back, ${quote(title, m)}` };
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

/** Routine kinds the codebook files as low, beyond the title patterns of ROUTINE. */
const ROUTINE_RULES =
  /\b(air plan approval|approval and promulgation|air quality (?:implementation )?plans?|tolerances?|pesticide|standard instrument approach|regulated navigation area|anchorage|technical amendments?|correcting amendments?|corrections?|marketing order|referendum|nomination|incidental take|taking and importing|take of marine mammals|fisheries of the|fishery|quota|harvest|exemption|receipt of (?:a )?petition|national priorities list|(?:state|tribal) (?:plan|program)|adjustment\w* for inflation|inflation adjustments?|adjustment of civil (?:monetary )?penalt\w+|civil (?:monetary )?penalt\w+ (?:inflation )?adjustment|cross[- ]references?|privacy act|system of records|conforming|exemptive relief|(?:non)?attainment (?:date|area)|jet routes?|rnav|(?:vor|area) navigation routes?|spent fuel storage casks?|interest assumptions?)\b/i;
const REAL_RULE =
  /\b(final rule|interim final rule|proposed rule|propos(?:e|es|ing) to (?:amend|revise|establish|require|update|modify|adopt|define)|notice of proposed rulemaking|final regulations|proposed regulations|draft guidance|draft regulatory guide|seeks? (?:public )?comments? on (?:how|whether|a variety of|measures)|propos(?:es|ed) (?:steps|changes|amendments|revisions)|proposal (?:that would|to) (?:modify|amend|revise|require)|solicit\w* comments? on whether to (?:amend|revise)|to inform (?:its|the) reconsideration|concept release|final guidance|extending the comment period|reopening the comment period|request(?:ing)? (?:for )?public comments? on section 232|announc\w+ updated procedures|adopts final rules)\b/i;
/** An abstract that says what it is, wherever it says so: "In this final rule, DOE is adopting ...". */
const THIS_RULE = /\bthis (?:final|interim final|proposed|direct final) rule\b/i;
const SIGNIFICANT = /\b(economically significant|significant regulatory action|significant under (?:executive order|e\.o\.) 12866|major rule)\b/i;
const NOT_SIGNIFICANT = /\bnot (?:a )?(?:economically )?significant\b/i;
const SUPREME = /\b(supreme court|justices|scotus)\b/i;
const COURT_BLOCKS_RULE =
  /\b(vacat\w+|strikes? down|struck down|blocks?|enjoin\w*|overturn\w*)\b.*\b(rules?|regulations?|standards?)\b|\bstrikes down chevron\b/i;
const ENACTED =
  /\b(public law \d+-\d+|joint resolution|j\.\s?res|congressional (?:review act|disapproval)|cra resolution|signed into law|votes? to overturn|sends .{0,30}to the president)\b/i;

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
  if (action) return /^(?:final|interim final|direct final|temporary final) rule\b|^rule$/.test(action);
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
    if ((m = title.match(/\b(h\.\s?r\.\s?\d+|s\.\s?\d+|bill)\b/i))) return { value: "medium", why: `medium: bill, ${quote(title, m)}` };
    return { value: "low", why: "low: Congress talking, not acting" };
  }
  if (category === "legal-decisions") {
    const where = `${title} ${input.sourceName ?? ""}`;
    if (input.sourceCategory === "government" && !/\bcourt\b/i.test(input.sourceName ?? ""))
      return { value: "low", why: "low: single-party adjudication or trade-court step" };
    if (/\b(agree|agrees) to hear|oral argument|certiorari\b/i.test(title)) return { value: "medium", why: "medium: the court takes a case, no decision yet" };
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
  if (input.sourceCategory === "news" && (m = title.match(/\b(finaliz\w+|final rule)\b/i)))
    return { value: "high", why: `high: final rule in the news, ${quote(title, m)}` };
  const type = (input.documentType ?? "").toLowerCase();
  if (category === "regulatory-rollbacks") {
    if ((m = title.match(/\bexecutive orders?\b/i))) return { value: "high", why: "high: rollback ordered by or of executive orders" };
    if ((m = `${title} ${summary.slice(0, 400)}`.match(/\b(obsolete|cross[- ]references?|technical amendment|redundant)\b/i)))
      return { value: "low", why: `low: clean-up of narrow or obsolete text, ${quote(title, m)}` };
    return { value: "medium", why: "medium: rollback of requirements" };
  }
  if (category === "policy-analysis") {
    if ((m = title.match(/\b(risk evaluations?|risk assessments?)\b/i))) return { value: "medium", why: `medium: substantive analysis, ${quote(title, m)}` };
    return { value: "low", why: "low: analysis of a single project or routine report" };
  }
  const broad = breadthSignal(input);
  if (broad && (type === "rule" || type === "proposed rule" || RULE_ACTION.test(actionText(input))))
    return { value: "high", why: `high: broad ${type || "rule"}, ${broad}` };
  if (type === "rule" || type === "proposed rule") return { value: "medium", why: `medium: ${type}` };
  if (/^interim final rule\b/.test(actionText(input))) return { value: "medium", why: "medium: interim final rule, in force before comment" };
  if ((m = title.match(COMMENT_EXTENSION)) && !has(title, /\brequest for (?:information|comments?|nominations|interest)\b/i))
    return { value: "medium", why: `medium: ${quote(title, m)} of a real rule` };
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
 * rises only on the codebook's signals.
 */
export function classifyArticle(input: ClassifyInput, now = new Date()): Classification {
  return classifyWithModel(input, now, CLASSIFIER_MODEL);
}

/** classifyArticle with another word model: for cross-validating the whole classifier on the development part. */
export function classifyWithModel(input: ClassifyInput, now: Date, model: WordModel): Classification {
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
