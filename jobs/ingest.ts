// Job bodies for ingestion: scrape, backfill, recategorize, fix-priorities. They call the same domain
// modules as everything else; progress goes to the jobs table (runner) or the terminal (CLI).
import { z } from "zod";
import { fixPriorities, recategorizeArticles } from "../app/articles/reclassify.server";
import { backfillSources, scrapeSources, type IngestResult } from "../app/ingest/scrape.server";
import type { JobHandler } from "./types";

/** SPEC.md section 9: backfill default 30 days. */
export const DEFAULT_BACKFILL_DAYS = 30;
const MAX_BACKFILL_DAYS = 3650;

const scrapeParams = z.object({
  sourceId: z.coerce.number().int().positive().optional(),
  /** Also fetch sources that are waiting out a failure back-off. */
  force: z.boolean().optional(),
});

const backfillParams = z.object({
  daysBack: z.coerce.number().int().min(1).max(MAX_BACKFILL_DAYS).default(DEFAULT_BACKFILL_DAYS),
});

function parseParams<T extends z.ZodType>(schema: T, params: Record<string, unknown>): z.infer<T> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid job parameter ${issue.path.join(".") || "(params)"}: ${issue.message}`);
  }
  return parsed.data;
}

export const runScrape: JobHandler = async (params, context) => {
  const { sourceId, force } = parseParams(scrapeParams, params);
  return scrapeSources({ sourceId, force, signal: context.signal, onProgress: context.progress });
};

export const runBackfill: JobHandler = async (params, context) => {
  const { daysBack } = parseParams(backfillParams, params);
  const result = await backfillSources({ daysBack, signal: context.signal, onProgress: context.progress });
  return { daysBack, ...result };
};

export const runRecategorize: JobHandler = async () => recategorizeArticles();

export const runFixPriorities: JobHandler = async () => fixPriorities();

/** The per-source table the operator CLI prints after a scrape or backfill (the summary line follows it). */
export function formatIngestTable(result: IngestResult) {
  const header = ["source", "fetched", "new", "duplicates", "skipped by keywords", "error"];
  const rows = result.sources.map((s) => [
    `#${s.sourceId} ${s.name}`,
    String(s.fetched),
    String(s.new),
    String(s.duplicates),
    String(s.skippedByKeywords),
    s.error ?? (s.notModified ? "(not modified)" : ""),
  ]);
  const widths = header.map((h, i) => Math.min(60, Math.max(h.length, ...rows.map((r) => r[i].length))));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === cells.length - 1 ? cell : i === 0 ? cell.slice(0, widths[i]).padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  return [line(header), ...rows.map(line), ""].join("\n");
}
