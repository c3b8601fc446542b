// The classifier's patterns: every regular expression app/classify/classifier.ts reads in its decisions, by the codebook
// step it serves (docs/classification.md). The decisions, their order and the reasons they give stay in classifier.ts.
import type { Tag } from "../articles/vocabulary";

// Who published it: presidential documents.

export const PRESIDENTIAL_TITLE =
  /^(executive order|presidential (?:memorandum|determination|proclamation|document)|proclamation \d+|memorandum (?:for|on))\b/i;
/** A heading the Federal Register gives presidential documents, also in the plural ("Presidential Memorandums"). */
export const PRESIDENTIAL_HEADING = /^presidential (?:memorandum|determination);?/i;
/**
 * Federal Register presidential documents carry no abstract and are titled by what they do, starting with a
 * gerund ("Restoring ...", "Unleashing ..."); agency documents name a program, a party or a notice kind.
 */
export const PRESIDENTIAL_GERUND = /^(?:[A-Z][a-z]+ing|Withdrawing)\b(?!.*[;:])/;
/** Words of an agency's title that a presidential gerund title never has. */
export const AGENCY_TITLE_WORDS = /\b(notice|meeting|llc|inc\.)\b/i;
/** Presidential documents that cut or freeze rules rather than impose duties. */
export const PRESIDENTIAL_ROLLBACK =
  /\b(rescission\w*|rescind\w*|repeal\w*|revok\w*|revoc\w*|deregulat\w*|regulatory barriers|regulatory budgeting|overcriminalization|unleash\w*|regulatory freeze|ten-for-one|10-to-1)\b/i;
export const INTERNAL_PRESIDENTIAL =
  /\b(succession|in-person|return to (?:in-person )?work|council|task force|commission on|establishing the|designation of officers|presidential determination)\b/i;
export const CEREMONIAL = /\b(national \w+(?: \w+)? (?:day|week|month)|anniversary|day of (?:prayer|remembrance)|honoring|in memory)\b/i;

// Courts and Congress.

export const COURT =
  /\b(supreme court|court of appeals|appeals court|circuit court|district court|federal (?:judge|court)|judges?|justices|court (?:decision|rul\w+|strikes|vacates|upholds|blocks|sides|overturns|finds|of)|scotus|\w+ circuit|complainant|decision and order|in the matter of|order denying|proposed final judgment|consent decree|lawsuit|injunction|oral argument|certiorari)\b|\sv(?:s)?\.\s/i;
/** Adjudications and court business as the Federal Register prints them. */
export const ADJUDICATION =
  /\b(decision and order|in the matter of|order denying export privileges|final debarment order|proposed (?:final )?judgment|consent (?:decree|judgment)|notice of court decision|complainant|section 337|notice of (?:the )?institution of investigation|notice of receipt of complaint|petition for objection|order on petition|royalty judges|administrative law judge)\b/i;
/** Patent-import cases at the International Trade Commission are titled "Certain <goods>; ... Determination". */
export const ITC_CASE = /^certain\b.*\b(?:commission determination|initial determination)\b/i;
/** Self-regulatory organization filings cite rules like "Rule 6.1 v. ..."; they are routine paperwork, not cases. */
export const SRO_FILING = /\bself-regulatory organizations?\b/i;
/** "Bill" alone is Congress, but not in a program's name ("Post-9/11 GI Bill"). */
export const LEGISLATIVE =
  /\b(h\.\s?r\.\s?\d+|s\.\s?\d+\s?-|h\.\s?j\.\s?res|s\.\s?j\.\s?res|h\.\s?res|joint resolution|public law \d+-\d+ -|congressional review act|cra resolution|congressional disapproval|(?<!\bgi )bills?\b|lawmakers|senate (?:votes|passes|committee|confirms)|house (?:votes|passes|committee|republicans|democrats)|(?:passes|passed) (?:the )?(?:house|senate)|signed into law|signs .{0,40}(?:act|bill)|congress (?:passes|votes|sends|approves|overturns))/i;

// Analysis.

export const ANALYSIS =
  /(^(?:analysis|opinion|commentary|perspective|explainer|podcast|op-ed)\b|\b(?:op-ed|commentary|explainer)\b|^(?:why|how|what|the case for|the case against|lessons|understanding)\b|\bwhat .{3,60} means\b|\?$)/i;
/** Documents whose product is findings: assessments, evaluations, reports. */
export const ANALYSIS_DOC =
  /\b(environmental (?:assessment|impact statement)|risk evaluations?|risk assessments?|scope of the risk evaluation|evaluation findings|damage assessment|sequestration report|report (?:to|on) (?:the )?(?:congress|president|selection)|report on the|annual report|study of|program evaluation)\b/i;
export const NOT_ANALYSIS = /\b(information collection|comment request|paperwork|guidance|assessment program)\b/i;
/** Findings a news item reports on: filed as analysis. */
export const NEWS_FINDINGS = /\b(report|study|survey|testimony)\b/i;

// Rollbacks.
// Rollback wording the codebook names (docs/classification.md, category step 5) beyond the first lists in classifier.ts:
// delays of applicability, effective or compliance dates, removal of requirements and guidance, stays, and burden
// cuts said in so many words. An abstract pattern was kept only where it fires far more often on abstracts OIRA
// designated Deregulatory than on Regulatory ones (Unified Agenda, Fall 2017 to Spring 2019; npx tsx tests/eval/rule-counts.ts)
// and leaves the development part's figures as they were. Examples are real abstracts of those agenda editions.

/** Puts off a date: "proposed to delay for 90 days the applicability date", "extend future compliance dates", "Delay of Applicability Date". */
export const DELAY =
  /\b(?:delay(?:s|ed|ing)?|postpon(?:e|es|ed|ing|ement)|extend(?:s|ed|ing)?|extension)(?: (?:of|in|by|for|until)\b[^.;]{0,40}?)? (?:the |its |these |certain |future )*(?:applicability|effective|compliance) (?:dates?|deadlines?)\b|\bdelayed compliance\b/i;

/** Stays a rule's requirements: "the EPA proposes to stay these requirements for two years", "an administrative stay of provisions". */
export const STAY =
  /\b(?:stay(?:s|ing)?|administrative stay of) (?:the |these |certain )?(?:[\w-]+ ){0,3}?(?:requirements|provisions|effectiveness)\b|\bthe stay of the rule\b/i;

/** Cuts burden in so many words: "which would reduce regulatory burdens on these eligible veterans", "reduce unnecessary burdens". */
export const BURDEN =
  /\breduc(?:e|es|ing) (?:the )?unnecessary (?:regulatory )?burdens?\b|\breduc(?:e|es|ing) (?:the )?(?:unnecessary )?regulatory burdens?\b/i;

/**
 * Takes a requirement or guidance away: "would remove the requirement for a Class III medical certificate", "will be removed
 * from the CFR", "to remove procedural guidance internal to VA", "eliminate the requirement for airlines to self-audit",
 * "would no longer require mercury thermometers"; in a title, "Removal of ... Bulletins".
 */
export const REMOVAL =
  /\bremov(?:e|es|ing) the requirements?\b|\bremov\w* (?:[\w-]+ ){0,6}?from the (?:cfr|code of federal regulations)\b|\bremov(?:e|es|ing|al of) (?:the |these |this |its |certain )?(?:[\w-]+ ){0,3}?(?:guidance|bulletins?)\b|\beliminat(?:e|es|ing|ion of) (?:the |this |these |certain )?(?:[\w-]+ ){0,3}?requirements?\b|\bno longer (?:be )?requir(?:e|es|ed)\b/i;

/**
 * Streamlines or relaxes requirements themselves (abstracts only): "This proposed rule would streamline our regulations
 * for permitting of rights-of-way". "Streamline" alone is too weak: "help to streamline the FDA premarket review process"
 * is in a rule OIRA designated Regulatory.
 */
export const STREAMLINE = /\b(?:streamlin\w*|relax\w*) (?:and |or )?(?:[\w-]+ ){0,3}?(?:requirements|regulations|restrictions)\b/i;

const anyOf = (patterns: RegExp[]) => new RegExp(patterns.map((p) => `(?:${p.source})`).join("|"), "i");

/** Title wording, tried with ROLLBACK_WORDS (ROLLBACK, below). */
export const ROLLBACK_TITLE_MORE = anyOf([DELAY, STAY, BURDEN, REMOVAL]);
/** Abstract wording read in the first 400 characters (`lead`), with ROLLBACK_ABSTRACT_WORDS (ROLLBACK_ABSTRACT, below). */
export const ROLLBACK_LEAD_MORE = anyOf([DELAY, STAY, BURDEN]);
/**
 * Abstract wording precise enough to be read further in: removal and streamlining of requirements often come after a
 * paragraph of history. Widening the others to 1,000 characters added false rollbacks on the development part.
 */
export const ROLLBACK_WIDE_MORE = anyOf([REMOVAL, STREAMLINE]);
/** How much of the abstract ROLLBACK_WIDE_MORE reads. */
export const WIDE_LEAD_CHARS = 1000;

/** Actions that take rules away or put them off: rescissions, repeals, withdrawals, delays, stays, vacaturs, deregulation. */
const ROLLBACK_WORDS =
  /\b(rescind\w*|rescission\w*|repeal\w*|withdraw\w*|revoc\w*|revok\w*|deregulat\w*|delay(?:s|ed|ing)? (?:of |in )?(?:the )?(?:effective|compliance|implementation)|(?:effective|compliance|applicability) dates? (?:extension|delay)|extend\w* (?:the )?compliance dates?|extension of (?:the )?(?:compliance|applicability) dates?|extension of deadlines|stay(?:s|ed|ing)? (?:of )?(?:the )?(?:effective|rule|regulation|final|compliance)|postpone\w* of effectiveness|postpone\w* (?:the )?effective|vacatur|remov(?:al|e|ing) (?:of )?(?:obsolete|outdated|unnecessary|redundant|burdensome|references|barriers|regulations|requirements|national environmental)|eliminat(?:e|es|ed|ing|ion of) (?:obsolete|outdated|unnecessary|regulations|rules|requirements)|improving and eliminating|roll(?:s|ing|ed)?\s?backs?|reduc(?:e|es|ing) (?:the )?(?:regulatory )?burden\w*|regulatory (?:relief|barriers|budgeting)|unleash\w*|ten-for-one|10-to-1|sunset(?:ting)? (?:of )?(?:rules|regulations)|end\w* (?:its )?defense of|overcriminalization|removal of .{0,80} from the list)\b/i;
/** ROLLBACK_WORDS, or the delay, stay, burden and removal wording above. */
export const ROLLBACK = new RegExp(`${ROLLBACK_WORDS.source}|${ROLLBACK_TITLE_MORE.source}`, "i");
/** Trade-remedy, licensing and notice paperwork that uses rollback words for routine steps. */
export const NOT_ROLLBACK =
  /\b(antidumping|countervailing|self-regulatory organizations?|information collection|comment request|meetings?|withdrawal of (?:approval of )?(?:\d+ )?(?:abbreviated )?new drug applications?|withdrawal of approval of \d+|not withdrawn from sale|notice of (?:effectiveness of )?withdrawal of (?:a )?(?:application|notices? of intent|proposed rule change)|withdrawal of (?:a )?proposed rule change|removal of class [a-e]\d? airspace)\b/i;
/** Federal land withdrawn from leasing or entry keeps the land closed: not a requirement going away. */
export const LAND_WITHDRAWAL = /\bwithdrawal of (?:certain )?(?:areas|lands?|public lands?)\b|\bpublic land order\b/i;
/** Abstract wording that says a requirement goes away, loosens or is put off. */
const ROLLBACK_ABSTRACT_WORDS =
  /\b(delays? (?:until [^.;]{0,40}? )?the effective date|delay(?:ing)? the (?:effective|compliance) dates?|postpon\w+ the effective|extend\w* (?:by [\w ]{1,20} )?the compliance dates?|propos\w* to rescind|rescind(?:s|ing)?|remov(?:e|es|ing) (?:[\w-]+ ){0,4}?(?:regulations|requirements|provisions|rules)|relief from (?:certain )?(?:[\w-]+ )?requirements|codify (?:longstanding )?waivers|(?:modify|revis\w*|extend\w*) (?:certain |the )?compliance (?:deadlines|dates)|propos\w* to (?:allow|permit)\b|requirements? to (?:allow|permit)\b|eliminat\w* (?:unnecessary|redundant|outdated|obsolete|burdensome)|non-enforceab\w*|enforcement discretion|extension of the [\w" -]{0,30}(?:attainment|compliance) date|propos\w* to remove|remove or replace|determined not to pursue|withdraw\w* (?:a |the |its )?(?:notice of proposed rulemaking|proposed rule|nprm)|reduce (?:the )?regulatory burden|regulatory freeze pending review|deregulat\w+|will no longer be|sunset date|rescission of|one-year extension of the)\b/i;
/** ROLLBACK_ABSTRACT_WORDS, or the delay, stay and burden wording above; both read the abstract's lead. */
export const ROLLBACK_ABSTRACT = new RegExp(`${ROLLBACK_ABSTRACT_WORDS.source}|${ROLLBACK_LEAD_MORE.source}`, "i");
/** The withdrawal of a direct final rule after adverse comment keeps the requirement. */
export const KEEPS_REQUIREMENT = /\b(adverse comment|withdrawing the direct final)\b/i;
export const COMMENT_EXTENSION = /\b(extension of (?:the )?comment period|reopening (?:of )?(?:the )?comment periods?|comment period extension)\b/i;
/** A title that ends by saying the rule or proposal is withdrawn: "...; Withdrawal". */
export const WITHDRAWN_TITLE = /;\s*withdrawal\.?$/i;
/** Planned rescissions and exemptive relief, rollbacks by name. */
export const RESCISSION_PLANNED = /\b(planned rescission|exemptive relief)\b/i;
/** A rule that comes back: a requirement, whatever the abstract says was removed before. */
export const REINSTATED = /\breinstat\w*\b/i;

// The Federal Register's action line (lowercase, without its final period).

/** An action on a rule (not a notice): only then does "withdrawal" or "removal" take a requirement away. */
export const RULE_ACTION = /^(?:final|proposed|interim final|direct final|temporary final|interim|temporary)? ?rules?\b|^(?:final )?regulations?\b/;
export const ACTION_ROLLBACK =
  /\b(delay(?:s|ed)? of (?:the )?(?:effective|compliance|applicability) dates?|postponement of (?:the )?(?:effective|effectiveness|compliance)|stay(?:ed)?(?: of)?\b|rescission|rescinded|repeal|removal|withdrawal|extension of (?:the )?(?:compliance|applicability|effective) dates?|suspension)/;
/** A direct final rule withdrawn after adverse comment: the requirement it would have changed stands. */
export const ACTION_DIRECT_FINAL_WITHDRAWN = /^direct final rule; withdrawal\b/;
export const ACTION_COMMENT_PERIOD = /\b(extension of (?:the )?comment period|reopening of (?:the )?comment period|comment period (?:extension|reopening))\b/;
export const ACTION_AVAILABILITY = /\bnotice of (?:availability|data availability)\b/;
export const AVAILABLE_ANALYSIS = /\b(assessments?|evaluations?|report|study|environmental impact statement|analysis|findings)\b/i;
/** An action line of a rule in force once published. */
export const FINAL_RULE_ACTION = /^(?:final|interim final|direct final|temporary final) rule\b|^rule$/;
/** An interim final rule's action line: in force before comment. */
export const INTERIM_FINAL_ACTION = /^interim final rule\b/;

// Priority.

export const ROUTINE =
  /\b(information collection|paperwork reduction|agency information|submission for (?:omb )?review|comment request|(?:closed |open |virtual |public )?meetings?\b|sunshine act|advisory (?:committee|council|board|panel)|airworthiness directives?|privacy act of 1974|system of records|agency forms?|antidumping|countervailing|less than fair value|drawbridge|safety zone|special local regulation|flood hazard determinations|filing of complaint|petition for (?:waiver|exemption|extension of waiver)|waiver of compliance|combined filings|product change|change in bank control|acquisitions of shares|bank holding compan\w+|intended repatriation|inventory completion|radio broadcasting services|self-regulatory organizations?|recovery permit|permit applications?|culturally significant objects|environmental impact statements?; notice of availability|application for|notice of application|hydro\w*, ?llc|energy, llc|pipeline company|class [a-e]\d? airspace|major disaster|solicitation of nominations|determination of regulatory review period|correction$)/i;
/** Routine kinds the codebook files as low, beyond the title patterns of ROUTINE. */
export const ROUTINE_RULES =
  /\b(air plan approval|approval and promulgation|air quality (?:implementation )?plans?|tolerances?|pesticide|standard instrument approach|regulated navigation area|anchorage|technical amendments?|correcting amendments?|corrections?|marketing order|referendum|nomination|incidental take|taking and importing|take of marine mammals|fisheries of the|fishery|quota|harvest|exemption|receipt of (?:a )?petition|national priorities list|(?:state|tribal) (?:plan|program)|adjustment\w* for inflation|inflation adjustments?|adjustment of civil (?:monetary )?penalt\w+|civil (?:monetary )?penalt\w+ (?:inflation )?adjustment|cross[- ]references?|privacy act|system of records|conforming|exemptive relief|(?:non)?attainment (?:date|area)|jet routes?|rnav|(?:vor|area) navigation routes?|spent fuel storage casks?|interest assumptions?)\b/i;
export const REAL_RULE =
  /\b(final rule|interim final rule|proposed rule|propos(?:e|es|ing) to (?:amend|revise|establish|require|update|modify|adopt|define)|notice of proposed rulemaking|final regulations|proposed regulations|draft guidance|draft regulatory guide|seeks? (?:public )?comments? on (?:how|whether|a variety of|measures)|propos(?:es|ed) (?:steps|changes|amendments|revisions)|proposal (?:that would|to) (?:modify|amend|revise|require)|solicit\w* comments? on whether to (?:amend|revise)|to inform (?:its|the) reconsideration|concept release|final guidance|extending the comment period|reopening the comment period|request(?:ing)? (?:for )?public comments? on section 232|announc\w+ updated procedures|adopts final rules)\b/i;
/** An abstract that says what it is, wherever it says so: "In this final rule, DOE is adopting ...". */
export const THIS_RULE = /\bthis (?:final|interim final|proposed|direct final) rule\b/i;
export const SIGNIFICANT = /\b(economically significant|significant regulatory action|significant under (?:executive order|e\.o\.) 12866|major rule)\b/i;
export const NOT_SIGNIFICANT = /\bnot (?:a )?(?:economically )?significant\b/i;
export const SUPREME = /\b(supreme court|justices|scotus)\b/i;
export const COURT_BLOCKS_RULE =
  /\b(vacat\w+|strikes? down|struck down|blocks?|enjoin\w*|overturn\w*)\b.*\b(rules?|regulations?|standards?)\b|\bstrikes down chevron\b/i;
export const ENACTED =
  /\b(public law \d+-\d+|joint resolution|j\.\s?res|congressional (?:review act|disapproval)|cra resolution|signed into law|votes? to overturn|sends .{0,30}to the president)\b/i;
/** A bill in a title: Congress acting, short of law. */
export const BILL = /\b(h\.\s?r\.\s?\d+|s\.\s?\d+|bill)\b/i;
/** A source named as a court; a government source that is not one publishes adjudications. */
export const COURT_SOURCE = /\bcourt\b/i;
/** The court takes a case, no decision yet. */
export const COURT_TAKES_CASE = /\b(agree|agrees) to hear|oral argument|certiorari\b/i;
/** News of a finished rule. */
export const FINALIZED = /\b(finaliz\w+|final rule)\b/i;
/** A rollback ordered by or of executive orders. */
export const EXECUTIVE_ORDERS = /\bexecutive orders?\b/i;
/** Clean-up of narrow or obsolete text. */
export const CLEAN_UP = /\b(obsolete|cross[- ]references?|technical amendment|redundant)\b/i;
/** Analysis with substance. */
export const SUBSTANTIVE_ANALYSIS = /\b(risk evaluations?|risk assessments?)\b/i;
/** Requests that extend their comment period, not a real rule's. */
export const REQUEST_FOR = /\brequest for (?:information|comments?|nominations|interest)\b/i;

// Tags.

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
