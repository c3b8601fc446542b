// The openai provider through the real openai SDK against a local OpenAI-compatible server, chosen the
// way an operator chooses it: by setting OPENAI_BASE_URL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createOpenAiProvider } from "~/ai/openai.server";
import { AiError, aiProvider, localProvider } from "~/ai/provider.server";
import { suggestTags } from "~/ai/suggest-tags.server";
import { classifyArticle } from "~/classify/classifier";
import { TAG_VOCABULARY } from "~/articles/vocabulary";
import { loadConfig } from "~/config.server";
import { execute, first, db, t } from "~/db.server";
import { generateTrends } from "~/trends/generate.server";
import { addArticle, clearArticles } from "../support/articles";
import { startOpenAiServer } from "../support/openai-server";

let server: Awaited<ReturnType<typeof startOpenAiServer>>;
const article = {
  title: "EPA withdraws proposed emission standards for power plants",
  text: "The Environmental Protection Agency is withdrawing its proposed greenhouse gas emission standards for power plants. The withdrawal is effective on March 3, 2025.",
};

beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

function providerFromEnvironment() {
  return aiProvider(loadConfig({ ...process.env, OPENAI_BASE_URL: server.baseURL, OPENAI_MODEL: "test-model" }));
}

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AiError);
  return (error as AiError).reason;
}

describe("the openai provider", () => {
  it("is chosen by OPENAI_BASE_URL and sends a grounded prompt with the article text", async () => {
    server.reply({ kind: "content", content: "The EPA is withdrawing its proposed power plant standards, effective March 3, 2025." });
    const provider = providerFromEnvironment();
    expect(provider.name).toBe("openai");
    expect(provider.model).toBe("test-model");
    expect(await provider.summarize(article)).toBe("The EPA is withdrawing its proposed power plant standards, effective March 3, 2025.");
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request.model).toBe("test-model");
    expect(request.messages[0].content).toMatch(/Use only facts stated in the article text/);
    expect(request.messages[1].content).toContain(article.text);
  });

  it("stores a model answer containing HTML as plain text", async () => {
    server.reply({
      kind: "content",
      content: '<p>The <strong>EPA</strong> is withdrawing the standards.</p><script>alert("x")</script><img src=x onerror=alert(1)>',
    });
    const summary = await providerFromEnvironment().summarize(article);
    expect(summary).toBe("The EPA is withdrawing the standards.");
  });

  it("limits the length of a long answer at a sentence boundary", async () => {
    server.reply({ kind: "content", content: "This sentence repeats for length. ".repeat(100) });
    const summary = await providerFromEnvironment().summarize(article);
    expect(summary.length).toBeLessThanOrEqual(900);
    expect(summary.endsWith("length.")).toBe(true);
  });

  it("reports an HTTP 500 as unavailable after at most one retry", async () => {
    server.reply({ kind: "status", status: 500 });
    expect(await failureOf(providerFromEnvironment().summarize(article))).toBe("unavailable");
    expect(server.requests.length).toBeLessThanOrEqual(2);
  });

  it("reports a server that does not answer as a timeout", async () => {
    server.reply({ kind: "hang" });
    const provider = createOpenAiProvider({ baseURL: server.baseURL, model: "test-model", timeoutMs: 300, maxRetries: 0 });
    const started = Date.now();
    expect(await failureOf(provider.summarize(article))).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("reports a malformed JSON body as a failure, not a crash", async () => {
    server.reply({ kind: "malformed" });
    const provider = createOpenAiProvider({ baseURL: server.baseURL, model: "test-model", maxRetries: 0 });
    expect(await failureOf(provider.summarize(article))).toBe("bad-response");
  });

  it("reports an empty answer as a bad response", async () => {
    server.reply({ kind: "content", content: "<p> </p>" });
    expect(await failureOf(providerFromEnvironment().summarize(article))).toBe("bad-response");
  });
});

describe("tag suggestions with the model", () => {
  it("keep only tags from the vocabulary, after the rules' tags", async () => {
    await clearArticles();
    const id = await addArticle({ title: "EPA rescinds power plant emission rule", summary: "The agency repeals the rule." });
    server.reply({ kind: "content", content: 'Here you go: ["energy", "Climate-Change", "<b>epa</b>", "made-up-tag", "environmental", 42]' });
    const tags = await suggestTags(id, providerFromEnvironment());
    const vocabulary: readonly string[] = TAG_VOCABULARY;
    expect(tags.every((tag) => vocabulary.includes(tag))).toBe(true);
    expect(tags).toContain("energy");
    expect(tags).toContain("environmental");
    expect(tags).toContain("rule-rescission");
    expect(tags).not.toContain("made-up-tag");
    expect(server.requests[0].messages[0].content).toContain("rule-rescission, rule-modification");
  });

  it("are the classification rules' tags with the local provider, without calling a model", async () => {
    const title = "OSHA withdraws proposed workplace heat safety standard";
    const id = await addArticle({ title, summary: "" });
    expect(await suggestTags(id, localProvider)).toEqual(classifyArticle({ title, summary: "" }).tags);
    expect(server.requests).toHaveLength(0);
  });

  it("fall back to the rules when the model fails", async () => {
    const id = await addArticle({ title: "FDA withdraws guidance on medical device software", summary: "" });
    server.reply({ kind: "status", status: 503 });
    const tags = await suggestTags(id, createOpenAiProvider({ baseURL: server.baseURL, model: "m", maxRetries: 0 }));
    expect(tags).toEqual(expect.arrayContaining(["fda", "rule-rescission"]));
  });
});

describe("the trends narrative with the model", () => {
  it("stores the model's plain-text narrative beside the numbers it was given", async () => {
    await clearArticles();
    await execute(db().delete(t.trends));
    for (let i = 0; i < 3; i++) await addArticle({ title: `EPA repeals rule ${i}`, publishDate: new Date(Date.now() - i * 86_400_000) });
    server.reply({
      kind: "content",
      content:
        '```json\n{"trendsAnalysis": "<p>3 articles this month.</p>", "keyInsights": ["**Rollbacks** dominate.", "All 3 were rollbacks."], "significantChanges": "None.", "emergingPatterns": "Repeals."}\n```',
    });
    const outcome = await generateTrends({ provider: providerFromEnvironment() });
    expect(outcome).toMatchObject({ provider: "openai", model: "test-model", articleCount: 3 });
    const row = (await first(db().select().from(t.trends)))!;
    expect(row.trendsAnalysis).toBe("3 articles this month.");
    expect(row.keyInsights).toEqual(["Rollbacks dominate.", "All 3 were rollbacks."]);
    expect((row.stats as { articleCount: number }).articleCount).toBe(3);
    expect(server.requests[0].messages[1].content).toContain('"articleCount": 3');
  });

  it("falls back to the statistical narrative when the model's answer is not JSON", async () => {
    server.reply({ kind: "content", content: "Sorry, I cannot help with that." });
    const outcome = await generateTrends({ provider: providerFromEnvironment() });
    expect(outcome.provider).toBe("local");
    expect(outcome.modelFailure).toMatch(/JSON/);
    const row = (await first(db().select().from(t.trends)))!;
    expect(row.provider).toBe("local");
    expect(row.model).toBe("statistical");
    expect(row.trendsAnalysis).toMatch(/^3 articles were collected/);
  });
});
