// One interface for the language work of the product, two implementations chosen by configuration:
// `local` (default, deterministic, no network) and `openai` (any OpenAI-compatible server).
import { classifyArticle } from "../classify/classifier";
import { config, type AppConfig } from "../config.server";
import { summarizeExtractively, type ArticleText } from "./extractive";
import { createOpenAiProvider } from "./openai.server";
import { AiError } from "./ai-error";

export { AiError, type AiFailureReason } from "./ai-error";
export type { ArticleText } from "./extractive";

export interface AiProvider {
  readonly name: "local" | "openai";
  /** Recorded beside every stored text ("extractive", "statistical" or the model's name). */
  readonly model: string;
  /** A plain-text summary grounded in the article's own text. */
  summarize(article: ArticleText, signal?: AbortSignal): Promise<string>;
  /** The model's raw answer to a prompt under the given instructions (the trends narrative asks this way). */
  ask(instructions: string, prompt: string, maxTokens: number, signal?: AbortSignal): Promise<string>;
  /** Tags for the article, each one from `allowed`. */
  chooseTags(article: { title: string; summary: string }, allowed: readonly string[]): Promise<string[]>;
}

export const localProvider: AiProvider = {
  name: "local",
  model: "extractive",
  summarize: async (article) => summarizeExtractively(article),
  // The local provider writes no free text: its trends narrative is the statistical one (app/trends/narrative.ts).
  ask: async () => {
    throw new AiError("unavailable", "The local provider answers no free-form prompts.");
  },
  chooseTags: async (article, allowed) => classifyArticle({ title: article.title, summary: article.summary }).tags.filter((tag) => allowed.includes(tag)),
};

let cached: { settings: AppConfig; provider: AiProvider } | undefined;

/** The configured provider (AI_PROVIDER; `openai` when a key or base URL is set). */
export function aiProvider(settings: AppConfig = config()): AiProvider {
  if (cached?.settings === settings) return cached.provider;
  const provider =
    settings.AI_PROVIDER === "openai"
      ? createOpenAiProvider({
          apiKey: settings.OPENAI_API_KEY,
          baseURL: settings.OPENAI_BASE_URL,
          model: settings.OPENAI_MODEL,
          timeoutMs: settings.OPENAI_TIMEOUT_MS,
        })
      : localProvider;
  cached = { settings, provider };
  return provider;
}
