// The data of an article's own page (/articles/{id}-{slug}) and the sitemap of every such page.
import type { OfficialDesignationDetail } from "../agenda/edition";
import { articlePath } from "../articles/article-page";
import { getArticle, type ArticleJson } from "./queries.server";
import { officialDesignationFor } from "../classify/inputs.server";
import { articlePageFields, articlesInIdOrder, countArticlePages } from "../articles/store/article-page.server";
import { partRedlineOfArticle, ruleTextOfArticle, type RedlineBudget, type RedlinePosition } from "../rule-text/page.server";

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
  /** The Federal Register's `significant` flag (false for any other source). */
  significant: boolean;
  /** The later of when it was stored and when its AI summary was written (ISO). */
  modifiedAt: string;
};

export async function getArticleDetail(id: number, visitorId?: string): Promise<ArticleDetail | undefined> {
  const article = await getArticle(id, visitorId);
  if (!article) return undefined;
  const extra = await articlePageFields(id);
  if (!extra) return undefined;
  const { aiSummaryAt, ...fields } = extra;
  const modified = Math.max(Date.parse(article.createdAt), aiSummaryAt?.getTime() ?? 0);
  const officialDesignation = await officialDesignationFor(fields.regulationIdNumbers);
  return { ...article, ...fields, officialDesignation, modifiedAt: new Date(modified).toISOString() };
}

/**
 * What the article page shows of redlines at most, all parts together: a page of a few hundred kilobytes even for a
 * rule amending 40 CFR 63 in hundreds of sections; the full redline (articleRedline) shows the rest.
 */
export const ARTICLE_REDLINE_BUDGET: RedlineBudget = { chars: 40_000, sections: 20 };
/** One page of the full redline of a part; a next page follows it. */
export const FULL_REDLINE_BUDGET: RedlineBudget = { chars: 400_000, sections: 200 };

/**
 * The article's rule text as its page shows it: the document's statements set beside the Unified Agenda's
 * designation and the Federal Register's `significant` flag, and its redlines within ARTICLE_REDLINE_BUDGET.
 */
export async function articleRuleText(article: Pick<ArticleDetail, "id" | "documentType" | "significant" | "officialDesignation">) {
  const agenda = article.officialDesignation;
  return ruleTextOfArticle(
    article.id,
    {
      agenda: agenda && { designation: agenda.designation, edition: agenda.edition, publicationId: agenda.publicationId, major: agenda.major },
      registerSignificant: article.documentType ? article.significant : null,
    },
    { ...ARTICLE_REDLINE_BUDGET },
  );
}

/** "40-63" → { title: 40, part: 63 }; anything else → null. */
export function parsePartParam(value: string | null) {
  const match = /^(\d{1,3})-(\d{1,6})$/.exec(value ?? "");
  return match ? { title: Number(match[1]), part: Number(match[2]) } : null;
}

/** One page of an article's full redline: a part (the first when none is named) from `from` on. */
export async function articleRedline(articleId: number, part: { title: number; part: number } | null, from: RedlinePosition) {
  return partRedlineOfArticle(articleId, part, from, { ...FULL_REDLINE_BUDGET });
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
export async function sitemapChunkCount(chunkSize = SITEMAP_URL_LIMIT) {
  const articles = await countArticlePages();
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
export async function sitemapChunkPieces(siteUrl: string, chunk: number, chunkSize = SITEMAP_URL_LIMIT): Promise<AsyncIterable<string> | undefined> {
  if (!Number.isSafeInteger(chunk) || chunk < 1 || chunk > (await sitemapChunkCount(chunkSize))) return undefined;
  return (async function* () {
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
      const rows = await articlesInIdOrder(offset, Math.min(SITEMAP_PIECE, remaining), afterId);
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

/** Pieces read one after the other, as one text. */
async function joinPieces(pieces: Iterable<string> | AsyncIterable<string>) {
  let text = "";
  for await (const piece of pieces) text += piece;
  return text;
}

/** One sitemap file as one text (see sitemapChunkPieces). */
export async function sitemapChunk(siteUrl: string, chunk: number, chunkSize = SITEMAP_URL_LIMIT): Promise<string | undefined> {
  const pieces = await sitemapChunkPieces(siteUrl, chunk, chunkSize);
  return pieces && joinPieces(pieces);
}

/** The address of sitemap file `chunk` when the site needs an index. */
export function sitemapChunkPath(chunk: number) {
  return `/sitemaps/${chunk}.xml`;
}

/**
 * `/sitemap.xml`: the one urlset when everything fits in one file, otherwise a sitemap index naming each
 * chunk file (the protocol's rule for more than 50,000 URLs).
 */
export async function sitemapDocumentPieces(siteUrl: string, chunkSize = SITEMAP_URL_LIMIT): Promise<Iterable<string> | AsyncIterable<string>> {
  const chunks = await sitemapChunkCount(chunkSize);
  if (chunks === 1) return (await sitemapChunkPieces(siteUrl, 1, chunkSize))!;
  const entries = Array.from({ length: chunks }, (_, i) => `<sitemap><loc>${escapeXml(`${siteUrl}${sitemapChunkPath(i + 1)}`)}</loc></sitemap>`);
  return [`${XML_HEAD}<sitemapindex ${NS}>\n${entries.join("\n")}\n</sitemapindex>\n`];
}

/** `/sitemap.xml` as one text (see sitemapDocumentPieces). */
export async function sitemapDocument(siteUrl: string, chunkSize = SITEMAP_URL_LIMIT) {
  return joinPieces(await sitemapDocumentPieces(siteUrl, chunkSize));
}
