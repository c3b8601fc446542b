// Normalising what feeds say: plain-text summaries, trimmed titles, dates with the usual feed quirks.
// Nothing from a feed is ever rendered as HTML, so markup is stripped here, once, on the way in (app/text/plain-text.ts).
import { htmlToPlainText } from "../text/plain-text";
import { truncateAtWord } from "../text/truncate";

/** A feed's summary (the article's `summary`) is cut at a word boundary past this: cards show 200 characters, search needs a little more. */
export const FEED_SUMMARY_MAX_CHARS = 1000;
export const TITLE_MAX_CHARS = 500;

/**
 * Of a title or summary, only this much HTML is read: far more than a 1,000-character summary needs even
 * in verbose markup, and a feed's multi-megabyte field then costs milliseconds instead of seconds.
 */
const MAX_FIELD_INPUT_CHARS = 100_000;

/** Stand-ins some publishers put where there is no summary; showing them would read as content. */
const PLACEHOLDER_SUMMARY = /^(no (summary|abstract|description)( provided| available)?|n\/a|none)\.?$/i;

export function normalizeSummary(html: string | null | undefined): string {
  const text = truncateAtWord(htmlToPlainText(html?.slice(0, MAX_FIELD_INPUT_CHARS)), FEED_SUMMARY_MAX_CHARS);
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
