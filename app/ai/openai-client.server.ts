// The openai SDK's client, made at its first request. The web process asks a model only when an editor asks for a
// summary or tags, and loading the SDK at start kept 2.0 MB of its modules alive in every web process
// (docs/benchmarks.md, "Modules the web process seldom uses, loaded when used").
import type OpenAI from "openai";

export type OpenAiSdk = typeof import("openai");

let sdk: Promise<OpenAiSdk> | undefined;

/** The SDK's module, imported once. */
export function openAiSdk(): Promise<OpenAiSdk> {
  return (sdk ??= import("openai"));
}

export type OpenAiClientOptions = { apiKey?: string; baseURL?: string; timeoutMs: number; maxRetries: number };

/** A client of OpenAI or an OpenAI-compatible server, made when first asked for. */
export function clientWhenAsked(options: OpenAiClientOptions): () => Promise<OpenAI> {
  let client: Promise<OpenAI> | undefined;
  return () =>
    (client ??= openAiSdk().then(
      ({ default: OpenAIClient }) =>
        new OpenAIClient({
          // Local OpenAI-compatible servers often need no key; the SDK insists on one.
          apiKey: options.apiKey ?? "not-needed",
          baseURL: options.baseURL,
          timeout: options.timeoutMs,
          maxRetries: options.maxRetries,
        }),
    ));
}
