// Cutting text to a length, shared by the server and the browser.

/**
 * Text of at most `maxChars` characters, the ellipsis included: cut at the last word boundary (unless that
 * would drop more than 40% of the room) with trailing punctuation removed.
 */
export function truncateAtWord(text: string, maxChars: number) {
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > maxChars * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}
