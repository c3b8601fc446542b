// Turning what a person types into a safe full-text query, and finding the words to highlight.

/** Words as the search index sees them: runs of letters and digits (punctuation and emoji drop out). */
export function searchTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 12);
}

/**
 * An FTS5 MATCH expression for the text, or null when it holds no searchable word.
 * Every word is quoted, so FTS operators typed by a user (AND, NOT, *, -, quotes, parentheses)
 * are plain words and can never cause a syntax error; each word matches as a prefix.
 */
export function toFtsQuery(text: string): string | null {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  return terms.map((term) => `"${term}"*`).join(" ");
}

export type TextPart = { text: string; match: boolean };

/** Splits text into parts, marking the words that begin with one of the search terms. */
export function highlightParts(text: string, search: string | undefined): TextPart[] {
  const terms = search ? searchTerms(search) : [];
  if (terms.length === 0) return [{ text, match: false }];
  const parts: TextPart[] = [];
  const wordPattern = /[\p{L}\p{N}]+/gu;
  let last = 0;
  for (const found of text.matchAll(wordPattern)) {
    const word = found[0].toLowerCase();
    if (!terms.some((term) => word.startsWith(term))) continue;
    const start = found.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start), match: false });
    parts.push({ text: found[0], match: true });
    last = start + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}
