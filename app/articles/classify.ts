// Classification rules: category, priority and tags of an article from its own text and source.
// One module decides for ingestion, the recategorize/fix-priorities jobs, extraction and tag suggestions.
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
};

export type Classification = { category: Category; priority: Priority; tags: Tag[] };

const has = (text: string, pattern: RegExp) => pattern.test(text);

/** Actions that take rules away or put them off: rescissions, repeals, withdrawals, delays, stays, vacaturs, deregulation. */
const ROLLBACK =
  /\b(rescind\w*|rescission\w*|repeal\w*|withdraw\w*|revoc\w*|revok\w*|deregulat\w*|delay(?:s|ed|ing)? (?:of |in )?(?:the )?(?:effective|compliance|implementation)|(?:effective|compliance|applicability) dates? (?:extension|delay)|extend\w* (?:the )?compliance dates?|extension of (?:the )?(?:compliance|applicability) dates?|extension of deadlines|stay(?:s|ed|ing)? (?:of )?(?:the )?(?:effective|rule|regulation|final|compliance)|postpone\w* of effectiveness|postpone\w* (?:the )?effective|vacatur|remov(?:al|e|ing) (?:of )?(?:obsolete|outdated|unnecessary|redundant|burdensome|references|barriers|regulations|requirements|national environmental)|eliminat(?:e|es|ed|ing|ion of) (?:obsolete|outdated|unnecessary|regulations|rules|requirements)|improving and eliminating|roll(?:s|ing|ed)?\s?backs?|reduc(?:e|es|ing) (?:the )?(?:regulatory )?burden\w*|regulatory (?:relief|barriers|budgeting)|unleash\w*|ten-for-one|10-to-1|sunset(?:ting)? (?:of )?(?:rules|regulations)|end\w* (?:its )?defense of|overcriminalization|removal of .{0,80} from the list)\b/i;
/** Trade-remedy, licensing and notice paperwork that uses rollback words for routine steps. */
const NOT_ROLLBACK =
  /\b(antidumping|countervailing|self-regulatory organizations|information collection|comment request|meetings?|withdrawal of (?:approval of )?(?:\d+ )?(?:abbreviated )?new drug applications?|withdrawal of approval of \d+|not withdrawn from sale|notice of (?:effectiveness of )?withdrawal of (?:a )?(?:application|notices? of intent|proposed rule change)|withdrawal of (?:a )?proposed rule change|removal of class [a-e]\d? airspace)\b/i;
const COURT =
  /\b(supreme court|court of appeals|appeals court|circuit court|district court|federal (?:judge|court)|judges?|justices|court (?:decision|rul\w+|strikes|vacates|upholds|blocks|sides|overturns|finds|of)|scotus|\w+ circuit|complainant|decision and order|in the matter of|order denying|proposed final judgment|consent decree|lawsuit|injunction|oral argument|certiorari)\b|\sv(?:s)?\.\s/i;
const LEGISLATIVE =
  /\b(h\.\s?r\.\s?\d+|s\.\s?\d+\s?-|h\.\s?j\.\s?res|s\.\s?j\.\s?res|h\.\s?res|joint resolution|public law \d+-\d+ -|congressional review act|cra resolution|congressional disapproval|bills?\b|lawmakers|senate (?:votes|passes|committee|confirms)|house (?:votes|passes|committee|republicans|democrats)|(?:passes|passed) (?:the )?(?:house|senate)|signed into law|signs .{0,40}(?:act|bill)|congress (?:passes|votes|sends|approves|overturns))/i;
const ANALYSIS =
  /(^(?:analysis|opinion|commentary|perspective|explainer|podcast|op-ed)\b|\b(?:op-ed|commentary|explainer)\b|^(?:why|how|what|the case for|the case against|lessons|understanding)\b|\bwhat .{3,60} means\b|\?$)/i;
const PRESIDENTIAL_TITLE = /^(executive order|presidential (?:memorandum|determination|proclamation|document)|proclamation \d+|memorandum (?:for|on))\b/i;
const ROUTINE =
  /\b(information collection|paperwork reduction|agency information|submission for (?:omb )?review|comment request|(?:closed |open |virtual |public )?meetings?\b|sunshine act|advisory (?:committee|council|board|panel)|airworthiness directives?|privacy act of 1974|system of records|agency forms?|antidumping|countervailing|less than fair value|drawbridge|safety zone|special local regulation|flood hazard determinations|filing of complaint|petition for (?:waiver|exemption|extension of waiver)|waiver of compliance|combined filings|product change|change in bank control|acquisitions of shares|bank holding compan\w+|intended repatriation|inventory completion|radio broadcasting services|self-regulatory organizations|recovery permit|permit applications?|culturally significant objects|environmental impact statements?; notice of availability|application for|notice of application|hydro\w*, ?llc|energy, llc|pipeline company|class [a-e]\d? airspace|major disaster|solicitation of nominations|determination of regulatory review period|correction$)/i;
const URGENT_WORDS = /\b(executive order|economically significant|emergency (?:rule|order|action|temporary rule)|interim final rule)\b/i;

const TAG_RULES: [Tag, RegExp][] = [
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
  ["transportation", /\b(transport\w*|aviation|aircraft|airworthiness|highway\w*|motor carrier\w*|railroad\w*|vehicle\w*|faa|nhtsa|fmcsa|maritime|vessel\w*)\b/i],
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

function isPresidential(input: ClassifyInput) {
  return (input.documentType ?? "").toLowerCase().includes("presidential") || has(input.title, PRESIDENTIAL_TITLE);
}

function isRollback(title: string) {
  return has(title, ROLLBACK) && !has(title, NOT_ROLLBACK);
}

/**
 * The order matters: who published it says most (think tanks analyse, courts decide), then the strongest
 * signal in the title (a bill number or a court caption beats a rollback word), then the document type.
 */
function categoryOf(input: ClassifyInput): Category {
  const { title } = input;
  const type = (input.documentType ?? "").toLowerCase();
  if (input.sourceCategory === "think-tank") return "policy-analysis";
  if (isPresidential(input)) return isRollback(title) ? "regulatory-rollbacks" : "new-regulations";
  if (input.sourceCategory === "legal" && !has(title, LEGISLATIVE)) return has(title, ANALYSIS) ? "policy-analysis" : "legal-decisions";
  if (has(title, LEGISLATIVE)) return "legislative-action";
  if (has(title, COURT)) return "legal-decisions";
  if (input.sourceCategory === "news" && has(title, ANALYSIS)) return "policy-analysis";
  if (isRollback(title)) return "regulatory-rollbacks";
  // A rule whose abstract says it rescinds or delays is a rollback even under a neutral title.
  if ((type === "rule" || type === "proposed rule") && isRollback((input.summary ?? "").slice(0, 300))) return "regulatory-rollbacks";
  if (input.sourceCategory === "news" && has(title, /\b(report|study|survey|testimony)\b/i)) return "policy-analysis";
  return "new-regulations";
}

function daysUntil(isoDate: string, now: Date) {
  return (Date.parse(`${isoDate}T23:59:59Z`) - now.getTime()) / 86_400_000;
}

function priorityOf(text: string, input: ClassifyInput, category: Category, now: Date): Priority {
  const title = input.title;
  if (input.significant) return "high";
  if (isPresidential(input) || has(title, /\bexecutive order\b/i)) return "high";
  if (category === "legal-decisions" && has(`${text} ${input.sourceName ?? ""}`, /\bsupreme court\b|\bscotus\b/i)) return "high";
  if (input.commentsCloseOn) {
    const days = daysUntil(input.commentsCloseOn, now);
    if (days >= 0 && days <= 7) return "high";
  }
  if (has(title, ROUTINE)) return "low";
  if (has(text, URGENT_WORDS)) return "high";
  return "medium";
}

function tagsOf(text: string, input: ClassifyInput, category: Category, priority: Priority): Tag[] {
  const tags = new Set<Tag>();
  const haystack = `${text} ${(input.agencies ?? []).join(" ")}`;
  for (const [tag, pattern] of TAG_RULES) if (pattern.test(haystack)) tags.add(tag);
  if (category === "legal-decisions") tags.add("court-decisions");
  if (category === "legislative-action") tags.add("legislation");
  if (tags.has("executive-order")) tags.add("executive-orders");
  const type = (input.documentType ?? "").toLowerCase();
  if (type === "rule" || type === "proposed rule") tags.add("agency-rules");
  if (input.significant) tags.add("high-impact");
  if (priority === "high" && input.commentsCloseOn) tags.add("urgent");
  return [...tags].slice(0, 10);
}

export function classifyArticle(input: ClassifyInput, now = new Date()): Classification {
  const text = `${input.title} ${input.summary ?? ""}`;
  const category = categoryOf(input);
  const priority = priorityOf(text, input, category, now);
  return { category, priority, tags: tagsOf(text, input, category, priority) };
}
