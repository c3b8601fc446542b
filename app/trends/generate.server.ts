// The daily 30-day trends analysis: numbers computed from the articles, a narrative written from them
// by the configured provider, both stored as one row per day.
import { categoryLabel, CATEGORY_VALUES } from "../articles/vocabulary";
import { AiError, aiProvider, type AiProvider } from "../ai/provider.server";
import { db, t } from "../db.server";
import { computeTrendsStats } from "./compute.server";
import { narrateWithModel } from "./model-narrative.server";
import { writeTrendsNarrative, type TrendsNarrative } from "./narrative";

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

async function narrate(stats: ReturnType<typeof computeTrendsStats>, provider: AiProvider) {
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
  const stats = computeTrendsStats(options.now ?? new Date());
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
  db().insert(t.trends).values(values).onConflictDoUpdate({ target: t.trends.date, set: values }).run();
  return { date: values.date, articleCount: values.articleCount, provider, model, ...(modelFailure ? { modelFailure } : {}) };
}
