// Every view of the feed as something to follow or keep: an Atom 1.0 feed and a JSON Feed 1.1 of its first 50
// articles (the newest, unless the view sorts otherwise), and a CSV file of all of it. A view is the feed's own URL parameters (app/feed/filters.ts); the
// Saved view is one visitor's and has no public feed.
import { createHash } from "node:crypto";
import { AppError } from "../errors";
import { publicUrl } from "../public-url.server";
import { articlePath } from "../articles/article-page";
import { commentsLine } from "../articles/comment-labels";
import { pendingRedlineLabel, restrictionsLabel, statedDesignationLabel } from "../articles/rule-text-labels";
import { cfrLabel, feedHref, followedLabels, ledgerViewLabels, overdueViewLabel, parseFeedParams, type ArticleFilters } from "./filters";
import { listArticles, type ArticleJson } from "./queries.server";
import { feedRevision } from "./shared-feed.server";
import { CATEGORIES, DOCUMENT_TYPES, PRIORITIES, TIMEFRAMES } from "../articles/vocabulary";

export const FEED_ITEMS = 50;
const SITE_TITLE = "Federal Deregulation Tracker";

/** The view a feed or export URL names; the Saved view is refused. */
export function viewOf(url: URL): ArticleFilters {
  const { filters } = parseFeedParams(url.searchParams);
  if (filters.saved)
    throw new AppError("invalid", "The Saved view holds one visitor's bookmarks and has no public feed or export; follow a filtered view instead.");
  return filters;
}

/** A strong validator for a view's feed: the feed revision (articles, summaries, the day) and the view's tidy query. */
export async function viewEtag(filters: ArticleFilters, kind: string) {
  const revision = await feedRevision();
  return `"${createHash("sha1")
    .update(`${kind}\n${revision}\n${feedHref(filters)}`)
    .digest("base64url")
    .slice(0, 27)}"`;
}

/** The words of a view's chosen parts (category, priority, time, type, restrictions, order), which hold nothing a requester typed. */
function chosenParts(filters: ArticleFilters) {
  const priority = PRIORITIES.find((p) => p.value === filters.priority);
  return [
    CATEGORIES.find((c) => c.value === filters.category)?.label,
    priority && `${priority.label} priority`,
    filters.timeframe !== "all" ? TIMEFRAMES.find((t) => t.value === filters.timeframe)?.label : undefined,
    DOCUMENT_TYPES.find((d) => d.value === filters.documentType)?.label,
    filters.restrictions === "removes" && "Removes restrictions",
    filters.restrictions === "compared" && "CFR redline compared",
    // The overdue filter holds an agency's name as a link gave it: it goes with the typed parts below.
    ...ledgerViewLabels(filters)
      .filter((part) => part.filter !== "overdue")
      .map((part) => part.label),
    filters.sort === "restrictions-removed" && "most restrictions removed first",
    filters.sort === "most-commented" && "most commented first",
  ];
}

function titled(parts: (string | false | undefined)[]) {
  const words = parts.filter(Boolean);
  return words.length ? `${SITE_TITLE}: ${words.join(" · ")}` : `${SITE_TITLE}: all news`;
}

/** Words for a view, for feed titles: "Regulatory Rollbacks · High · "methane"". */
export function viewTitle(filters: ArticleFilters) {
  return titled([
    ...chosenParts(filters),
    filters.agency,
    filters.overdue && overdueViewLabel(filters.overdue),
    ...followedLabels(filters).map((followed) => followed.label),
    filters.search && `"${filters.search}"`,
  ]);
}

/**
 * Words for a view that quote nothing a requester typed: the search counted in words, the agency and the docket
 * named only as such ("Regulatory Rollbacks · one agency · a search for 3 words"). For a message to an address
 * that has not confirmed it wants anything from us (app/alerts/alerts.server.ts), which a stranger may have asked for.
 */
export function viewOutline(filters: ArticleFilters) {
  const words = filters.search?.split(/\s+/).filter(Boolean).length ?? 0;
  return titled([
    ...chosenParts(filters),
    filters.agency && "one agency",
    filters.rin && `RIN ${filters.rin}`,
    filters.docket && "one docket",
    filters.cfr && cfrLabel(filters.cfr),
    words > 0 && `a search for ${words} word${words === 1 ? "" : "s"}`,
  ]);
}

function newestItems(filters: ArticleFilters) {
  return listArticles(filters, { limit: FEED_ITEMS });
}

/** Characters XML 1.0 cannot carry at all (control characters other than tab, newline and return, lone surrogates). */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function xml(text: string) {
  return text.replace(NOT_XML, "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

function pageUrl(site: string, article: Pick<ArticleJson, "id" | "title">) {
  return `${site}${articlePath(article)}`;
}

function summaryOf(article: ArticleJson) {
  return article.aiSummary || article.summary;
}

/**
 * What a rule's full text and redlines add to its item: the designation it states, with the sentence stating it,
 * and its restriction count (or that its redline waits for eCFR).
 */
function ruleTextLines(article: ArticleJson) {
  const stated = statedDesignationLabel(article.ruleText);
  return [
    stated && `${stated} — “${article.ruleText!.designationSentence}”`,
    restrictionsLabel(article.restrictions),
    pendingRedlineLabel(article.restrictions),
  ].filter((line) => typeof line === "string");
}

/** What the item adds to its summary: the rule-text lines, and the comment count ("1,204 comments (+312 this week)"). */
function addedLines(article: ArticleJson) {
  const comments = commentsLine(article.comments);
  return comments ? [...ruleTextLines(article), comments] : ruleTextLines(article);
}

/** The item's text: the summary, then the rule-text lines and the comment count. */
function contentOf(article: ArticleJson) {
  return [summaryOf(article), ...addedLines(article)].join("\n\n");
}

/** The comment keys of the JSON Feed extension, present only for a document with a count. */
function commentKeys(comments: ArticleJson["comments"]) {
  if (!comments) return {};
  return {
    comments_count: comments.count,
    comments_week_growth: comments.weekGrowth,
    comments_docket_id: comments.docketId,
    comments_read_at: comments.readAt,
    comments: commentsLine(comments),
  };
}

/**
 * The JSON Feed extension of an item (JSON Feed 1.1: keys starting with "_"): a rule's statements and redlines, and a
 * document's comment count; undefined for an article with none of them.
 */
function deregulationExtension(article: ArticleJson) {
  const { ruleText, restrictions, comments } = article;
  if (!ruleText && !restrictions) return comments ? commentKeys(comments) : undefined;
  return {
    ...commentKeys(comments),
    stated_designation: ruleText?.designation ?? null,
    stated_designation_order: ruleText?.designationOrder ?? null,
    stated_designation_sentence: ruleText?.designationSentence ?? null,
    restrictions_removed: restrictions?.removed ?? null,
    restrictions_added: restrictions?.added ?? null,
    restrictions: restrictionsLabel(restrictions),
    redline_pending: pendingRedlineLabel(restrictions),
  };
}

export async function atomFeed(filters: ArticleFilters) {
  const items = await newestItems(filters);
  const site = await publicUrl();
  const self = `${site}${feedHref(filters, 1, "", "/feed.atom")}`;
  const updated = (items[0] ? new Date(items[0].publishDate) : new Date(0)).toISOString();
  const entries = items.map((article) => {
    const published = new Date(article.publishDate).toISOString();
    const categories = [article.category, `priority:${article.priority}`, ...article.tags].map((term) => `    <category term="${xml(term)}"/>`).join("\n");
    // Only rules and documents with a comment count carry more than the summary: their content repeats it, with what
    // their full text states and how many comments they have.
    const content = addedLines(article).length ? `\n    <content type="text">${xml(contentOf(article))}</content>` : "";
    return `  <entry>
    <id>${xml(pageUrl(site, article))}</id>
    <title>${xml(article.title)}</title>
    <link rel="alternate" type="text/html" href="${xml(pageUrl(site, article))}"/>
    <link rel="related" href="${xml(article.originalUrl)}"/>
    <published>${published}</published>
    <updated>${published}</updated>
    <author><name>${xml(article.sourceName)}</name></author>
${categories}
    <summary>${xml(summaryOf(article))}</summary>${content}
  </entry>`;
  });
  const body = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${xml(self)}</id>
  <title>${xml(viewTitle(filters))}</title>
  <subtitle>US regulatory and deregulatory news from public sources</subtitle>
  <link rel="self" type="application/atom+xml" href="${xml(self)}"/>
  <link rel="alternate" type="text/html" href="${xml(`${site}${feedHref(filters)}`)}"/>
  <updated>${updated}</updated>
  <generator>${SITE_TITLE}</generator>
${entries.join("\n")}
</feed>
`;
  return { body, lastModified: items[0] ? new Date(items[0].publishDate) : undefined };
}

export async function jsonFeed(filters: ArticleFilters) {
  const items = await newestItems(filters);
  const site = await publicUrl();
  const body = {
    version: "https://jsonfeed.org/version/1.1",
    title: viewTitle(filters),
    home_page_url: `${site}${feedHref(filters)}`,
    feed_url: `${site}${feedHref(filters, 1, "", "/feed.json")}`,
    description: "US regulatory and deregulatory news from public sources",
    language: "en-US",
    items: items.map((article) => ({
      id: pageUrl(site, article),
      url: pageUrl(site, article),
      external_url: article.originalUrl,
      title: article.title,
      summary: summaryOf(article),
      content_text: contentOf(article),
      date_published: new Date(article.publishDate).toISOString(),
      authors: [{ name: article.sourceName }],
      tags: [article.category, `priority:${article.priority}`, ...article.tags],
      _deregulation: deregulationExtension(article),
    })),
  };
  return { body, lastModified: items[0] ? new Date(items[0].publishDate) : undefined };
}
