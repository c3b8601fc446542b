// The words for what a rule says of itself and what its CFR redlines changed, shared by the cards, the article page
// and the feeds: "States: E.O. 14192 deregulatory", "−37 restrictions in 40 CFR 63", and while eCFR has not published
// the amended text, "Redline once eCFR publishes the amended text (effective Mar 1, 2025)".
import { formatDate } from "../time";
import type { ArticleRestrictions, ArticleRuleText } from "./answer.server";

const MINUS = "\u2212";

/** The restriction words counted (app/rule-text/restrictions.ts), for tooltips. */
const RESTRICTION_WORDS = "shall, must, may not, required, prohibited";

/** A calendar day as the cards write dates: read at noon UTC, so it stays on its day ("Mar 1, 2025"). */
const dayLabel = (day: string) => formatDate(`${day}T12:00:00Z`, "UTC");

/** "States: E.O. 14192 deregulatory" (or "... (expected)", "States: not subject to E.O. 14192"), or null when none is stated. */
export function statedDesignationLabel(ruleText: Pick<ArticleRuleText, "designation" | "designationOrder" | "designationExpected"> | null | undefined) {
  if (!ruleText?.designation) return null;
  const order = ruleText.designationOrder ? `E.O. ${ruleText.designationOrder}` : "the executive order";
  const stated = ruleText.designation === "not-subject" ? `not subject to ${order}` : `${order} ${ruleText.designation}`;
  return `States: ${stated}${ruleText.designationExpected ? " (expected)" : ""}`;
}

/** The parts whose redline changed the restriction words: what the badge names. */
function changedParts(restrictions: ArticleRestrictions) {
  return restrictions.parts.filter((part) => part.status === "compared" && ((part.removed ?? 0) > 0 || (part.added ?? 0) > 0));
}

/**
 * The net change, where: "−37 restrictions in 40 CFR 63", "+3 restrictions in 2 CFR parts", "±0 restrictions in ...";
 * null when no compared part changed a restriction word.
 */
export function restrictionsLabel(restrictions: ArticleRestrictions | null | undefined) {
  if (!restrictions) return null;
  const changed = changedParts(restrictions);
  if (!changed.length) return null;
  const net = restrictions.added - restrictions.removed;
  const count = Math.abs(net);
  const sign = net < 0 ? MINUS : net > 0 ? "+" : "±";
  const where = changed.length === 1 ? changed[0].cfr : `${changed.length} CFR parts`;
  return `${sign}${count} restriction${count === 1 ? "" : "s"} in ${where}`;
}

/** What the badge stands for, in full: "Removes 40 and adds 3 restriction words (...) in 40 CFR 63, 40 CFR 70". */
export function restrictionsDetail(restrictions: ArticleRestrictions) {
  const parts = changedParts(restrictions).map((part) => part.cfr);
  return `Removes ${restrictions.removed} and adds ${restrictions.added} restriction words (${RESTRICTION_WORDS}) in ${parts.join(", ")}, comparing the text eCFR shows the day before the rule took effect with the text on that day`;
}

/** "Redline once eCFR publishes the amended text (effective Mar 1, 2025)" while a part waits, else null. */
export function pendingRedlineLabel(restrictions: ArticleRestrictions | null | undefined) {
  const waiting = restrictions?.parts.filter((part) => part.status === "pending").map((part) => part.effectiveOn) ?? [];
  if (!waiting.length) return null;
  return `Redline once eCFR publishes the amended text (effective ${dayLabel(waiting.sort()[0])})`;
}
