// The model-assisted classifier through the real openai SDK against the local OpenAI-compatible stand-in:
// unsure feed items go to the model, sure ones and Federal Register documents do not, and every kind of
// failure keeps the local answer. Then `npm run eval:classify -- --assisted` end to end against the stand-in.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { classifyAssistantFromConfig, createClassifyAssistant, isUnsure } from "~/ai/classify-assist.server";
import { classifyArticle, type ClassifyInput } from "~/classify/classifier";
import { loadConfig } from "~/config.server";
import { startOpenAiServer, type ChatRequest } from "../support/openai-server";

const NOW = new Date("2026-11-23T12:00:00Z");
let server: Awaited<ReturnType<typeof startOpenAiServer>>;

beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.reply({ kind: "content", content: '{"category": "regulatory-rollbacks", "priority": "medium", "reason": "The agency loosens a standard."}' });
});

const news = (title: string): ClassifyInput => ({ title, summary: "", sourceCategory: "news", sourceName: "Example News" });
/** No rule fits and the word model is far from sure. */
const unsure = news("Administration weighs changes to power plant emissions standards");
/** A bill number: a codebook rule decides. */
const sure = news("H.R. 1234 - Regulatory Relief Act");
const assistant = () => createClassifyAssistant({ baseURL: server.baseURL, model: "test-model", timeoutMs: 1_000 });
const userPrompt = (request: ChatRequest) => request.messages.find((m) => m.role === "user")?.content ?? "";

describe("the model-assisted classifier", () => {
  it("the inputs are what they claim: one unsure, one decided by a rule", () => {
    expect(isUnsure(classifyArticle(unsure, NOW))).toBe(true);
    expect(isUnsure(classifyArticle(sure, NOW))).toBe(false);
  });

  it("asks the model about an unsure feed item and takes its validated answer", async () => {
    const got = await assistant().classify(unsure, NOW);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].model).toBe("test-model");
    expect(userPrompt(server.requests[0])).toContain(unsure.title);
    expect(server.requests[0].messages[0].content).toContain("Direction decides");
    expect(got).toMatchObject({ category: "regulatory-rollbacks", priority: "medium", source: "model", askedModel: true });
    expect(got.reason.category).toBe("model test-model: The agency loosens a standard.");
    expect(got.tags).toEqual(classifyArticle(unsure, NOW).tags);
  });

  it("does not ask about an item a rule decided, nor about a Federal Register document", async () => {
    const decided = await assistant().classify(sure, NOW);
    const document = await assistant().classify({ ...unsure, documentType: "Notice", action: "Notice." }, NOW);
    expect(server.requests).toHaveLength(0);
    expect(decided).toMatchObject({ ...classifyArticle(sure, NOW), source: "local", askedModel: false });
    expect(document.askedModel).toBe(false);
  });

  it.each([
    ["a category outside the codebook", { kind: "content", content: '{"category": "deregulation", "priority": "high", "reason": "x"}' }],
    ["no reason", { kind: "content", content: '{"category": "new-regulations", "priority": "low"}' }],
    ["prose instead of JSON", { kind: "content", content: "I think this is a rollback." }],
    ["an HTTP error", { kind: "status", status: 500 }],
    ["a broken response body", { kind: "malformed" }],
    ["no answer before the timeout", { kind: "hang" }],
  ] as const)("keeps the local answer on %s", async (_, reply) => {
    server.reply(reply);
    const got = await assistant().classify(unsure, NOW);
    const local = classifyArticle(unsure, NOW);
    expect(got).toMatchObject({ category: local.category, priority: local.priority, reason: local.reason, source: "local", askedModel: true });
    expect(got.failure).toBeTruthy();
  });

  it("is offered only when the configured provider is openai", () => {
    expect(classifyAssistantFromConfig(loadConfig({ ...process.env, SESSION_SECRET: "x".repeat(32), AI_PROVIDER: "local" }))).toBeNull();
    const configured = classifyAssistantFromConfig(
      loadConfig({ ...process.env, SESSION_SECRET: "x".repeat(32), AI_PROVIDER: "", OPENAI_BASE_URL: server.baseURL, OPENAI_MODEL: "test-model" }),
    );
    expect(configured?.model).toBe("test-model");
  });
});

describe("npm run eval:classify -- --assisted against the stand-in", () => {
  it("sends only unsure feed items, counts invalid answers as fall-backs, and reports both sides with the baselines", async () => {
    // Every other request gets an answer outside the codebook, so both paths are exercised.
    let n = 0;
    server.reply({
      kind: "respond",
      respond: () =>
        n++ % 2 === 0
          ? { kind: "content", content: '{"category": "new-regulations", "priority": "low", "reason": "Routine."}' }
          : { kind: "content", content: '{"category": "maybe", "priority": "low", "reason": "?"}' },
    });
    const { stdout } = await promisify(execFile)("npx", ["tsx", "tests/eval/classify.ts", "--assisted", "--json", "--codebook-only"], {
      env: { ...process.env, OPENAI_BASE_URL: server.baseURL, OPENAI_MODEL: "test-model", OPENAI_API_KEY: "" },
      timeout: 60_000,
    });
    const run = JSON.parse(stdout.slice(stdout.indexOf("{")));
    expect(run.model).toBe("test-model");
    expect(run.asked).toBe(server.requests.length);
    // Feed items only: the labelled Federal Register documents stay local.
    expect(run.eligible).toBeLessThan(run.items);
    expect(run.asked).toBeGreaterThan(0);
    expect(run.asked).toBeLessThan(run.eligible);
    expect(run.answered + run.fellBack).toBe(run.asked);
    expect(run.fellBack).toBe(Math.floor(run.asked / 2));
    // Both sides on the same items, each with its majority baseline.
    expect(run.assisted.category.total).toBe(run.local.category.total);
    expect(run.assisted.category.majority).toEqual(run.local.category.majority);
    expect(run.local.priority.majority.label).toBe("low");
    // The local side is exactly what the plain evaluation measures.
    const { stdout: plain } = await promisify(execFile)("npx", ["tsx", "tests/eval/classify.ts", "--json", "--codebook-only"], { timeout: 60_000 });
    const local = JSON.parse(plain.slice(plain.indexOf("{")));
    expect(run.local.category).toEqual(local.category);
    expect(run.local.priority).toEqual(local.priority);
  }, 120_000);
});
