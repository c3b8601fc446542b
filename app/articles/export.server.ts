// A view of the feed as a CSV file: every matching article, newest first, read a thousand at a time and
// streamed, so an export of 100,000 articles never holds them all in memory. Cells a spreadsheet would run
// as a formula are written as text.
import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { publicUrl } from "../public-url.server";
import { articlePath } from "./article-page";
import type { ArticleFilters } from "./filters";
import { listArticles, type ArticleJson } from "./queries.server";

const PAGE = 1_000;

export const EXPORT_COLUMNS = [
  "id",
  "published",
  "title",
  "source",
  "category",
  "priority",
  "tags",
  "agencies",
  "document type",
  "document number",
  "comments close",
  "article page",
  "original url",
  "summary",
] as const;

/**
 * A cell as text a spreadsheet shows as written: one starting with = + - @, a tab or a carriage return would be
 * read as a formula (CSV injection), so it gets a leading apostrophe, which spreadsheets hide.
 */
export function spreadsheetSafe(value: string) {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function row(article: ArticleJson, site: string): string[] {
  return [
    String(article.id),
    new Date(article.publishDate).toISOString(),
    article.title,
    article.sourceName,
    article.category,
    article.priority,
    article.tags.join("; "),
    (article.agencies ?? []).join("; "),
    article.documentType ?? "",
    article.documentNumber ?? "",
    article.commentsCloseOn ?? "",
    `${site}${articlePath(article)}`,
    article.originalUrl,
    article.summary,
  ].map(spreadsheetSafe);
}

async function* rowsOf(filters: ArticleFilters) {
  const site = publicUrl();
  let last: ArticleJson | undefined;
  for (;;) {
    // Keyset paging: each page is as cheap as the first, however deep the export goes.
    const articles = listArticles(filters, { limit: PAGE, after: last });
    for (const article of articles) yield row(article, site);
    if (articles.length < PAGE) return;
    last = articles[articles.length - 1];
    // Between pages the process answers other requests.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The view's CSV (UTF-8 with a byte order mark, so spreadsheets read the accents right), as a stream. */
export function exportCsv(filters: ArticleFilters): Readable {
  // pipeline, not pipe: when the reader stops (the client went away) the rows stop being read, and a failure
  // reaches whoever reads the returned stream rather than being an unhandled 'error' that ends the process.
  // The returned stream reports every outcome itself, so the callback has nothing left to do.
  // Every cell quoted, not only those holding a comma: a spreadsheet that splits on ";" (most European
  // locales), a tab or "|" would read an unquoted `x;=1+1` as two cells, the second a formula.
  const csv = stringify({ header: true, columns: [...EXPORT_COLUMNS], bom: true, quoted_string: true });
  return pipeline(Readable.from(rowsOf(filters)), csv, () => {});
}
