// Job bodies for ingestion: scrape, backfill, recategorize, fix-priorities. They call the same domain
// modules as everything else; progress goes to the jobs table (runner) or the terminal (CLI).
import { z } from "zod";
import { fixPriorities, recategorizeArticles } from "../../classify/reclassify.server";
import { backfillSources, scrapeSources } from "../../ingest/scrape.server";
import { BACKFILL_DEFAULT_DAYS, BACKFILL_MAX_DAYS } from "../buttons";
import type { JobHandler } from "../types";
import { AppError } from "../../errors";
import { fieldMessage, wholeNumber } from "../../validation";

const scrapeParams = z.object({
  /** A JSON integer (the web) or decimal digits (`npm run jobs -- scrape --source 7`), like every number we read. */
  sourceId: wholeNumber(1, Number.MAX_SAFE_INTEGER).optional(),
  /** Also fetch sources that are waiting out a failure back-off. */
  force: z.boolean().optional(),
});

const backfillParams = z.object({
  daysBack: wholeNumber(1, BACKFILL_MAX_DAYS).default(BACKFILL_DEFAULT_DAYS),
});

/** The job's parameters, or an "invalid" AppError naming the bad one in app/validation.ts's words. */
function parseParams<T extends z.ZodType>(schema: T, params: Record<string, unknown>): z.infer<T> {
  const parsed = schema.safeParse(params, { error: fieldMessage });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("invalid", `Invalid job parameter ${issue.path.join(".") || "(params)"}: ${issue.message}`);
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
