// The `openai` provider: the openai SDK against OpenAI or any OpenAI-compatible server (OPENAI_BASE_URL).
// Short timeouts and at most one retry: a slow or failing model must not hold a web request for minutes.
import { AiError } from "./ai-error";
import { clientWhenAsked, openAiSdk, type OpenAiSdk } from "./openai-client.server";
import { AI_SUMMARY_MAX_CHARS, type ArticleText } from "./extractive";
import { toPlainText } from "../text/plain-text";
import type { AiProvider } from "./provider.server";
import { SUMMARY_INSTRUCTIONS, summaryPrompt, tagsInstructions, tagsPrompt } from "./prompts";

type OpenAiOptions = {
  apiKey?: string;
  baseURL?: string;
  model: string;
  /** Per attempt. */
  timeoutMs?: number;
  maxRetries?: number;
};

const DEFAULT_TIMEOUT_MS = 30_000;

function asAiError(error: unknown, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError }: OpenAiSdk): AiError {
  if (error instanceof AiError) return error;
  if (error instanceof APIConnectionTimeoutError) return new AiError("timeout", "The language model did not answer in time.");
  if (error instanceof APIUserAbortError) return new AiError("timeout", "The request to the language model was cancelled.");
  if (error instanceof APIConnectionError) return new AiError("unavailable", `The language model could not be reached: ${error.message}`);
  if (error instanceof APIError) return new AiError("unavailable", `The language model answered HTTP ${error.status ?? "error"}.`);
  return new AiError("bad-response", `The language model's answer could not be read: ${(error as Error)?.message ?? String(error)}`);
}

/** The JSON value in a model's answer, tolerating code fences or a sentence around it. */
export function parseJsonAnswer(content: string, open: "{" | "["): unknown {
  const close = open === "{" ? "}" : "]";
  const start = content.indexOf(open);
  const end = content.lastIndexOf(close);
  if (start < 0 || end <= start) throw new AiError("bad-response", "The language model did not answer with JSON.");
  try {
    return JSON.parse(content.slice(start, end + 1));
  } catch {
    throw new AiError("bad-response", "The language model answered with malformed JSON.");
  }
}

export function createOpenAiProvider(options: OpenAiOptions): AiProvider {
  const client = clientWhenAsked({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRetries: options.maxRetries ?? 1,
  });

  async function complete(instructions: string, prompt: string, maxTokens: number, signal?: AbortSignal) {
    try {
      const completion = await (
        await client()
      ).chat.completions.create(
        {
          model: options.model,
          temperature: 0.2,
          max_tokens: maxTokens,
          messages: [
            { role: "system", content: instructions },
            { role: "user", content: prompt },
          ],
        },
        { signal },
      );
      const content = completion?.choices?.[0]?.message?.content;
      if (typeof content !== "string" || !content.trim()) throw new AiError("bad-response", "The language model gave an empty answer.");
      return content;
    } catch (error) {
      throw asAiError(error, await openAiSdk());
    }
  }

  return {
    name: "openai",
    model: options.model,
    ask: complete,

    async summarize(article: ArticleText, signal?: AbortSignal) {
      const text = toPlainText(await complete(SUMMARY_INSTRUCTIONS, summaryPrompt(article), 400, signal), AI_SUMMARY_MAX_CHARS);
      if (!text) throw new AiError("bad-response", "The language model's summary was empty once cleaned.");
      return text;
    },

    async chooseTags(article, allowed) {
      const answer = parseJsonAnswer(await complete(tagsInstructions(allowed), tagsPrompt(article), 120), "[");
      if (!Array.isArray(answer)) throw new AiError("bad-response", "The language model did not answer with a list of tags.");
      const chosen = answer.filter((tag): tag is string => typeof tag === "string").map((tag) => tag.trim().toLowerCase());
      return [...new Set(chosen.filter((tag) => allowed.includes(tag)))];
    },
  };
}
