// The daily 30-day trends analysis: numbers computed from the articles, a narrative written from them
// by the configured provider, both stored as one row per day.
import { categoryLabel, CATEGORY_VALUES } from "../articles/vocabulary";
import { AiError, aiProvider, type AiProvider } from "../ai/provider.server";
import { computeTrendsStats } from "./compute.server";
import { narrateWithModel } from "./model-narrative.server";
import { writeTrendsNarrative, type TrendsNarrative } from "./narrative";
import type { TrendsStats } from "./stats";
import { saveTrends } from "./store.server";

/** The model name a statistical trends analysis records. */
const LOCAL_TRENDS_MODEL = "statistical";

type TrendsOutcome = {
  date: string;
  articleCount: number;
  provider: string;
  model: string;
  /** Set when the configured model failed and the statistical narrative was stored instead. */
  modelFailure?: string;
};

async function narrate(stats: TrendsStats, provider: AiProvider) {
  if (provider.name === "local" || stats.articleCount === 0) {
    return { narrative: writeTrendsNarrative(stats), provider: "local", model: LOCAL_TRENDS_MODEL };
  }
  try {
    const narrative: TrendsNarrative = await narrateWithModel(provider, stats);
    return { narrative, provider: provider.name, model: provider.model };
  } catch (error) {
    // The numbers are always worth publishing: without the model, the statistical narrative says them.
    if (!(error instanceof AiError)) throw error;
    return { narrative: writeTrendsNarrative(stats), provider: "local", model: LOCAL_TRENDS_MODEL, modelFailure: error.message };
  }
}

/** Computes and stores today's analysis (replacing an earlier one of the same day). */
export async function generateTrends(options: { now?: Date; provider?: AiProvider } = {}): Promise<TrendsOutcome> {
  const stats = await computeTrendsStats(options.now ?? new Date());
  const { narrative, provider, model, modelFailure } = await narrate(stats, options.provider ?? aiProvider());
  const values = {
    date: stats.window.to,
    ...narrative,
    categoriesAnalyzed: CATEGORY_VALUES.filter((c) => stats.byCategory[c] > 0).map(categoryLabel),
    articleCount: stats.articleCount,
    stats,
    provider,
    model,
    createdAt: new Date(),
  };
  await saveTrends(values);
  return { date: values.date, articleCount: values.articleCount, provider, model, ...(modelFailure ? { modelFailure } : {}) };
}
