// The `trends` job: today's 30-day analysis (daily at 09:00, the admin's Generate Trends, `npm run jobs -- trends`).
import { generateTrends } from "../../trends/generate.server";
import type { JobHandler } from "../types";

export const runTrends: JobHandler = async (_params, context) => {
  const outcome = await generateTrends();
  if (outcome.modelFailure) context.log(`the model failed (${outcome.modelFailure}); stored the statistical narrative`);
  context.log(`analysed ${outcome.articleCount} articles for ${outcome.date} (${outcome.provider} · ${outcome.model})`);
  return outcome;
};
