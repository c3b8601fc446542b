// The one rule for text the database must hold (docs/decisions/035-nul-and-unpaired-surrogates.md): PostgreSQL
// refuses a NUL character in text and JSON, and UTF-8 cannot carry half of a surrogate pair (the driver would write
// U+FFFD; JSON's `\ud800` escape is refused). SQLite would keep both, so both engines get the same rule:
// input a person typed is refused at the edge naming the field (app/http/input.server.ts); text from other sites,
// filter values and error messages are made storable here.

const NUL = /\u0000/g;
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNPAIRED_SURROGATES = new RegExp(UNPAIRED_SURROGATE.source, "g");

/** Text with a NUL character or half of a surrogate pair: JSON can carry them, the database and pages should not. */
export const isUnstorableText = (text: string) => text.includes("\0") || UNPAIRED_SURROGATE.test(text);

/**
 * The text with its NUL characters left out and each unpaired surrogate written as U+FFFD (as a UTF-8 encoder
 * would), cut to at most `maxChars` without splitting a pair.
 */
export function storableText(text: string, maxChars = Infinity): string {
  let storable = text.replace(NUL, "").replace(UNPAIRED_SURROGATES, "\uFFFD");
  if (storable.length > maxChars) storable = storable.slice(0, maxChars).replace(/[\uD800-\uDBFF]$/, "");
  return storable;
}

/**
 * A JSON value (a job's result or progress) with every string made storable; throws when it cannot be written as
 * JSON at all (a cycle, a BigInt), as writing it would.
 */
export function storableJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_key, entry: unknown) => (typeof entry === "string" ? storableText(entry) : entry))) as T;
}
