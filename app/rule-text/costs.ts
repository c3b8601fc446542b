// The annualized costs or cost savings a rule states for itself, read from one sentence. A wrong figure is worse
// than none, so a sentence is read only when nothing in it leaves doubt: it names this document, speaks of one
// direction (costs or savings, never benefits or transfers), gives each amount exactly (no range, bound, negative
// sign or per-unit figure) and, when it gives several, ties each to its own discount rate.
import { type DocumentType, mentionsItself } from "./phrasing";
import type { CostStatement } from "./statements";

type ReadCost = Omit<CostStatement, "sentence">;

const AMOUNT = /([-(])?\$\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s*(thousand|million|billion|trillion))?(?![\w,]*\d)(?!\w)/g;
const MILLIONS_PER_UNIT: Record<string, number> = { thousand: 0.001, million: 1, billion: 1_000, trillion: 1_000_000 };

/** Sentences about something else: another rule or baseline, benefits, transfers, per-unit figures. */
const ABOUT_SOMETHING_ELSE =
  /\b(?:prior|previous|existing|original|baseline|alternatives?|options?|compared|than|instead|(?:19|20)\d\d (?:final )?rule|benefits?|transfers?|forgone|foregone|revenues?|each|average|per (?!year\b|annum\b)\w+)\b/;
const RANGE = /\bbetween\b[^.]*\$|\$[\d.,]+\s*(?:thousand|million|billion|trillion)?\s*(?:-|to|and|or)\s*\$?\d/;
const BOUND =
  /\b(?:less than|more than|greater than|fewer than|over|under|up to|at least|at most|exceed\w*|below|above|nearly|almost|upwards of)\s*\$|\$[\d.,]+\s*(?:thousand|million|billion|trillion)?\s*or (?:more|less|greater)\b/;

const RATE =
  /\b(\d{1,2}(?:\.\d+)?)[\s-]*(?:percent|%)(?: real)? discount rate|\bdiscount(?:ed)? (?:rate )?(?:of|at) (?:a )?(\d{1,2}(?:\.\d+)?)[\s-]*(?:percent|%)/g;
/** "at 3 and 7 percent discount rates": more than one rate for one figure. */
const RATE_LIST = /\b\d+(?:\.\d+)?[\s-]*(?:percent|%)?\s*(?:and|or|,)\s*\d+(?:\.\d+)?[\s-]*(?:percent|%)/;
const BASE_YEAR = /\b((?:19|20)\d\d)\s?\$|\b((?:19|20)\d\d)[- ]dollars\b|\brelative to (?:year )?((?:19|20)\d\d)\b|\bbase year (?:of )?((?:19|20)\d\d)\b/g;

function direction(text: string): CostStatement["direction"] | null {
  const savings = /\b(?:cost[- ]savings?|savings|cost reductions?)\b/.test(text);
  const costs = /\bcosts?\b/.test(text.replace(/\bcost[- ]savings?\b|\bcost reductions?\b/g, ""));
  if (savings === costs) return null;
  return savings ? "savings" : "costs";
}

/** The one value a pattern gives in a text (from whichever group matched), or null when it gives none or several. */
function onlyValue(text: string, pattern: RegExp): number | null {
  const values = new Set([...text.matchAll(pattern)].map((match) => Number(match.slice(1).find(Boolean))));
  return values.size === 1 ? [...values][0] : null;
}

function millions(match: RegExpMatchArray) {
  const dollars = Number(`${match[2].replace(/,/g, "")}${match[3] ?? ""}`);
  const perUnit = match[4] ? MILLIONS_PER_UNIT[match[4]] : 1e-6;
  return Number((dollars * perUnit).toPrecision(12));
}

/** The cost statements of a normalized sentence: one per amount, or none. */
export function readCosts(text: string, documentType: DocumentType): ReadCost[] {
  if (!/\bannualized\b/.test(text) || !text.includes("$")) return [];
  if (!mentionsItself(text, documentType) || ABOUT_SOMETHING_ELSE.test(text) || RANGE.test(text) || BOUND.test(text)) return [];
  if (documentType === "RULE" && /\bpropos/.test(text)) return [];
  const towards = direction(text);
  const amounts = [...text.matchAll(AMOUNT)];
  if (!towards || !amounts.length || amounts.some((amount) => amount[1])) return [];
  const baseYear = onlyValue(text, BASE_YEAR);
  if (amounts.length === 1) {
    const discountRate = RATE_LIST.test(text) ? null : onlyValue(text, RATE);
    return [{ kind: "cost", direction: towards, amountMillions: millions(amounts[0]), discountRate, baseYear }];
  }
  // Several amounts: each must be followed, before the next, by its own single discount rate.
  const read: ReadCost[] = [];
  for (const [i, amount] of amounts.entries()) {
    const segment = text.slice(amount.index, amounts[i + 1]?.index ?? text.length);
    const discountRate = RATE_LIST.test(segment) ? null : onlyValue(segment, RATE);
    if (discountRate === null) return [];
    read.push({ kind: "cost", direction: towards, amountMillions: millions(amount), discountRate, baseYear });
  }
  return read;
}
