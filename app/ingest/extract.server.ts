// Extracting an article from a URL for the admin's Add Article form: title and summary from the page
// (Federal Register documents through their API), then category, priority and tags from the rules.
import { classifyArticle } from "../classify/classifier";
import { AppError } from "../errors";
import { federalRegisterDocumentNumber } from "../articles/canonical-url";
import { usableDocuments } from "./federal-register";
import { FetchError, fetchUrl } from "../fetcher/http-client.server";
import { fitSentences, splitSentences } from "../text/sentences";
import { fetchReadablePage, NotAnArticleError } from "../ai/readable.server";

type ExtractedArticle = { title: string; summary: string; category: string; priority: string; tags: string[] };

const FEDERAL_REGISTER_API = "https://www.federalregister.gov/api/v1";
const EXTRACTED_SUMMARY_MAX_CHARS = 600;
const TITLE_MAX_CHARS = 300;

/** Title suffixes such as " | Federal Register" or " - Agency name" add nothing to an article title. */
function cleanTitle(title: string) {
  // En and em dashes spelled as escapes: the server bundle stays ASCII (tests/hardening/server-bundle.test.ts).
  const parts = title.split(/\s+[|\u2013\u2014]\s+|\s+-\s+(?=[^-]+$)/);
  const main = parts[0].length >= 15 ? parts[0] : title;
  return main.trim().slice(0, TITLE_MAX_CHARS);
}

function describe(error: unknown) {
  if (error instanceof FetchError || error instanceof NotAnArticleError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

async function fromFederalRegisterApi(documentNumber: string, apiBase: string): Promise<ExtractedArticle | null> {
  const fields = ["document_number", "title", "html_url", "publication_date", "abstract", "type", "agencies", "significant", "comments_close_on"]
    .map((f) => `fields[]=${f}`)
    .join("&");
  const result = await fetchUrl(`${apiBase}/documents/${encodeURIComponent(documentNumber)}.json?${fields}`, {
    accept: "application/json",
    timeoutMs: 10_000,
  }).catch(() => null);
  // fetchUrl throws for every answer that is not 2xx, so a result here is a document.
  if (!result) return null;
  let body: unknown;
  try {
    body = JSON.parse(result.text());
  } catch {
    return null;
  }
  // The same schema as the scraper's: a document without a number, title, link or date is no document.
  const doc = usableDocuments([body]).documents[0];
  if (!doc) return null;
  const title = doc.title.trim();
  const summary = (doc.abstract ?? "").replace(/\s+/g, " ").trim();
  const agencies = (doc.agencies ?? []).map((a) => a.name ?? a.raw_name ?? "").filter(Boolean);
  const classification = classifyArticle({
    title,
    summary,
    sourceCategory: "government",
    documentType: doc.type ?? null,
    agencies,
    significant: Boolean(doc.significant),
    commentsCloseOn: doc.comments_close_on ?? null,
  });
  return { title, summary, ...classification };
}

/**
 * Title, summary, category, priority and tags of the article at `url`. A refusal is an AppError with a message a
 * person can act on: "invalid" for an address that is not http(s), "unprocessable" for a page that cannot be
 * read, raised from the fetch's own error (a PDF, a refused private address: callers test it with `hasCause`).
 */
export async function extractArticle(url: string, options: { federalRegisterApi?: string } = {}): Promise<ExtractedArticle> {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new AppError("invalid", "Enter the article's full address, starting with http:// or https://.");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new AppError("invalid", "Only http:// and https:// addresses can be extracted.");

  const documentNumber = /(^|\.)federalregister\.gov$/i.test(parsed.hostname) ? federalRegisterDocumentNumber(parsed.href) : undefined;
  if (documentNumber) {
    const fromApi = await fromFederalRegisterApi(documentNumber, options.federalRegisterApi ?? FEDERAL_REGISTER_API);
    if (fromApi) return fromApi;
  }

  let page;
  try {
    page = await fetchReadablePage(parsed.href);
  } catch (error) {
    throw new AppError("unprocessable", `Could not extract the article: ${describe(error)}`, {}, { cause: error });
  }
  const title = cleanTitle(page.title);
  if (!title) throw new AppError("unprocessable", "Could not extract the article: the page has no title.");
  const summary = page.description || fitSentences(splitSentences(page.text), EXTRACTED_SUMMARY_MAX_CHARS);
  const classification = classifyArticle({ title, summary });
  return { title, summary, ...classification };
}
