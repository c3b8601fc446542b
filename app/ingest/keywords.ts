// A source's keywords admit only the items that mention one of them; a source without keywords admits every item.
// Matching is case-insensitive and starts at a word boundary; a keyword also matches its usual
// inflections ("rule" finds "rules" and "rulemaking", "deregulat" finds "deregulatory"), but never
// the inside of another word ("sec" does not match "section", "rule" does not match "overrule").

const SUFFIXES = "(?:s|es|d|ed|ing|ings|ion|ions|ation|ations|al|als|ment|ments|making|ory|ories|e|er|ers|n|y)?";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function keywordMatcher(keywords: readonly string[]): ((text: string) => boolean) | null {
  const terms = keywords.map((k) => k.trim()).filter(Boolean);
  if (!terms.length) return null;
  const alternatives = terms.map((term) => {
    // "delete" also matches "deleting": a final silent e drops before a suffix.
    const stem = /[a-z]e$/i.test(term) ? `${escape(term.slice(0, -1))}(?:e|ing|ion|ions|ed|es)` : escape(term);
    return `${stem.replace(/\s+/g, "\\s+")}${SUFFIXES}`;
  });
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}])`, "iu");
  return (text) => pattern.test(text);
}
