// Reading a web page as an article: its metadata (Open Graph, meta tags, <title>) and its main text
// (Mozilla Readability on a linkedom document), reduced to plain text with paragraph breaks.
import { fetchUrl } from "../fetcher/http-client.server";
import { collapseWhitespace } from "../text/sentences";
import { htmlToParagraphs, htmlToPlainText } from "../text/plain-text";

type ReadablePage = {
  /** og:title, twitter:title, Readability's title or <title>, in that order. */
  title: string;
  /** og:description, description or twitter:description. */
  description: string;
  /** The article's main text; paragraphs separated by blank lines. */
  text: string;
};

const PAGE_TIMEOUT_MS = 10_000;
const PAGE_MAX_BYTES = 4 * 1024 * 1024;

export class NotAnArticleError extends Error {}

/** The link is a PDF: the admin form then asks for the details by hand. */
export class PdfDocumentError extends NotAnArticleError {}

export function isPdf(result: { contentType: string; body: Buffer; url: string }) {
  return (
    /application\/(?:x-)?pdf/i.test(result.contentType) ||
    result.body.subarray(0, 5).toString("latin1") === "%PDF-" ||
    /\.pdf(?:$|[?#])/i.test(new URL(result.url).pathname)
  );
}

/**
 * The page as an article. Readability and linkedom are imported at the first page read: the web process reads one
 * only when an editor adds an article by its address, and loading them at start kept 3.9 MB of their modules alive
 * in every web process (docs/benchmarks.md, "Modules the web process seldom uses, loaded when used").
 */
export async function readPage(html: string): Promise<ReadablePage> {
  const [{ Readability }, { parseHTML }] = await Promise.all([import("@mozilla/readability"), import("linkedom")]);
  const { document } = parseHTML(html);
  const meta = (...keys: string[]) => {
    for (const key of keys) {
      const element = document.querySelector(`meta[property="${key}"], meta[name="${key}"]`);
      const content = collapseWhitespace(element?.getAttribute("content") ?? "");
      if (content) return content;
    }
    return "";
  };
  const metaTitle = meta("og:title", "twitter:title");
  const description = meta("og:description", "description", "twitter:description");
  const documentTitle = collapseWhitespace(document.querySelector("title")?.textContent ?? "");
  // Readability changes the document it reads, so the metadata is taken first.
  const article = new Readability(document as unknown as Document).parse();
  const text = article?.content ? htmlToParagraphs(article.content) : collapseWhitespace(article?.textContent ?? "");
  const title = metaTitle || collapseWhitespace(article?.title ?? "") || documentTitle;
  return { title, description: htmlToPlainText(description), text: text.trim() };
}

/** Fetches a page through the shared HTTP client and reads it; throws for PDFs and non-HTML answers. */
export async function fetchReadablePage(url: string, signal?: AbortSignal): Promise<ReadablePage> {
  const result = await fetchUrl(url, {
    timeoutMs: PAGE_TIMEOUT_MS,
    maxBytes: PAGE_MAX_BYTES,
    accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
    signal,
  });
  if (isPdf(result)) throw new PdfDocumentError("The link is a PDF document, which cannot be read as a web page.");
  if (result.contentType && !/html|xml/i.test(result.contentType))
    throw new NotAnArticleError(`The link is not a web page (it is ${result.contentType.split(";")[0]}).`);
  return readPage(result.text());
}
