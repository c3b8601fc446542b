// The data of an article's own page (/articles/{id}-{slug}) and the sitemap of every such page.
import { asc, eq, gt, sql } from "drizzle-orm";
import type { OfficialDesignationDetail } from "../agenda/edition";
import { db, t } from "../db.server";
import { articlePath } from "./article-page";
import { getArticle, type ArticleJson } from "./queries.server";
import { officialDesignationFor } from "./store.server";

/**
 * What the page shows beyond the card: the Federal Register fields, the Unified Agenda's word on the rulemaking
 * (with its stage, priority and timetable) and when the article last changed.
 */
export type ArticleDetail = Omit<ArticleJson, "officialDesignation"> & {
  officialDesignation: OfficialDesignationDetail | null;
  effectiveOn: string | null;
  registerAction: string | null;
  regulationIdNumbers: string[];
  cfrReferences: string[];
  docketIds: string[];
  topics: string[];
  /** The later of when it was stored and when its AI summary was written (ISO). */
  modifiedAt: string;
};

export function getArticleDetail(id: number, visitorId?: string): ArticleDetail | undefined {
  const article = getArticle(id, visitorId);
  if (!article) return undefined;
  const extra = db()
    .select({
      effectiveOn: t.articles.effectiveOn,
      registerAction: t.articles.registerAction,
      regulationIdNumbers: t.articles.regulationIdNumbers,
      cfrReferences: t.articles.cfrReferences,
      docketIds: t.articles.docketIds,
      topics: t.articles.topics,
      aiSummaryAt: t.articles.aiSummaryAt,
    })
    .from(t.articles)
    .where(eq(t.articles.id, id))
    .get();
  if (!extra) return undefined;
  const { aiSummaryAt, ...fields } = extra;
  const modified = Math.max(Date.parse(article.createdAt), aiSummaryAt?.getTime() ?? 0);
  const officialDesignation = officialDesignationFor(fields.regulationIdNumbers);
  return { ...article, ...fields, officialDesignation, modifiedAt: new Date(modified).toISOString() };
}

/** The sitemaps protocol's limit of URLs per file; a site with more answers a sitemap index. */
export const SITEMAP_URL_LIMIT = 50_000;

/** The pages besides the articles'. */
const SITE_PAGES = ["/", "/about", "/comment-periods"];

function escapeXml(text: string) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

function urlEntry(loc: string, lastmod?: string) {
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
}

const XML_HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n`;
const NS = `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"`;

/** How many sitemap files the articles need (at least one, which also lists the site's pages). */
export function sitemapChunkCount(chunkSize = SITEMAP_URL_LIMIT) {
  const articles = db().get<{ n: number }>(sql`SELECT count(*) AS n FROM ${t.articles}`).n;
  // The first file also holds the site's own pages.
  return Math.max(1, Math.ceil((articles + SITE_PAGES.length) / chunkSize));
}

/** Articles read per piece of a sitemap file. */
const SITEMAP_PIECE = 1_000;

/**
 * One sitemap file (a `urlset`) in pieces of a thousand URLs, each read from the database when it is asked for:
 * the site's pages come first, then the articles in id order, `chunkSize` URLs per file. Undefined when the
 * chunk does not exist.
 */
export function sitemapChunkPieces(siteUrl: string, chunk: number, chunkSize = SITEMAP_URL_LIMIT): Iterable<string> | undefined {
  if (!Number.isSafeInteger(chunk) || chunk < 1 || chunk > sitemapChunkCount(chunkSize)) return undefined;
  return (function* () {
    // The list is the site's pages, then the articles in id order; chunk n is its n-th slice of `chunkSize`.
    const start = (chunk - 1) * chunkSize;
    const end = start + chunkSize;
    const pages = SITE_PAGES.slice(start, end).map((path) => urlEntry(`${siteUrl}${path}`));
    yield `${XML_HEAD}<urlset ${NS}>\n${pages.join("\n")}`;
    let written = pages.length;
    let remaining = end - Math.max(start, SITE_PAGES.length);
    let offset = Math.max(0, start - SITE_PAGES.length);
    let afterId: number | undefined;
    while (remaining > 0) {
      // The first piece finds the chunk's start by offset, the next ones follow the ids (as cheap as the first).
      const rows = articlesInIdOrder(offset, Math.min(SITEMAP_PIECE, remaining), afterId);
      if (rows.length === 0) break;
      const entries = rows.map((row) => {
        const modified = Math.max(row.createdAt.getTime(), row.aiSummaryAt?.getTime() ?? 0);
        return urlEntry(`${siteUrl}${articlePath(row)}`, new Date(modified).toISOString());
      });
      yield (written > 0 ? "\n" : "") + entries.join("\n");
      written += rows.length;
      remaining -= rows.length;
      offset = 0;
      afterId = rows[rows.length - 1].id;
    }
    yield "\n</urlset>\n";
  })();
}

/** One sitemap file as one text (see sitemapChunkPieces). */
export function sitemapChunk(siteUrl: string, chunk: number, chunkSize = SITEMAP_URL_LIMIT): string | undefined {
  const pieces = sitemapChunkPieces(siteUrl, chunk, chunkSize);
  return pieces && [...pieces].join("");
}

/** Articles in id order: a new article lands in the last chunk and the others keep theirs. */
function articlesInIdOrder(offset: number, size: number, afterId?: number) {
  return db()
    .select({ id: t.articles.id, title: t.articles.title, createdAt: t.articles.createdAt, aiSummaryAt: t.articles.aiSummaryAt })
    .from(t.articles)
    .where(afterId === undefined ? undefined : gt(t.articles.id, afterId))
    .orderBy(asc(t.articles.id))
    .limit(size)
    .offset(offset)
    .all();
}

/** The address of sitemap file `chunk` when the site needs an index. */
export function sitemapChunkPath(chunk: number) {
  return `/sitemaps/${chunk}.xml`;
}

/**
 * `/sitemap.xml`: the one urlset when everything fits in one file, otherwise a sitemap index naming each
 * chunk file (the protocol's rule for more than 50,000 URLs).
 */
export function sitemapDocumentPieces(siteUrl: string, chunkSize = SITEMAP_URL_LIMIT): Iterable<string> {
  const chunks = sitemapChunkCount(chunkSize);
  if (chunks === 1) return sitemapChunkPieces(siteUrl, 1, chunkSize)!;
  const entries = Array.from({ length: chunks }, (_, i) => `<sitemap><loc>${escapeXml(`${siteUrl}${sitemapChunkPath(i + 1)}`)}</loc></sitemap>`);
  return [`${XML_HEAD}<sitemapindex ${NS}>\n${entries.join("\n")}\n</sitemapindex>\n`];
}

/** `/sitemap.xml` as one text (see sitemapDocumentPieces). */
export function sitemapDocument(siteUrl: string, chunkSize = SITEMAP_URL_LIMIT) {
  return [...sitemapDocumentPieces(siteUrl, chunkSize)].join("");
}
