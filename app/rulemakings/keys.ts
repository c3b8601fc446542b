// Rulemaking keys and their addresses. Shared by the server and the browser (cards link to /rulemakings/{key}).
import type { RulemakingLink } from "../articles/answer.server";

/** A Regulation Identifier Number: four digits, a hyphen, four letters or digits ("2060-AV00"). */
export const RIN_PATTERN = /^\d{4}-[A-Z0-9]{4}$/;

/** What an address may name: a RIN or a docket id (letters, digits and . _ - only, as regulations.gov writes them). */
const KEY_PATTERN = /^[A-Z0-9][A-Z0-9._-]{2,99}$/;

/** The key an address names, upper-case as stored, or null when it cannot be one. */
export function parseRulemakingKey(raw: string | undefined): string | null {
  const key = (raw ?? "").trim().toUpperCase();
  return KEY_PATTERN.test(key) ? key : null;
}

export function isRin(key: string) {
  return RIN_PATTERN.test(key);
}

export function rulemakingPath(key: string) {
  return `/rulemakings/${encodeURIComponent(key)}`;
}

/** Declared with the API's answers (app/rulemakings/answer.server.ts); only its type reaches the browser. */

/** "Part of a rulemaking: 5 documents since 2024" (the year of the first document, a Washington calendar day). */
export function rulemakingLinkLabel(link: RulemakingLink) {
  return `Part of a rulemaking: ${link.documents} documents since ${link.since.slice(0, 4)}`;
}
