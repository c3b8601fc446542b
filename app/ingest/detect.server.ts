// Format detection: which adapter reads a source (RSS/RDF, Atom or the Federal Register API), told from its
// address or from what it answers. Used when a source is added and before a source without a type is read.
import type { SourceType } from "../articles/vocabulary";
import { isFederalRegisterApiUrl, isFederalRegisterPage } from "./federal-register";
import { fetchUrl, type FetchResult } from "../fetcher/http-client.server";

/** The feed type a body's root element names: Atom for <feed>, RSS for <rss> or <rdf:RDF>; undefined otherwise. */
function feedTypeOf(text: string): SourceType | undefined {
  const head = text.slice(0, 4096);
  if (/<rss[\s>]|<rdf:RDF[\s>]/.test(head)) return "rss";
  if (/<feed[\s>]/.test(head)) return "atom";
  return undefined;
}

function isFederalRegisterJson(text: string) {
  if (!/^\s*\{/.test(text)) return false;
  try {
    return isFederalRegisterPage(JSON.parse(text));
  } catch {
    return false;
  }
}

/** The type of a fetched source, or undefined when the answer is none of the formats read. */
export function detectSourceType(result: Pick<FetchResult, "url" | "text">): SourceType | undefined {
  if (isFederalRegisterApiUrl(result.url)) return "federal-register-api";
  const text = result.text();
  return isFederalRegisterJson(text) ? "federal-register-api" : feedTypeOf(text);
}

/**
 * Detects a source's type, fetching it once through the fetcher (and its address policy) unless its address is
 * the Federal Register API's. Undefined when the answer is none of the formats read; throws FetchError when the
 * fetch fails.
 */
export async function fetchSourceType(url: string, request: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<SourceType | undefined> {
  if (isFederalRegisterApiUrl(url)) return "federal-register-api";
  return detectSourceType(await fetchUrl(url, request));
}
