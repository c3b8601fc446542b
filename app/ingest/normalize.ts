// Normalising what feeds say: plain-text summaries, trimmed titles, dates with the usual feed quirks.
// Nothing from a feed is ever rendered as HTML, so markup is stripped here, once, on the way in.
import { convert } from "html-to-text";

/** Summaries longer than this are cut at a word boundary: cards show 200 characters, search needs a little more. */
export const SUMMARY_MAX_CHARS = 1000;
export const TITLE_MAX_CHARS = 500;

/** C0 control characters other than tab and line breaks, and DEL: never meaningful in a title or summary. */
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const collapse = (text: string) => text.replace(CONTROL_CHARS, "").replace(/\s+/g, " ").trim();

/** Anything shaped like a tag, comment, CDATA section, declaration or processing instruction. */
const TAG_LIKE = /<\/?[a-z][^>]*>|<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[|\]\]>|<![a-z][^>]*>|<\?[^>]*>/gi;
/** Feeds escape their HTML once, sometimes twice or three times; deeper escaping is not worth unwrapping. */
const MAX_DECODE_PASSES = 3;

function truncateAtWord(text: string, max: number) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

const CONVERT_OPTIONS = {
  wordwrap: false as const,
  preserveNewlines: false,
  selectors: [
    { selector: "a", options: { ignoreHref: true } },
    { selector: "img", format: "skip" },
    { selector: "script", format: "skip" },
    { selector: "style", format: "skip" },
    { selector: "h1", options: { uppercase: false } },
    { selector: "h2", options: { uppercase: false } },
    { selector: "h3", options: { uppercase: false } },
    { selector: "table", format: "dataTable" },
    { selector: "ul", options: { itemPrefix: " " } },
  ],
};

function convertOnce(html: string) {
  try {
    return convert(html, CONVERT_OPTIONS);
  } catch (error) {
    // html-to-text walks the document recursively, so absurdly deep nesting overflows the stack;
    // markup like that has no structure worth keeping: drop the tags and read what is left.
    if (!(error instanceof RangeError)) throw error;
    return convert(html.replace(TAG_LIKE, " "), CONVERT_OPTIONS);
  }
}

/**
 * HTML (or plain text with entities) to one line of plain text: tags dropped, entities decoded, links without
 * their targets. Text that still decodes to markup (a feed that escaped its HTML twice) is read again, and
 * anything tag-shaped that survives is removed: what comes out never holds markup.
 */
export function htmlToPlainText(html: string | null | undefined): string {
  if (!html) return "";
  let text = html;
  // Most titles and Federal Register abstracts are already plain text: skip the HTML parser for them.
  for (let pass = 0; pass < MAX_DECODE_PASSES && /[<&]/.test(text); pass++) {
    const next = convertOnce(text);
    if (next === text) break;
    text = next;
  }
  return collapse(text.replace(TAG_LIKE, " "));
}

/**
 * Of a title or summary, only this much HTML is read: far more than a 1,000-character summary needs even
 * in verbose markup, and a feed's multi-megabyte field then costs milliseconds instead of seconds.
 */
const MAX_FIELD_INPUT_CHARS = 100_000;

/** Stand-ins some publishers put where there is no summary; showing them would read as content. */
const PLACEHOLDER_SUMMARY = /^(no (summary|abstract|description)( provided| available)?|n\/a|none)\.?$/i;

export function normalizeSummary(html: string | null | undefined): string {
  const text = truncateAtWord(htmlToPlainText(html?.slice(0, MAX_FIELD_INPUT_CHARS)), SUMMARY_MAX_CHARS);
  return PLACEHOLDER_SUMMARY.test(text) ? "" : text;
}

export function normalizeTitle(raw: string | null | undefined): string {
  return truncateAtWord(htmlToPlainText(raw?.slice(0, MAX_FIELD_INPUT_CHARS)), TITLE_MAX_CHARS);
}

/**
 * A feed item's date. Feeds send RFC 822, ISO 8601, bare days, US-style "MM/DD/YYYY", or nothing;
 * an unreadable or missing date (or one more than a day in the future) falls back to when we first saw the item.
 */
export function parseFeedDate(raw: string | null | undefined, firstSeen: Date): Date {
  const value = (raw ?? "").trim();
  if (!value) return firstSeen;
  let parsed: number;
  const usDate = value.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  if (usDate) parsed = Date.UTC(Number(usDate[3]), Number(usDate[1]) - 1, Number(usDate[2]), 12);
  else if (/^\d{4}-\d{2}-\d{2}$/.test(value)) parsed = Date.parse(`${value}T12:00:00Z`);
  else parsed = Date.parse(value);
  if (Number.isNaN(parsed) || parsed < Date.UTC(1990, 0, 1)) return firstSeen;
  if (parsed > firstSeen.getTime() + 86_400_000) return firstSeen;
  return new Date(parsed);
}
