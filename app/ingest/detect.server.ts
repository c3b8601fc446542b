// Format detection: which adapter reads a source (RSS/RDF, Atom, the Federal Register API, its public inspection desk or a Unified Agenda
// edition), told from its address or from what it answers. Used when a source is added and before a source without
// a type is read.
import type { SourceType } from "../articles/vocabulary";
import { isFederalRegisterApiUrl, isFederalRegisterPage } from "./federal-register";
import { fetchStream, fetchUrl, type FetchResult } from "../fetcher/http-client.server";
import { isPublicInspectionPage, isPublicInspectionUrl } from "./public-inspection";
import { hasUnifiedAgendaRoot, isReginfoUrl } from "./unified-agenda.server";

/** How much of an answer tells its format: the root element comes first. */
const HEAD_CHARS = 4096;

/** The feed type a body's root element names: Atom for <feed>, RSS for <rss> or <rdf:RDF>; undefined otherwise. */
function feedTypeOf(text: string): SourceType | undefined {
  const head = text.slice(0, HEAD_CHARS);
  if (/<rss[\s>]|<rdf:RDF[\s>]/.test(head)) return "rss";
  if (/<feed[\s>]/.test(head)) return "atom";
  return undefined;
}

/** Which Federal Register JSON a body is: the desk's current.json, a documents.json page, or neither. */
function federalRegisterJsonType(text: string): SourceType | undefined {
  if (!/^\s*\{/.test(text)) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    // The desk first: its documents also have numbers, but only they carry a filing type.
    if (isPublicInspectionPage(value)) return "federal-register-public-inspection";
    return isFederalRegisterPage(value) ? "federal-register-api" : undefined;
  } catch {
    return undefined;
  }
}

/** The type of a fetched source, or undefined when the answer is none of the formats read. */
export function detectSourceType(result: Pick<FetchResult, "url" | "text">): SourceType | undefined {
  if (isFederalRegisterApiUrl(result.url)) return "federal-register-api";
  if (isPublicInspectionUrl(result.url)) return "federal-register-public-inspection";
  const text = result.text();
  if (isReginfoUrl(result.url) && hasUnifiedAgendaRoot(text.slice(0, HEAD_CHARS))) return "unified-agenda";
  return federalRegisterJsonType(text) ?? feedTypeOf(text);
}

/**
 * A reginfo.gov address is told from the start of its answer, read as a stream and then dropped: a Unified Agenda
 * edition is far larger than fetchUrl's cap, and its root element is all detection needs.
 */
async function reginfoTypeOf(url: string, request: { signal?: AbortSignal; timeoutMs?: number }): Promise<SourceType | undefined> {
  const result = await fetchStream(url, request);
  let head = "";
  try {
    const decoder = new TextDecoder("utf-8");
    for await (const chunk of result.body) {
      head += decoder.decode(chunk as Buffer, { stream: true });
      if (head.length >= HEAD_CHARS) break;
    }
  } finally {
    result.body.destroy();
  }
  if (hasUnifiedAgendaRoot(head)) return "unified-agenda";
  return feedTypeOf(head);
}

/**
 * Detects a source's type, fetching it once through the fetcher (and its address policy) unless its address is
 * the Federal Register API's. Undefined when the answer is none of the formats read; throws FetchError when the
 * fetch fails.
 */
export async function fetchSourceType(url: string, request: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<SourceType | undefined> {
  if (isFederalRegisterApiUrl(url)) return "federal-register-api";
  if (isPublicInspectionUrl(url)) return "federal-register-public-inspection";
  if (isReginfoUrl(url)) return reginfoTypeOf(url, request);
  return detectSourceType(await fetchUrl(url, request));
}
