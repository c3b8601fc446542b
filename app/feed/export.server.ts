// A view of the feed as a CSV file: every matching article, in the view's order, read a hundred at a time and
// streamed, so an export of 100,000 articles never holds them all in memory. Cells a spreadsheet would run
// as a formula are written as text.
import { addAbortSignal, Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import { AppError } from "../errors";
import { takeSlot, type SlotRule } from "../slots.server";
import { publicUrl } from "../public-url.server";
import { articlePath } from "../articles/article-page";
import type { ArticleFilters } from "./filters";
import { articlesWithIds, listArticlePoints, type ArticleJson } from "./queries.server";
import type { ListPoint } from "./store/search.server";

/**
 * The view is walked five thousand articles at a time (ids and sort keys only), and the articles are read a hundred
 * at a time. Each walk of a search lists every match again (the full-text index answers in id order, not the view's),
 * so long walks mean few of those lists; short reads keep what each holds young: an article lives until its row is
 * written, and pages of a thousand outlived enough of V8's young collections to be moved to the old generation
 * whole (docs/benchmarks.md, "The export's memory").
 */
const WALK = 5_000;
const PAGE = 100;

/** The article's fields a cell can hold as they are: text, numbers and lists of text. */
type CellField = { [K in keyof ArticleJson]: ArticleJson[K] extends string | number | string[] | null ? K : never }[keyof ArticleJson];

/**
 * The CSV's columns by their titles: each an article's field (its declaration, answer.server.ts, is what the
 * compiler checks the names against), or how the cell is made when no field holds it as it is.
 */
const COLUMNS = {
  id: "id",
  published: "publishDate",
  title: "title",
  source: "sourceName",
  category: "category",
  priority: "priority",
  tags: "tags",
  agencies: "agencies",
  "document type": "documentType",
  "document number": "documentNumber",
  "comments close": "commentsCloseOn",
  "article page": (article: ArticleJson, site: string) => `${site}${articlePath(article)}`,
  "original url": "originalUrl",
  summary: "summary",
  // What a rule's full text states of itself, apart from our category; and its redlines' counts (empty without one).
  "stated designation": (article: ArticleJson) => statedDesignationCell(article.ruleText),
  "stated designation sentence": (article: ArticleJson) => article.ruleText?.designationSentence ?? "",
  "restrictions removed": (article: ArticleJson) => countCell(article.restrictions, "removed"),
  "restrictions added": (article: ArticleJson) => countCell(article.restrictions, "added"),
  // Comments on regulations.gov as the Federal Register API counts them (empty without a count), their growth over the
  // last week while the period is open (empty otherwise), and the docket they are counted in.
  comments: (article: ArticleJson) => (article.comments ? String(article.comments.count) : ""),
  "comments this week": (article: ArticleJson) => (article.comments?.weekGrowth == null ? "" : String(article.comments.weekGrowth)),
  "comments docket": (article: ArticleJson) => article.comments?.docketId ?? "",
} satisfies Record<string, CellField | ((article: ArticleJson, site: string) => string)>;

export const EXPORT_COLUMNS = Object.keys(COLUMNS);

/** Where a spreadsheet would start a formula: the cell's start or a separator, then = + - @, a tab or a return. */
const FORMULA_START = /(?:^|[,;\t|\r\n])[=+\-@\t\r]/;
const FORMULA_STARTS = /(^|[,;\t|\r\n])(?=[=+\-@\t\r])/g;

/**
 * A cell as text a spreadsheet shows as written: text starting with = + - @, a tab or a carriage return would be
 * read as a formula (CSV injection), so it gets an apostrophe, which spreadsheets hide, at the cell's start and
 * after each separator a spreadsheet may split on (, ; tab | and line ends): Excel in most European locales
 * splits a comma file on ";" whatever the quotes, so `"Rule;=1+1"` would give it a cell `=1+1`.
 */
export function spreadsheetSafe(value: string) {
  // Tested first: nearly every cell is safe, and the test without a replacement is a quarter of the cost.
  return FORMULA_START.test(value) ? value.replace(FORMULA_STARTS, "$1'") : value;
}

/** "E.O. 14192 deregulatory", "E.O. 14192 not-subject", with " (expected)" for a projection; empty when none is stated. */
function statedDesignationCell(ruleText: ArticleJson["ruleText"]) {
  if (!ruleText?.designation) return "";
  const order = ruleText.designationOrder ? `E.O. ${ruleText.designationOrder} ` : "";
  return `${order}${ruleText.designation}${ruleText.designationExpected ? " (expected)" : ""}`;
}

/** Restriction words summed over the compared parts; empty until a part is compared. */
function countCell(restrictions: ArticleJson["restrictions"], count: "removed" | "added") {
  return restrictions?.parts.some((part) => part.status !== "pending") ? String(restrictions[count]) : "";
}

/** A field as a cell: lists joined by "; ", a missing value empty. */
function cellText(value: ArticleJson[CellField]): string {
  if (Array.isArray(value)) return value.join("; ");
  return value === null ? "" : String(value);
}

function row(article: ArticleJson, site: string): string[] {
  return Object.values(COLUMNS)
    .map((cell) => (typeof cell === "function" ? cell(article, site) : cellText(article[cell])))
    .map(spreadsheetSafe);
}

// Every cell quoted, not only those holding a comma: a spreadsheet that splits on ";" (most European locales), a
// tab or "|" would read an unquoted `x;=1+1` as two cells, the second a formula.
const CSV_OPTIONS = { quoted_string: true } as const;

/**
 * The CSV's text, a page of rows at a time: one piece per page, not per row, since every piece written to the
 * answer is one task for the compressing stream (a row per piece made a whole category's export of 20,893 rows
 * take 2.2 s in br against 1.1 s uncompressed; docs/benchmarks.md, "The export written a page at a time").
 */
async function* csvPieces(filters: ArticleFilters) {
  const site = await publicUrl();
  // With a byte order mark, so spreadsheets read the accents right.
  yield stringify([EXPORT_COLUMNS], { ...CSV_OPTIONS, bom: true });
  let after: ListPoint | undefined;
  for (;;) {
    // Keyset paging: each walk is as cheap as the first, however deep the export goes.
    const points = await listArticlePoints(filters, { limit: WALK, after });
    for (let start = 0; start < points.length; start += PAGE) {
      const articles = await articlesWithIds(points.slice(start, start + PAGE).map((point) => point.id));
      if (articles.length)
        yield stringify(
          articles.map((article) => row(article, site)),
          CSV_OPTIONS,
        );
      // Between pages the process answers other requests.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (points.length < WALK) return;
    after = points[points.length - 1];
  }
}

/**
 * Exports running at once, per client address and in all. An export keeps a core busy reading and writing as
 * fast as its reader takes it: 20 at once on 50,000 articles held /healthz back 2.6-4.6 s. Two per address let
 * a reader download two views side by side; four in all leave the 2 vCPUs time for pages.
 */
export const EXPORT_LIMITS = { perClient: 2, overall: 4 } as const;
/** What a refused reader is told to wait: an export of the whole feed takes seconds when read at full speed. */
const EXPORT_RETRY_AFTER_SECONDS = 10;

/** Counted for the whole web process, whatever WEB_CONCURRENCY is (app/slots.server.ts). */
const EXPORTING: SlotRule = { name: "csv-export", running: EXPORT_LIMITS.overall, perKey: EXPORT_LIMITS.perClient };

/** Takes one of the export slots for this client (a rate-limit key) or throws "rate-limited"; answers its release. */
async function takeExportSlot(client: string): Promise<() => void> {
  const release = await takeSlot(EXPORTING, client);
  if (typeof release === "function") return release;
  const message =
    release === "key-full"
      ? `You have ${EXPORT_LIMITS.perClient} exports downloading already. Please wait for one to finish, then try again.`
      : "Too many exports are downloading right now. Please try again in a few seconds.";
  throw new AppError("rate-limited", message, { retryAfterSeconds: EXPORT_RETRY_AFTER_SECONDS });
}

/**
 * The view's CSV (UTF-8 with a byte order mark, so spreadsheets read the accents right), as a stream. Throws
 * "rate-limited" when `client` (a rate-limit key) or the whole site already runs as many exports as allowed
 * (EXPORT_LIMITS). The slot is held until the stream closes: read to the end, failed, or destroyed because the
 * reader went away (`signal` aborts it, for servers that do not destroy the stream themselves).
 */
export async function exportCsv(filters: ArticleFilters, { client, signal }: { client: string; signal?: AbortSignal }): Promise<Readable> {
  const release = await takeExportSlot(client);
  // One page read ahead of the reader at most (a high-water mark of one piece). When the reader goes away the
  // stream is destroyed, the generator closed, and no more pages are read; a failure reaches whoever reads it.
  const stream = Readable.from(csvPieces(filters), { objectMode: false, highWaterMark: 1 });
  stream.once("close", release);
  return signal ? addAbortSignal(signal, stream) : stream;
}
