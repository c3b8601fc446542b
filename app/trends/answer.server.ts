// The trends analysis as the API answers it (/api/trends) and the trends card reads it, declared once:
// `TrendsJson` and the OpenAPI `Trends` (app/api/answer-schemas.server.ts) come from it.
import { z } from "zod";

export const trendsAnswer = z.object({
  createdAt: z.iso.datetime(),
  date: z.iso.date(),
  trendsAnalysis: z.string(),
  keyInsights: z.array(z.string()),
  significantChanges: z.string(),
  emergingPatterns: z.string(),
  categoriesAnalyzed: z.array(z.string()),
  articleCount: z.int(),
  provider: z.string(),
  model: z.string().nullable(),
  stats: z.record(z.string(), z.unknown()).nullable().describe("The numbers the analysis was written from (app/trends/stats.ts)."),
});

export type TrendsJson = z.output<typeof trendsAnswer>;
