// A scrape or backfill run as its steps see it (scrape.server.ts, batch.server.ts, conditional-fetch.server.ts): the
// run's clock, cancel signal and mode, the model-assisted classifier's budget, and each source's share: its row, the
// summary it fills and its keywords, compiled once for the whole run.
import type { ClassifyAssistant } from "../ai/classify-assist.server";
import type { SourceRow } from "../sources/store.server";
import { keywordMatcher } from "./keywords";
import type { AgendaLoad } from "./unified-agenda.server";

export type SourceSummary = {
  sourceId: number;
  name: string;
  /** Items the source showed (all pages). */
  fetched: number;
  new: number;
  /** Already known (or deleted by an editor, which is remembered). */
  duplicates: number;
  skippedByKeywords: number;
  /** Items without a title or link. */
  invalid: number;
  /** Items past the per-fetch cap of a feed (MAX_FEED_ITEMS), not read. */
  overLimit: number;
  notModified: boolean;
  pages: number;
  error: string | null;
  /** Set when the run was cancelled before this source finished; its health is left as it was. */
  cancelled?: boolean;
  /**
   * Published versions of documents stored from the public inspection desk: those articles now hold them (neither
   * new nor duplicates). Absent when there were none.
   */
  published?: number;
  /** A Unified Agenda edition: the RINs read and stored (entries, not articles: `new` and `fetched` stay 0). */
  agenda?: AgendaLoad;
};

export type Mode = { kind: "scrape" } | { kind: "backfill"; from: string; to: string };

/** The model-assisted classifier of a run and how many more items it may ask about (CLASSIFY_ASSIST_MAX_PER_RUN). */
export type AssistBudget = { assistant: ClassifyAssistant; remaining: number };

export type Run = { now: Date; signal?: AbortSignal; timeoutMs?: number; mode: Mode; assist: AssistBudget | null };

/** One source's share of a run. `admits` is its keyword filter, null when it has no keywords (keywords.ts). */
export type SourceRun = { source: SourceRow; summary: SourceSummary; admits: ((text: string) => boolean) | null };

export function startSource(source: SourceRow): SourceRun {
  const summary: SourceSummary = {
    sourceId: source.id,
    name: source.name,
    fetched: 0,
    new: 0,
    duplicates: 0,
    skippedByKeywords: 0,
    invalid: 0,
    overLimit: 0,
    notModified: false,
    pages: 0,
    error: null,
  };
  return { source, summary, admits: keywordMatcher(source.keywords) };
}

class Cancelled extends Error {}

export function checkCancelled(run: Run) {
  if (run.signal?.aborted) throw new Cancelled();
}

export async function forEachConcurrently<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
