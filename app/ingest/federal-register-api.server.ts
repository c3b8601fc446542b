// The Federal Register adapter: asks the API v1 for pages of documents and owns its paging (next_page_url) and
// the splitting of a date range into windows the API answers in full. The document shape and how a document
// becomes an article are in federal-register.ts; what is stored, and when to stop, is the orchestrator's
// (scrape.server.ts).
import {
  FEDERAL_REGISTER_MAX_PER_PAGE,
  FEDERAL_REGISTER_RESULT_CAP,
  federalRegisterPageSchema,
  federalRegisterRequestUrl,
  isFederalRegisterPage,
  type FederalRegisterApiPage,
} from "./federal-register";
import { looksLikeHtml } from "./feed.server";
import { FetchError, fetchUrl, type FetchResult } from "../fetcher/http-client.server";

export type FederalRegisterRequest = { signal?: AbortSignal; timeoutMs?: number };

/**
 * A fetched documents.json page, checked at the boundary; throws FetchError with an operator-facing message when
 * it is not one, so a malformed page fails its source, not the run.
 */
export function parseFederalRegisterResponse(result: FetchResult): FederalRegisterApiPage {
  const host = new URL(result.url).hostname;
  let value: unknown;
  try {
    value = JSON.parse(result.text());
  } catch {
    const text = result.text();
    if (looksLikeHtml(text)) throw new FetchError("Not a Federal Register response: got an HTML page");
    throw new FetchError(`Not a Federal Register response: invalid JSON from ${host}`);
  }
  if (!isFederalRegisterPage(value)) throw new FetchError(`Not a Federal Register response: no documents in the JSON from ${host}`);
  const page = federalRegisterPageSchema.safeParse(value);
  if (!page.success) {
    const issue = page.error.issues[0];
    throw new FetchError(`Not a Federal Register response: malformed page from ${host} (${issue.path.join(".")}: ${issue.message})`);
  }
  return page.data;
}

async function fetchPage(url: string, request: FederalRegisterRequest) {
  return parseFederalRegisterResponse(await fetchUrl(url, { signal: request.signal, timeoutMs: request.timeoutMs, accept: "application/json" }));
}

/** `first` and the pages after it; each next page is fetched only when the caller asks for it. */
export async function* federalRegisterPages(first: FederalRegisterApiPage, request: FederalRegisterRequest): AsyncGenerator<FederalRegisterApiPage> {
  let page: FederalRegisterApiPage | undefined = first;
  while (page) {
    yield page;
    const next: string | null | undefined = page.next_page_url;
    page = next ? await fetchPage(next, request) : undefined;
  }
}

function dayString(date: Date) {
  return date.toISOString().slice(0, 10);
}

function addDays(day: string, days: number) {
  return dayString(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}

function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The publication days [from, to] of the last `daysBack` days up to the day of `now` (UTC). */
export function publicationWindow(now: Date, daysBack: number) {
  const to = dayString(now);
  return { from: addDays(to, -Math.max(0, Math.floor(daysBack))), to };
}

/**
 * Every page of the documents of a Federal Register source published in [from, to], in the API's largest pages.
 * The API stops at 10,000 results per query, so a window that reaches the cap is split in two until each part fits.
 */
export async function* federalRegisterRangePages(
  sourceUrl: string,
  from: string,
  to: string,
  request: FederalRegisterRequest,
): AsyncGenerator<FederalRegisterApiPage> {
  const windows: [string, string][] = [[from, to]];
  while (windows.length) {
    request.signal?.throwIfAborted();
    const [start, end] = windows.shift()!;
    const first = await fetchPage(federalRegisterRequestUrl(sourceUrl, { from: start, to: end, perPage: FEDERAL_REGISTER_MAX_PER_PAGE }), request);
    const span = daysBetween(start, end);
    if ((first.count ?? 0) >= FEDERAL_REGISTER_RESULT_CAP && span > 0) {
      const middle = addDays(start, Math.floor(span / 2));
      windows.unshift([start, middle], [addDays(middle, 1), end]);
      continue;
    }
    yield* federalRegisterPages(first, request);
  }
}
