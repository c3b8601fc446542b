// The RSS 0.9x / 1.0 (RDF) / 2.0 and Atom adapter: a fetched body becomes candidate articles.
import Parser from "rss-parser";
import { isHttpUrl } from "../articles/canonical-url";
import type { NewArticle } from "../articles/new-article";
import { FetchError } from "../fetcher/http-client.server";
import { normalizeSummary, normalizeTitle, parseFeedDate } from "./normalize";

type SourceRef = { id: number | null; name: string; category?: string | null };

type RawItem = Parser.Item & { id?: string; date?: string; "content:encoded"?: string; description?: string };

const parser = new Parser<Record<string, unknown>, RawItem>({
  // Some feeds omit the version attribute on <rss>; read them as RSS 2.0.
  defaultRSS: 2,
  customFields: { item: ["description", "id"] },
});

/** The start of a body that is an HTML page rather than a feed. */
export function looksLikeHtml(text: string) {
  return /^\s*(?:<!--[\s\S]*?-->\s*)*(?:<!doctype\s+html|<html[\s>])/i.test(text.replace(/^\uFEFF/, ""));
}

function readableText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "_" in value) return String((value as { _: unknown })._);
  return "";
}

function itemLink(item: RawItem, base: string): string | undefined {
  for (const candidate of [item.link, item.guid, item.id]) {
    const value = readableText(candidate).trim();
    if (!value) continue;
    try {
      const url = new URL(value, base).toString();
      if (isHttpUrl(url)) return url;
    } catch {
      // not a link; try the next candidate
    }
  }
  return undefined;
}

/**
 * The operator's message for a document rss-parser could not read. rss-parser 3 and the XML parser under it
 * (xml2js on sax) reject with plain Errors and no code, so their wording is the only signal there is, and this
 * is the one place that reads it: rss-parser's "Feed not recognized as RSS 1 or 2." (lib/parser.js) for XML
 * of another kind, sax's "<problem>\nLine: <n>\nColumn: <n>\nChar: <c>" for broken XML. A changed wording
 * only makes the message vaguer (the first line, without a line number); the source is refused either way.
 */
function describeXmlError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  const [first, line] = [message.split("\n")[0], message.match(/Line:\s*(\d+)/)?.[1]];
  if (/not recognized as RSS/i.test(message)) return "Not a feed: the XML is neither RSS nor Atom";
  return `Not a feed: the XML is malformed (${first.trim()}${line ? ` at line ${Number(line) + 1}` : ""})`;
}

/** The most items read from one fetch of a feed; real feeds list tens, a runaway one could list millions. */
export const MAX_FEED_ITEMS = 1000;

export type ParsedFeed = {
  articles: NewArticle[];
  invalid: number;
  /** Items past MAX_FEED_ITEMS, not read. */
  overLimit: number;
};

/**
 * A feed listing more than `max` items, cut after the max-th item and closed with the document's own end tags,
 * so a runaway feed costs the parser no more than a full one. Returns how many items were left out.
 */
function cutAfterItems(text: string, max: number): { text: string; overLimit: number } {
  const itemEnd = /<\/(?:item|entry)\s*>/g;
  let seen = 0;
  while (seen < max && itemEnd.exec(text)) seen++;
  if (seen < max) return { text, overLimit: 0 };
  const rest = text.slice(itemEnd.lastIndex);
  const overLimit = rest.match(/<(?:item|entry)[\s>]/g)?.length ?? 0;
  if (!overLimit) return { text, overLimit: 0 };
  const closers = rest.match(/<\/(?:channel|rss|feed|rdf:RDF)\s*>/g) ?? [];
  return { text: text.slice(0, itemEnd.lastIndex) + closers.join(""), overLimit };
}

/**
 * Whether the document declares its own entities (an internal DTD subset with <!ENTITY>): no feed needs
 * them, and refusing them outright rules out entity-expansion attacks (billion laughs) and external entities.
 */
function declaresEntities(text: string) {
  const rootAt = text.search(/<[a-zA-Z]/);
  const prolog = rootAt < 0 ? text : text.slice(0, rootAt);
  return /<!ENTITY/i.test(prolog);
}

/** Parses an RSS or Atom document into articles of `source`. Throws FetchError with an operator-facing message. */
export async function parseFeed(text: string, feedUrl: string, source: SourceRef, firstSeen = new Date()): Promise<ParsedFeed> {
  if (looksLikeHtml(text)) throw new FetchError("Not a feed: got an HTML page");
  if (/^\s*[[{]/.test(text)) throw new FetchError("Not a feed: got JSON");
  if (!text.trim()) throw new FetchError("Not a feed: the response was empty");
  if (declaresEntities(text)) throw new FetchError("Not a feed: the XML declares its own entities (<!ENTITY>), which are refused");
  const capped = cutAfterItems(text, MAX_FEED_ITEMS);
  let feed: Parser.Output<RawItem>;
  try {
    feed = await parser.parseString(capped.text);
  } catch (error) {
    throw new FetchError(describeXmlError(error));
  }
  const articles: NewArticle[] = [];
  let invalid = 0;
  for (const item of feed.items ?? []) {
    const title = normalizeTitle(readableText(item.title));
    const link = itemLink(item, feed.link || feedUrl);
    if (!title || !link) {
      invalid++;
      continue;
    }
    const rawSummary = readableText(item.summary) || readableText(item.description) || readableText(item.content) || readableText(item["content:encoded"]);
    articles.push({
      title,
      summary: normalizeSummary(rawSummary),
      originalUrl: link,
      publishDate: parseFeedDate(item.pubDate ?? item.date ?? item.isoDate, firstSeen),
      sourceId: source.id,
      sourceName: source.name,
      sourceCategory: source.category ?? null,
    });
  }
  return { articles, invalid, overLimit: capped.overLimit };
}
