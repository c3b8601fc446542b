// What the rule-text pages say in plain words: a statement's label, a CFR part's name, eCFR's addresses and the
// restriction counts. Shared by the server and the browser (the article, redline and rulemaking pages render them).
import { formatDate } from "../time";
import type { RuleStatement } from "./statements";
import type { RestrictionChange } from "./restrictions";

const ORDER = (order: string) => `E.O. ${order}`;

function amount(millions: number) {
  // Past a thousand million, people read billions; two decimals are as exact as the documents are.
  if (millions >= 1_000) return `$${(millions / 1_000).toLocaleString("en-US", { maximumFractionDigits: 2 })} billion`;
  return `$${millions.toLocaleString("en-US", { maximumFractionDigits: 2 })} million`;
}

/** e.g. "E.O. 14192: deregulatory action", "Significant under E.O. 12866, section 3(f)(1)", "Not a major rule (5 U.S.C. 804(2))". */
export function statementLabel(statement: RuleStatement): string {
  switch (statement.kind) {
    case "executive-order":
      if (statement.designation === "not-subject") return `${statement.expected ? "Expected not to be subject" : "Not subject"} to ${ORDER(statement.order)}`;
      return `${ORDER(statement.order)}: ${statement.expected ? "expected " : ""}${statement.designation} action`;
    case "significance":
      if (!statement.significant) return "Not significant under E.O. 12866";
      if (statement.section3f1) return "Significant under E.O. 12866, section 3(f)(1)";
      if (statement.section3f1 === false) return "Significant under E.O. 12866, not under section 3(f)(1)";
      return "Significant under E.O. 12866";
    case "major-rule":
      return statement.major ? "A major rule (5 U.S.C. 804(2))" : "Not a major rule (5 U.S.C. 804(2))";
    case "cost": {
      const details = [
        statement.discountRate !== null ? `${statement.discountRate}% discount rate` : null,
        statement.baseYear ? `${statement.baseYear} dollars` : null,
      ]
        .filter(Boolean)
        .join(", ");
      const what = statement.direction === "savings" ? "Annualized cost savings" : "Annualized costs";
      return `${what}: ${amount(statement.amountMillions)}${details ? ` (${details})` : ""}`;
    }
  }
}

export const cfrPartLabel = (title: number, part: number) => `${title} CFR ${part}`;

/** eCFR's page of a version of a part ("current" when the date is unknown). */
export function ecfrPartUrl(title: number, part: number, date: string | null) {
  return `https://www.ecfr.gov/${date ? `on/${date}` : "current"}/title-${title}/part-${part}`;
}

/**
 * eCFR's page of a section in a version: a numbered section ("63.1") has its own address; an appendix or other
 * unnumbered piece is reached through its part.
 */
export function ecfrSectionUrl(title: number, part: number, number: string, date: string | null) {
  if (!/^\d+\.[\w.-]+$/.test(number)) return ecfrPartUrl(title, part, date);
  return `https://www.ecfr.gov/${date ? `on/${date}` : "current"}/title-${title}/section-${encodeURIComponent(number)}`;
}

const restrictions = (n: number) => `${n} restriction${n === 1 ? "" : "s"}`;

/** e.g. "−37 restrictions in 40 CFR 63", "−3 and +1 restrictions in § 63.7", "No restriction removed or added in 40 CFR 990". */
export function restrictionSummary(change: RestrictionChange, where: string) {
  if (!change.removed && !change.added) return `No restriction removed or added in ${where}`;
  if (change.removed && change.added) return `−${change.removed} and +${change.added} restrictions in ${where}`;
  return change.removed ? `−${restrictions(change.removed)} in ${where}` : `+${restrictions(change.added)} in ${where}`;
}

/** What the counts count, for the pages' notes. */
export const RESTRICTION_WORDS_NOTE = "Restrictions: the words shall, must, may not, required and prohibited in the regulatory text.";

/** "63.1" → "§ 63.1"; an appendix's name as it is (as ecfr-part.ts labels sections, without its XML reader). */
export const cfrSectionLabel = (number: string) => (/^\d/.test(number) ? `§ ${number}` : number);

/** A calendar day ("2025-04-01") as people read it ("Apr 1, 2025"), the same in every time zone. */
export function calendarDay(date: string) {
  const at = `${date}T12:00:00Z`;
  return Number.isNaN(Date.parse(at)) ? date : formatDate(at, "UTC");
}

/**
 * The full redline of an article's part, beside the article's own address: from its `from.section`-th changed
 * section (paragraph `from.paragraph` of it) on.
 */
export function redlinePath(articlePath: string, part: { title: number; part: number }, from = { section: 0, paragraph: 0 }) {
  const at = `${from.section > 0 ? `&from=${from.section}` : ""}${from.paragraph > 0 ? `&paragraph=${from.paragraph}` : ""}`;
  return `${articlePath}/redline?part=${part.title}-${part.part}${at}`;
}
