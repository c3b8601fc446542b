// The orchestrator: scraping and backfilling sources. Fetch (conditional-fetch.server.ts), tell the format
// (detect.server.ts), read it with its adapter (feed.server.ts, federal-register-api.server.ts), then each batch of
// items in one pass (batch.server.ts: keywords, one judgement, storing, deduplicated), and record each source's
// health (app/sources/health.server.ts). A Unified Agenda edition is not articles: it is streamed into
// agenda_entries (unified-agenda.server.ts). One broken source never stops the others.
import { formatCount } from "../text/count";
import type { SourceType } from "../articles/vocabulary";
import { config } from "../config.server";
import { FetchError, type FetchResult } from "../fetcher/http-client.server";
import { isDue, recordScrapeFailure, recordScrapeSuccess } from "../sources/health.server";
import { activeSources, sourceById, type SourceRow } from "../sources/store.server";
import { assistBudget, ingestBatch, judgeBatch, storeBatch } from "./batch.server";
import { fetchCurrent } from "./conditional-fetch.server";
import { detectSourceType, fetchSourceType } from "./detect.server";
import { federalRegisterArticle, federalRegisterRequestUrl, isFederalRegisterApiUrl, usableDocuments, type FederalRegisterApiPage } from "./federal-register";
import { federalRegisterPages, federalRegisterRangePages, parseFederalRegisterResponse, publicationWindow } from "./federal-register-api.server";
import { MAX_FEED_ITEMS, parseFeed } from "./feed.server";
import { isPublicInspectionUrl, PUBLIC_INSPECTION_MAX_DOCUMENTS, publicInspectionArticle, usablePublicInspectionDocuments } from "./public-inspection";
import { parsePublicInspectionResponse } from "./public-inspection.server";
import { checkCancelled, forEachConcurrently, startSource, type Run, type SourceRun, type SourceSummary } from "./run";
import { AGENDA_MAX_ENTRIES, isReginfoUrl, loadUnifiedAgenda } from "./unified-agenda.server";

export type { SourceSummary } from "./run";

export type IngestTotals = Pick<SourceSummary, "fetched" | "new" | "duplicates" | "skippedByKeywords" | "invalid"> & {
  sources: number;
  failed: number;
};

export type IngestResult = {
  sources: SourceSummary[];
  totals: IngestTotals;
  /** Sources still waiting out a failure back-off (a scheduled scrape leaves them for later). */
  waiting: number;
  /** True when the run stopped early (runner shutting down): running it again completes it. */
  interrupted?: boolean;
};

export type IngestProgress = { sourcesDone: number; sourcesTotal: number; new: number; lastSource?: string };

export type IngestOptions = {
  now?: Date;
  signal?: AbortSignal;
  onProgress?: (progress: IngestProgress) => void | Promise<void>;
  /** Sources fetched at once (default FETCH_CONCURRENCY); the client adds its own per-host limit. */
  concurrency?: number;
  /** Per-request time limit (default FETCH_TIMEOUT_MS). */
  timeoutMs?: number;
};

/** The most pages a scrape (not a backfill) reads from one Federal Register source. */
export const SCRAPE_MAX_PAGES = 10;

/** A Federal Register page counted in the source's summary, its usable documents judged (batch.server.ts judgeBatch). */
function judgePage(page: FederalRegisterApiPage, share: SourceRun, run: Run) {
  const { source, summary } = share;
  summary.pages++;
  const { documents, invalid, overLimit } = usableDocuments(page.results);
  summary.invalid += invalid;
  summary.overLimit += overLimit;
  return judgeBatch(
    documents.map((doc) => federalRegisterArticle(doc, source, run.now)),
    share,
    run,
  );
}

/**
 * A scrape's Federal Register pages, while wanted: a source's first scrape (or a re-run of one that was interrupted)
 * reads up to SCRAPE_MAX_PAGES pages; later scrapes stop at the first page that brings nothing new. Returns the
 * newest publication date seen.
 */
async function ingestFederalRegisterPages(pages: AsyncIterable<FederalRegisterApiPage>, share: SourceRun, run: Run) {
  let newest: Date | null = null;
  let pageNumber = 0;
  for await (const page of pages) {
    pageNumber++;
    checkCancelled(run);
    const batch = await storeBatch(await judgePage(page, share, run), share);
    if (batch.newest && (!newest || batch.newest > newest)) newest = batch.newest;
    const wanted = pageNumber < SCRAPE_MAX_PAGES && (batch.inserted > 0 || !share.source.lastSuccessfulScrape);
    if (!wanted) break;
  }
  return newest;
}

/** Whether the source is a Unified Agenda edition: typed so, or a reginfo.gov address whose answer is one. */
async function readsAsUnifiedAgenda(source: SourceRow, run: Run) {
  if (source.type) return source.type === "unified-agenda";
  return isReginfoUrl(source.url) && (await fetchSourceType(source.url, { signal: run.signal, timeoutMs: run.timeoutMs })) === "unified-agenda";
}

/** The end of a source health warning for an answer read only up to a cap. */
const readOnly = (max: number) => `only the first ${formatCount(max)} were read`;

const AGENDA_ACCEPT = "application/xml, text/xml;q=0.9, */*;q=0.3";

/** Streams a Unified Agenda edition into agenda_entries (the scrape and a backfill read the whole file alike). */
async function scrapeUnifiedAgenda(share: SourceRun, run: Run) {
  const { source, summary } = share;
  const fetched = await fetchCurrent(run, share, { accept: AGENDA_ACCEPT, stream: true });
  const detectedType = source.type ? null : ("unified-agenda" as const);
  if (!fetched) return { newestItemAt: null, detectedType };
  summary.pages++;
  const load = await loadUnifiedAgenda(fetched.result.body, { now: run.now, checkCancelled: () => checkCancelled(run) });
  summary.agenda = load;
  summary.invalid += load.invalid;
  const warning = load.cut ? `The edition holds more than ${formatCount(AGENDA_MAX_ENTRIES)} entries; ${readOnly(AGENDA_MAX_ENTRIES)}` : null;
  // An edition speaks for all its entries at once: one read is as fresh as the source gets (no "quiet feed" warning).
  return { newestItemAt: load.read ? run.now : null, detectedType, warning, ...fetched.validators };
}

/**
 * Reads the Federal Register's public inspection desk: every document on it now, in one answer. Each becomes an
 * article marked with the day it publishes; one stored already is left as it is, except that a document still on the
 * desk takes the day the desk gives now (it may move a filing to another issue).
 */
async function scrapePublicInspection(share: SourceRun, run: Run) {
  const fetched = await fetchCurrent(run, share, { accept: "application/json" });
  const detectedType = share.source.type ? null : ("federal-register-public-inspection" as const);
  if (!fetched) return { newestItemAt: null, detectedType };
  return { ...(await ingestPublicInspection(fetched.result, share, run)), detectedType, ...fetched.validators };
}

/** Stores the documents of a fetched current.json answer; answers when the source was last seen fresh, and any warning. */
async function ingestPublicInspection(result: FetchResult, share: SourceRun, run: Run) {
  const { source, summary } = share;
  summary.pages++;
  const page = parsePublicInspectionResponse(result);
  const { documents, invalid, overLimit } = usablePublicInspectionDocuments(page.results);
  const articles = documents.flatMap((doc) => publicInspectionArticle(doc, source, run.now) ?? []);
  summary.invalid += invalid + documents.length - articles.length;
  summary.overLimit += overLimit;
  const { newest } = await ingestBatch(articles, share, run);
  const warning = overLimit ? `The desk lists ${formatCount(page.results.length)} documents; ${readOnly(PUBLIC_INSPECTION_MAX_DOCUMENTS)}` : null;
  // An empty desk (a weekend) is as fresh as the source gets: no "quiet feed" warning for it.
  return { newestItemAt: newest ?? run.now, warning };
}

/** Whether the source is the public inspection desk: typed so, or (not typed yet) its API address. */
function readsAsPublicInspection(source: SourceRow) {
  return source.type ? source.type === "federal-register-public-inspection" : isPublicInspectionUrl(source.url);
}

/**
 * Fetches one source's current items (feeds, a Federal Register query's newest pages, the public inspection desk,
 * or a Unified Agenda edition).
 */
async function scrapeCurrentItems(share: SourceRun, run: Run) {
  const { source, summary } = share;
  if (readsAsPublicInspection(source)) return scrapePublicInspection(share, run);
  if (await readsAsUnifiedAgenda(source, run)) return scrapeUnifiedAgenda(share, run);
  const federal = source.type === "federal-register-api" || (!source.type && isFederalRegisterApiUrl(source.url));
  const fetched = await fetchCurrent(run, share, federal ? { url: federalRegisterRequestUrl(source.url), accept: "application/json" } : {});
  if (!fetched) return { newestItemAt: null };
  const { result, validators } = fetched;
  const detectedType: SourceType | null = source.type ? null : federal ? "federal-register-api" : (detectSourceType(result) ?? "rss");
  // An address without a type that answers as the desk.
  if (detectedType === "federal-register-public-inspection") return { ...(await ingestPublicInspection(result, share, run)), detectedType, ...validators };
  const isFederal = federal || detectedType === "federal-register-api";
  let newestItemAt: Date | null;
  let warning: string | null = null;
  if (isFederal) {
    const pages = federalRegisterPages(parseFederalRegisterResponse(result), { signal: run.signal, timeoutMs: run.timeoutMs });
    newestItemAt = await ingestFederalRegisterPages(pages, share, run);
  } else {
    summary.pages++;
    const parsed = await parseFeed(result.text(), result.url, source, run.now);
    summary.invalid += parsed.invalid;
    summary.overLimit += parsed.overLimit;
    if (parsed.overLimit) warning = `The feed lists ${formatCount(MAX_FEED_ITEMS + parsed.overLimit)} items; ${readOnly(MAX_FEED_ITEMS)}`;
    newestItemAt = (await ingestBatch(parsed.articles, share, run, true)).newest;
  }
  return { newestItemAt, detectedType, warning, ...validators };
}

/** Reads every document of a Federal Register source published in [from, to]. */
async function backfillFederalRegister(share: SourceRun, run: Run, from: string, to: string) {
  const pages = federalRegisterRangePages(share.source.url, from, to, { signal: run.signal, timeoutMs: run.timeoutMs });
  const newest = await storeEveryPage(pages, share, run);
  return { newestItemAt: newest, detectedType: share.source.type ? null : ("federal-register-api" as const) };
}

/**
 * Every page of a backfill, each fetched and judged while the page before it is stored (one store at a time, in
 * page order): on PostgreSQL the process reads on while the server writes (docs/benchmarks.md, "The backfill
 * judges a page while it stores the one before"). Answers the newest publication date seen.
 */
async function storeEveryPage(pages: AsyncIterable<FederalRegisterApiPage>, share: SourceRun, run: Run) {
  let newest: Date | null = null;
  let storing: Promise<unknown> = Promise.resolve();
  try {
    for await (const page of pages) {
      checkCancelled(run);
      const judged = await judgePage(page, share, run);
      if (judged.newest && (!newest || judged.newest > newest)) newest = judged.newest;
      await storing;
      checkCancelled(run);
      storing = storeBatch(judged, share);
      // Its failure is thrown where it is awaited: on the next page, or below.
      storing.catch(() => {});
    }
  } finally {
    // A failure or a cancel mid-way still lets the page being stored finish, whole or not at all, before the run ends.
    await storing.catch(() => {});
  }
  await storing;
  return newest;
}

/**
 * Whether a backfill reads the source as the Federal Register API, over its whole range. A source without a type
 * yet (its detection failed when it was added) is told by fetching it first: read as a scrape would read it, it
 * would stop after SCRAPE_MAX_PAGES pages.
 */
async function backfillsAsFederalRegister(source: SourceRow, run: Run) {
  const type = source.type ?? (await fetchSourceType(source.url, { signal: run.signal, timeoutMs: run.timeoutMs }));
  return type === "federal-register-api";
}

function describeFailure(error: unknown) {
  if (error instanceof FetchError) return error.message;
  return `Unexpected error: ${error instanceof Error ? error.message : String(error)}`;
}

async function ingestSource(source: SourceRow, run: Run): Promise<SourceSummary> {
  const share = startSource(source);
  const { summary } = share;
  try {
    checkCancelled(run);
    const outcome =
      run.mode.kind === "backfill" && (await backfillsAsFederalRegister(source, run))
        ? await backfillFederalRegister(share, run, run.mode.from, run.mode.to)
        : await scrapeCurrentItems(share, run);
    await recordScrapeSuccess(source, { now: run.now, ...outcome });
  } catch (error) {
    if (run.signal?.aborted) {
      summary.error = "Cancelled";
      summary.cancelled = true;
    } else {
      summary.error = describeFailure(error);
      await recordScrapeFailure(source, summary.error, run.now);
    }
  }
  return summary;
}

async function ingestSources(sources: SourceRow[], run: Run, options: IngestOptions, waiting: number): Promise<IngestResult> {
  const summaries: SourceSummary[] = [];
  let newTotal = 0;
  await forEachConcurrently(sources, options.concurrency ?? config().FETCH_CONCURRENCY, async (source) => {
    if (run.signal?.aborted) return;
    const summary = await ingestSource(source, run);
    summaries.push(summary);
    newTotal += summary.new;
    await options.onProgress?.({ sourcesDone: summaries.length, sourcesTotal: sources.length, new: newTotal, lastSource: source.name });
  });
  const order = new Map(sources.map((s, i) => [s.id, i]));
  summaries.sort((a, b) => order.get(a.sourceId)! - order.get(b.sourceId)!);
  const totals: IngestTotals = { sources: summaries.length, failed: 0, fetched: 0, new: 0, duplicates: 0, skippedByKeywords: 0, invalid: 0 };
  for (const s of summaries) {
    totals.fetched += s.fetched;
    totals.new += s.new;
    totals.duplicates += s.duplicates;
    totals.skippedByKeywords += s.skippedByKeywords;
    totals.invalid += s.invalid;
    if (s.error && !s.cancelled) totals.failed++;
  }
  const interrupted = Boolean(run.signal?.aborted) && (summaries.length < sources.length || summaries.some((s) => s.cancelled));
  return { sources: summaries, totals, waiting, ...(interrupted ? { interrupted: true } : {}) };
}

/** The one source an operator asked for; disabled sources are never fetched. */
async function requestedSource(sourceId: number) {
  const source = await sourceById(sourceId);
  if (!source) throw new Error(`Source ${sourceId} does not exist`);
  if (!source.isActive) throw new Error(`Source ${sourceId} (${source.name}) is disabled; enable it to scrape it`);
  return source;
}

/**
 * Scrapes every active source that is due (or one source, which is fetched even while it backs off),
 * with conditional GET so an unchanged feed costs one empty 304.
 */
export async function scrapeSources(options: IngestOptions & { sourceId?: number; force?: boolean } = {}): Promise<IngestResult> {
  const now = options.now ?? new Date();
  const run: Run = { now, signal: options.signal, timeoutMs: options.timeoutMs, mode: { kind: "scrape" }, assist: assistBudget() };
  if (options.sourceId !== undefined) return ingestSources([await requestedSource(options.sourceId)], run, options, 0);
  const active = await activeSources();
  const due = options.force ? active : active.filter((source) => isDue(source, now));
  return ingestSources(due, run, options, active.length - due.length);
}

/**
 * Re-reads the last `daysBack` days: every Federal Register document published in that range (split into
 * windows the API answers in full) and every feed in full (feeds only hold their recent items).
 */
export async function backfillSources(options: IngestOptions & { daysBack: number }): Promise<IngestResult> {
  const now = options.now ?? new Date();
  const { from, to } = publicationWindow(now, options.daysBack);
  const run: Run = { now, signal: options.signal, timeoutMs: options.timeoutMs, mode: { kind: "backfill", from, to }, assist: assistBudget() };
  return ingestSources(await activeSources(), run, options, 0);
}
