// Normalising what feeds say: plain-text summaries, trimmed titles, dates with the usual feed quirks.
// Nothing from a feed is ever rendered as HTML, so markup is stripped here, once, on the way in.
import { convert } from "html-to-text";

/** Summaries longer than this are cut at a word boundary: cards show 200 characters, search needs a little more. */
export const SUMMARY_MAX_CHARS = 1000;
export const TITLE_MAX_CHARS = 500;

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

function truncateAtWord(text: string, max: number) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

/** HTML (or plain text with entities) to one line of plain text: tags dropped, entities decoded, links without their targets. */
export function htmlToPlainText(html: string | null | undefined): string {
  if (!html) return "";
  // Most titles and Federal Register abstracts are already plain text: skip the HTML parser for them.
  if (!/[<&]/.test(html)) return collapse(html);
  const text = convert(html, {
    wordwrap: false,
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
  });
  return collapse(text);
}

/** Stand-ins some publishers put where there is no summary; showing them would read as content. */
const PLACEHOLDER_SUMMARY = /^(no (summary|abstract|description)( provided| available)?|n\/a|none)\.?$/i;

export function normalizeSummary(html: string | null | undefined): string {
  const text = truncateAtWord(htmlToPlainText(html), SUMMARY_MAX_CHARS);
  return PLACEHOLDER_SUMMARY.test(text) ? "" : text;
}

export function normalizeTitle(raw: string | null | undefined): string {
  return truncateAtWord(htmlToPlainText(raw), TITLE_MAX_CHARS);
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
