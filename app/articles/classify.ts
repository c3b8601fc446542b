// Classification rules: category, priority and tags of an article from its own text and source.
// One module decides for ingestion, the recategorize/fix-priorities jobs, extraction and tag suggestions.
import type { Category, Priority, SourceCategory, Tag } from "./vocabulary";

export type ClassifyInput = {
  title: string;
  summary?: string;
  sourceCategory?: SourceCategory | string | null;
  /** Federal Register document type: Rule, Proposed Rule, Notice, Presidential Document. */
  documentType?: string | null;
  agencies?: string[];
  significant?: boolean;
  commentsCloseOn?: string | null;
};

export type Classification = { category: Category; priority: Priority; tags: Tag[] };

const has = (text: string, pattern: RegExp) => pattern.test(text);

const ROLLBACK = /\b(rescind\w*|rescission\w*|repeal\w*|withdraw\w*|revoc\w*|revok\w*|deregulat\w*|delay(?:ed|ing)? (?:of )?(?:the )?effective date|stay(?:ed|ing)? of|postpone\w*|eliminat\w*|roll(?:ing|ed)?\s?back\w*|removal of|remov(?:e|ing) (?:obsolete|outdated|unnecessary)|reduc(?:e|ing) (?:regulatory )?burden|unleash\w*|regulatory relief|sunset\w*|vacat\w*|termination of)\b/i;
const LEGAL = /\b(court|judge|justices?|ruling|ruled|opinion|v\.|vs\.|lawsuit|litigation|injunction|appeals?|circuit|scotus|plaintiffs?|petition for review|overturn\w*|struck down)\b/i;
const LEGISLATIVE = /\b(bill|h\.r\.|s\. \d|act of \d{4}|congress\w*|senate|house (?:passes|votes|committee)|public law|legislat\w*|congressional review act|cra resolution|joint resolution|lawmakers|hearing)\b/i;
const ANALYSIS = /\b(analysis|commentary|opinion:|op-ed|perspective|report|study|testimony|blog|podcast|why |how |what .* means|lessons|outlook)\b/i;
const ROUTINE = /\b(information collection|paperwork reduction|agency information|meeting|sunshine act|airworthiness directives?|notice of (?:public )?meeting|privacy act of 1974|system of records|submission for omb review|comment request|agency forms?|certain .* from|antidumping|countervailing|drawbridge|safety zone|special local regulation|filing of|petition for waiver)\b/i;
const URGENT_WORDS = /\b(executive order|emergency|immediately|interim final rule|economically significant)\b/i;

const TAG_RULES: [Tag, RegExp][] = [
  ["rule-rescission", /\b(rescind\w*|rescission\w*|repeal\w*|revoc\w*|revok\w*|withdraw\w*)\b/i],
  ["rule-modification", /\b(amend\w*|modif\w*|revis\w*|technical correction\w*|update\w* to)\b/i],
  ["regulatory-freeze", /\b(freeze|regulatory pause|delay(?:ed|ing)? (?:of )?(?:the )?effective date|postpone\w*|stay(?:ed|ing)? of)\b/i],
  ["streamlining", /\b(streamlin\w*|simplif\w*|modernizing|reduc(?:e|ing) (?:regulatory )?burden|efficien\w*)\b/i],
  ["cost-benefit", /\b(cost[- ]benefit|regulatory impact|economic(?:ally)? significant|cost savings|10-to-1|ten-for-one)\b/i],
  ["epa", /\b(environmental protection agency|epa)\b/i],
  ["sec", /\b(securities and exchange commission|sec)\b/],
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

function categoryOf(text: string, input: ClassifyInput): Category {
  const type = (input.documentType ?? "").toLowerCase();
  const title = input.title;
  if (type.includes("presidential")) return has(text, ROLLBACK) ? "regulatory-rollbacks" : "new-regulations";
  if (has(title, ROLLBACK) || (type === "rule" || type === "proposed rule" ? has(text.slice(0, 400), /\b(rescind\w*|repeal\w*|withdraw\w*|delay\w* (?:of )?(?:the )?effective date)\b/i) : false))
    return "regulatory-rollbacks";
  if (input.sourceCategory === "legal" || has(title, LEGAL)) return "legal-decisions";
  if (has(title, LEGISLATIVE)) return "legislative-action";
  if (input.sourceCategory === "think-tank") return "policy-analysis";
  if (type === "rule" || type === "proposed rule") return "new-regulations";
  if (input.sourceCategory === "news" && has(title, ANALYSIS)) return "policy-analysis";
  if (has(text, ROLLBACK)) return "regulatory-rollbacks";
  if (has(title, ANALYSIS)) return "policy-analysis";
  return "new-regulations";
}

function daysUntil(isoDate: string, now: Date) {
  return (Date.parse(`${isoDate}T23:59:59Z`) - now.getTime()) / 86_400_000;
}

function priorityOf(text: string, input: ClassifyInput, category: Category, now: Date): Priority {
  const title = input.title;
  if (input.significant) return "high";
  if (has(title, /\bexecutive order\b/i) || (input.documentType ?? "").toLowerCase().includes("presidential")) return "high";
  if (has(text, /\bsupreme court\b/i) && category === "legal-decisions") return "high";
  if (input.commentsCloseOn) {
    const days = daysUntil(input.commentsCloseOn, now);
    if (days >= 0 && days <= 7) return "high";
  }
  if (has(text, URGENT_WORDS)) return "high";
  if (has(title, ROUTINE)) return "low";
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
  const category = categoryOf(text, input);
  const priority = priorityOf(text, input, category, now);
  return { category, priority, tags: tagsOf(text, input, category, priority) };
}
