// Rulemaking keys and their addresses. Shared by the server and the browser (cards link to /rulemakings/{key}).
import type { RulemakingLink } from "../articles/answer.server";
import { RIN_PATTERN } from "../articles/identifiers";

// What a key is, for the rulemaking table and for an address alike, is read by app/articles/identifiers.ts.
export { parseRulemakingKey } from "../articles/identifiers";

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
