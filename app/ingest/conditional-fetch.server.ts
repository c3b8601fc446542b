// The one fetch of a source's current answer, whatever the source reads as (a feed, a Federal Register query, the
// public inspection desk, a Unified Agenda edition): conditional in a scrape, with the ETag and Last-Modified stored
// from the last answer, so an unchanged source costs one empty 304; unconditional in a backfill, which wants
// everything. A new answer comes with the validators to store for the next scrape.
import { fetchStream, fetchUrl, type FetchOptions, type FetchResult, type StreamedFetchResult } from "../fetcher/http-client.server";
import type { Run, SourceRun } from "./run";

/** What to store of an answer's validators (recordScrapeSuccess): none in a backfill, which leaves the stored ones as they are. */
export type Validators = { etag?: string | null; lastModified?: string | null };

type Request = { url?: string; accept?: string; stream?: boolean };
type Fetched<R> = { result: R; validators: Validators } | null;

/**
 * Fetches the source's answer (`url`: another address for it, such as a Federal Register query with its fields),
 * whole or as a stream. Null when the source answered 304: the summary says so, and there is nothing to read.
 */
export async function fetchCurrent(run: Run, share: SourceRun, request: Request & { stream: true }): Promise<Fetched<StreamedFetchResult>>;
export async function fetchCurrent(run: Run, share: SourceRun, request?: Request & { stream?: false }): Promise<Fetched<FetchResult>>;
export async function fetchCurrent(run: Run, { source, summary }: SourceRun, request: Request = {}): Promise<Fetched<FetchResult | StreamedFetchResult>> {
  const conditional = run.mode.kind === "scrape";
  const options: FetchOptions = {
    etag: conditional ? source.etag : null,
    lastModified: conditional ? source.lastModified : null,
    signal: run.signal,
    timeoutMs: run.timeoutMs,
    accept: request.accept,
  };
  const url = request.url ?? source.url;
  const result = request.stream ? await fetchStream(url, options) : await fetchUrl(url, options);
  if (result.notModified) {
    // A 304's stream is empty, but it holds a per-host slot until it is closed.
    if ("destroy" in result.body) result.body.destroy();
    summary.notModified = true;
    return null;
  }
  return { result, validators: conditional ? { etag: result.etag ?? null, lastModified: result.lastModified ?? null } : {} };
}
