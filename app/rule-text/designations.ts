// What a rule says it is under E.O. 13771 / E.O. 14192, E.O. 12866 and the Congressional Review Act, read from
// one sentence. Each reader finds its object ("an E.O. 14192 deregulatory action", "a significant regulatory
// action", "a major rule") and takes it only when the document is its subject (phrasing.ts); a negation in the
// linking words turns the answer over exactly once, and a negation the reader cannot resolve says nothing.
import { type DocumentType, SELF_NOUN, namesThisDocument, readLink, selfReference, speaksOfReview } from "./phrasing";
import type { ExecutiveOrderStatement, MajorRuleStatement, SignificanceStatement } from "./statements";

type Read<T> = Omit<T, "sentence"> | null;
type Designation = ExecutiveOrderStatement["designation"];
type Order = ExecutiveOrderStatement["order"];

const DESIGNATED_ACTION =
  /\beo (13771|14192) (deregulatory|regulatory) action\b|\b(deregulatory|regulatory) action (?:under|for (?:the )?purposes of|pursuant to|as defined (?:in|by|under)|within the meaning of) eo (13771|14192)\b/g;
const SUBJECT_TO_ORDER = /\b(subject to|exempt from) (?:the (?:requirements|provisions) of )?eo (13771|14192)\b/g;
const SELF = `(?:this|these|the) (?:(?:final|proposed|interim|direct) )*${SELF_NOUN}`;
const ORDER_DOES_NOT_APPLY = new RegExp(`\\beo (13771|14192) (?:does|do) not apply to (${SELF})\\b`);
/** Treasury's form: "The Executive Order 14192 designation for this rule is expected to be deregulatory." */
const DESIGNATION_FOR_SELF = new RegExp(`\\bthe eo (13771|14192) designation (?:for|of) (${SELF})\\b ([a-z ,]*?)\\b(deregulatory|regulatory)\\b`);

/**
 * The E.O. 13771 / 14192 designation a sentence gives the document. A denial that it is a "regulatory action"
 * (or that it is subject to the order) reads as not subject; a denial that it is deregulatory says nothing
 * definite and is not read. A designation stated outright wins over a denial in the same sentence.
 */
export function readExecutiveOrder(text: string, documentType: DocumentType): Read<ExecutiveOrderStatement> {
  const found: { order: Order; designation: Designation; expected: boolean }[] = [];
  for (const match of text.matchAll(DESIGNATED_ACTION)) {
    const link = selfReference(text, match.index, documentType);
    if (!link) continue;
    const order = (match[1] ?? match[4]) as Order;
    const word = (match[2] ?? match[3]) as "deregulatory" | "regulatory";
    if (!link.negated) found.push({ order, designation: word, expected: link.expected });
    else if (word === "regulatory") found.push({ order, designation: "not-subject", expected: link.expected });
  }
  for (const match of text.matchAll(SUBJECT_TO_ORDER)) {
    const link = selfReference(text, match.index, documentType);
    // "is not subject to E.O. 14192" and "is exempt from E.O. 14192" both mean not subject; their opposites say nothing.
    if (link && link.negated === (match[1] === "subject to")) {
      found.push({ order: match[2] as Order, designation: "not-subject", expected: link.expected });
    }
  }
  const doesNotApply = ORDER_DOES_NOT_APPLY.exec(text);
  if (doesNotApply && namesThisDocument(doesNotApply[2], documentType)) {
    found.push({ order: doesNotApply[1] as Order, designation: "not-subject", expected: false });
  }
  const designationFor = DESIGNATION_FOR_SELF.exec(text);
  if (designationFor && namesThisDocument(designationFor[2], documentType)) {
    const link = readLink(designationFor[3]);
    if (link && !link.negated) found.push({ order: designationFor[1] as Order, designation: designationFor[4] as Designation, expected: link.expected });
  }
  const chosen = found.find((finding) => finding.designation !== "not-subject") ?? found[0];
  return chosen ? { kind: "executive-order", ...chosen } : null;
}

/** "significant" followed by what makes it E.O. 12866's: a noun, a citation, or the end of a clause. */
const SIGNIFICANT =
  /\b(not |non-?)?(economically )?significant\b(?: (?:regulatory action|rule|action)\b|(?= (?:under|for (?:the )?purposes of|within the meaning of|pursuant to|as defined)\b)|(?=\s*(?:[,;.)]|$| and\b| but\b| because\b| although\b)))/g;
/** OMB reviews every significant rule: one it did not review is not significant. */
const REVIEWED_BY_OMB = /\b(?:reviewed by omb|submitted to omb for review)\b/g;

/** Whether a significant rule is significant under section 3(f)(1) (economically significant); null when unsaid. */
function section3f1(text: string): boolean | null {
  if (/\bnot (?:an? )?(?:economically significant|(?:under )?(?:section )?3\(f\)\(1\))|\bother than (?:section )?3\(f\)\(1\)/.test(text)) return false;
  if (/\beconomically significant\b|\b3\(f\)\(1\)/.test(text)) return true;
  if (/\b3\(f\)\([2-4]\)/.test(text)) return false;
  return null;
}

/**
 * Whether a sentence says the document is significant under E.O. 12866. A bare "(not) significant" counts only
 * where the sentence speaks of regulatory review or an OMB designation; "not significant under section 3(f)(1)"
 * and "not economically significant" leave open whether the rule is otherwise significant, and are not read.
 */
export function readSignificance(text: string, documentType: DocumentType): Read<SignificanceStatement> {
  for (const match of text.matchAll(SIGNIFICANT)) {
    const link = selfReference(text, match.index, documentType);
    if (!link) continue;
    const namedNoun = !/significant$/.test(match[0]);
    const designatedBy = link.words.some((word) => word === "designated" || word === "determined" || word === "deemed");
    if (!namedNoun && !speaksOfReview(text) && !designatedBy) continue;
    const deniedInObject = Boolean(match[1]);
    if (link.negated && deniedInObject) continue;
    const significant = !(link.negated || deniedInObject);
    if (!significant && (match[2] || /\b3\(f\)\(1\)/.test(text))) continue;
    return { kind: "significance", significant, section3f1: significant ? section3f1(text) : false };
  }
  for (const match of text.matchAll(REVIEWED_BY_OMB)) {
    const link = selfReference(text, match.index, documentType);
    if (link?.negated) return { kind: "significance", significant: false, section3f1: false };
  }
  return null;
}

const MAJOR_RULE = /\b(non-?)?major rule\b/g;
const MEETS_MAJOR_CRITERIA =
  /\b(?:meets?|satisf(?:y|ies)) the (?:criteria|definition)s? (?:(?:set forth|set out|specified|described|defined|provided) )?(?:(?:in|at|of|under|by) 5 u\.?s\.?c\.? (?:§ ?)?804\(2\)|(?:for|of) (?:a )?major rule)/g;

/** Whether a sentence says the document is a major rule under the Congressional Review Act (5 U.S.C. 804(2)). */
export function readMajorRule(text: string, documentType: DocumentType): Read<MajorRuleStatement> {
  for (const match of text.matchAll(MEETS_MAJOR_CRITERIA)) {
    const link = selfReference(text, match.index, documentType);
    if (link) return { kind: "major-rule", major: !link.negated };
  }
  for (const match of text.matchAll(MAJOR_RULE)) {
    const link = selfReference(text, match.index, documentType);
    if (!link || (link.negated && match[1])) continue;
    return { kind: "major-rule", major: !(link.negated || match[1]) };
  }
  return null;
}
