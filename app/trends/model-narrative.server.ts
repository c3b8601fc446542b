// The trends narrative a language model writes from the computed numbers. The answer is parsed, made plain
// and length-limited before it is stored; any failure falls back to the statistical narrative (generate.server.ts).
import { z } from "zod";
import { AiError, type AiProvider } from "../ai/provider.server";
import { parseJsonAnswer } from "../ai/openai.server";
import { toPlainText } from "../text/plain-text";
import type { TrendsNarrative } from "./narrative";
import type { TrendsStats } from "./stats";

const NARRATIVE_FIELD_MAX_CHARS = 2_500;
const INSIGHT_MAX_CHARS = 300;

const TRENDS_INSTRUCTIONS = [
  "You write the daily 30-day trends briefing of a U.S. federal deregulation news dashboard for policy analysts.",
  "You are given statistics computed from the articles and the most important high-priority items.",
  "Use only these numbers and items: every number you write must appear in the data or be a percentage of two numbers in it. Do not speculate about causes the data does not show.",
  'Answer with one JSON object and nothing else: {"trendsAnalysis": string (2 to 4 short paragraphs separated by blank lines), "keyInsights": string[] (3 to 6 one-sentence insights), "significantChanges": string (week-over-week changes), "emergingPatterns": string (rising tags and agencies)}.',
  "All strings are plain text: no markdown, no HTML.",
].join("\n");

function trendsPrompt(stats: TrendsStats) {
  const { daily, ...summary } = stats;
  const busiestDays = [...daily]
    .sort((a, b) => b.total - a.total)
    .slice(0, 3)
    .map((d) => ({ date: d.date, articles: d.total }));
  return `Statistics (JSON):\n${JSON.stringify({ ...summary, busiestDays }, null, 1)}`;
}

const narrativeSchema = z.object({
  trendsAnalysis: z.string().min(1),
  keyInsights: z.array(z.string()).default([]),
  significantChanges: z.string().default(""),
  emergingPatterns: z.string().default(""),
});

/** The narrative, written by the provider's model only from the given numbers. */
export async function narrateWithModel(provider: AiProvider, stats: TrendsStats): Promise<TrendsNarrative> {
  const parsed = narrativeSchema.safeParse(parseJsonAnswer(await provider.ask(TRENDS_INSTRUCTIONS, trendsPrompt(stats), 1200), "{"));
  if (!parsed.success) throw new AiError("bad-response", "The language model's trends answer lacked the expected fields.");
  const narrative = {
    trendsAnalysis: toPlainText(parsed.data.trendsAnalysis, NARRATIVE_FIELD_MAX_CHARS),
    keyInsights: parsed.data.keyInsights
      .map((i) => toPlainText(i, INSIGHT_MAX_CHARS))
      .filter(Boolean)
      .slice(0, 6),
    significantChanges: toPlainText(parsed.data.significantChanges, NARRATIVE_FIELD_MAX_CHARS),
    emergingPatterns: toPlainText(parsed.data.emergingPatterns, NARRATIVE_FIELD_MAX_CHARS),
  };
  if (!narrative.trendsAnalysis) throw new AiError("bad-response", "The language model's trends analysis was empty once cleaned.");
  return narrative;
}
