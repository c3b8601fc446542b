// AI summaries on demand: the cached one when present, otherwise one generated from the article's own
// text (its page, or the stored summary when the page cannot be read), stored with who wrote it.
import { articleOwnSummary, summaryRow } from "../articles/store/reads.server";
import { storeAiSummary } from "../articles/store/edits.server";
import type { AiSummaryFailureReason } from "./summary-failure";
import { AiError, aiProvider, type AiProvider } from "./provider.server";
import { fetchReadablePage } from "./readable.server";

export type StoredAiSummary = { aiSummary: string; aiSummaryBy: { provider: string; model: string | null } };

export class AiSummaryError extends Error {
  constructor(
    readonly reason: AiSummaryFailureReason,
    message: string,
  ) {
    super(message);
    this.name = "AiSummaryError";
  }
}

/** A page shorter than this is navigation or an error page, not the article. */
const MIN_PAGE_TEXT_CHARS = 200;

type SummaryRow = NonNullable<Awaited<ReturnType<typeof summaryRow>>>;

function stored(row: Pick<SummaryRow, "aiSummary" | "aiSummaryProvider" | "aiSummaryModel">): StoredAiSummary | null {
  if (!row.aiSummary) return null;
  return { aiSummary: row.aiSummary, aiSummaryBy: { provider: row.aiSummaryProvider ?? "local", model: row.aiSummaryModel } };
}

/** The article's text for summarizing: its readable page when that says more than the stored summary. */
async function articleText(row: SummaryRow) {
  const page = await fetchReadablePage(row.originalUrl).catch(() => null);
  const pageText = page?.text ?? "";
  return pageText.length >= MIN_PAGE_TEXT_CHARS && pageText.length > row.summary.length ? pageText : row.summary.trim();
}

async function generate(row: SummaryRow, provider: AiProvider): Promise<StoredAiSummary> {
  const text = await articleText(row);
  if (!text) throw new AiSummaryError("no-text", "Neither the original page nor a stored summary gave any text.");
  let summary: string;
  try {
    summary = await provider.summarize({
      title: row.title,
      text,
      sourceName: row.sourceName,
      agencies: row.agencies,
      documentType: row.documentType,
      registerAction: row.registerAction,
      effectiveOn: row.effectiveOn,
      commentsCloseOn: row.commentsCloseOn,
    });
  } catch (error) {
    if (error instanceof AiError) throw new AiSummaryError(error.reason, error.message);
    throw error;
  }
  if (!summary.trim()) throw new AiSummaryError("no-text", "The article text gave nothing to summarize.");
  // Another process may have stored a summary meanwhile: the first one stays, everyone gets the same.
  await storeAiSummary(row.id, summary, { provider: provider.name, model: provider.model });
  return stored((await summaryRow(row.id))!)!;
}

/** Whether the article has a summary of its own (shown on its card above the AI summary control). */
export async function hasOwnSummary(articleId: number) {
  return Boolean(await articleOwnSummary(articleId));
}

const inFlight = new Map<number, Promise<StoredAiSummary>>();

/** The cached summary of the article, or undefined when the article does not exist. */
export async function cachedAiSummary(articleId: number): Promise<StoredAiSummary | null | undefined> {
  const row = await summaryRow(articleId);
  return row ? stored(row) : undefined;
}

/**
 * The article's summary, generated and cached on first request. Concurrent requests for one article
 * share a single generation. Throws AiSummaryError when no summary can be produced; returns undefined
 * when the article does not exist.
 */
export async function aiSummaryFor(articleId: number, provider: AiProvider = aiProvider()): Promise<StoredAiSummary | undefined> {
  const row = await summaryRow(articleId);
  if (!row) return undefined;
  const cached = stored(row);
  if (cached) return cached;
  let pending = inFlight.get(articleId);
  if (!pending) {
    pending = generate(row, provider).finally(() => inFlight.delete(articleId));
    inFlight.set(articleId, pending);
  }
  return pending;
}
