// Scraping with CLASSIFY_ASSIST on: a real feed from a loopback server, the real insert path and SQLite, and the
// local OpenAI-compatible stand-in as the model. Only new feed items the local classifier is unsure of are sent,
// never more than the run's budget; failures keep the local answer; a model answer is stored with its reason and
// is not a manual edit. With the setting off, nothing is sent.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isUnsure } from "~/ai/classify-assist.server";
import { classifyArticle } from "~/classify/classifier";
import { reloadConfig } from "~/config.server";
import { execute, first, db, t } from "~/db.server";
import { scrapeSources } from "~/ingest/scrape.server";
import { addArticle, clearArticles } from "../support/articles";
import { startServer, type TestServer } from "../support/http-server";
import { startOpenAiServer, type ChatRequest } from "../support/openai-server";
import { addServedSource } from "../support/sources";

const NOW = new Date("2026-11-23T12:00:00Z");
/** No codebook rule fits these and the word model is far from sure: the local classifier is unsure. */
const UNSURE = ["Administration weighs changes to power plant emissions standards", "Regulators consider new approach to bank capital"];
/** A bill number: a codebook rule decides. */
const SURE = "H.R. 1234 - Regulatory Relief Act";
/** Unsure too, but stored by an earlier scrape. */
const STORED = "Officials review truck emissions program";

const rss = (origin: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Example News</title><link>${origin}/</link><description>News</description>
${[...UNSURE, SURE, STORED]
  .map((title, i) => `<item><title>${title}</title><link>${origin}/story/${i}</link><pubDate>Mon, 2${i} Oct 2026 12:00:00 GMT</pubDate></item>`)
  .join("\n")}
</channel></rss>`;

let feed: TestServer;
let model: Awaited<ReturnType<typeof startOpenAiServer>>;
const saved = { ...process.env };

beforeAll(async () => {
  feed = await startServer({ "/news.rss": (_req, res, origin) => void res.writeHead(200, { "content-type": "application/rss+xml" }).end(rss(origin)) });
  model = await startOpenAiServer();
});
afterAll(async () => {
  await feed.close();
  await model.close();
});

function configure(env: Record<string, string>) {
  for (const key of ["CLASSIFY_ASSIST", "CLASSIFY_ASSIST_MAX_PER_RUN", "AI_PROVIDER", "OPENAI_BASE_URL", "OPENAI_MODEL", "OPENAI_API_KEY", "OPENAI_TIMEOUT_MS"])
    delete process.env[key];
  Object.assign(process.env, env);
  reloadConfig();
}
const assisted = (extra: Record<string, string> = {}) =>
  configure({
    CLASSIFY_ASSIST: "true",
    AI_PROVIDER: "openai",
    OPENAI_BASE_URL: model.baseURL,
    OPENAI_MODEL: "test-model",
    OPENAI_TIMEOUT_MS: "1000",
    ...extra,
  });

beforeEach(async () => {
  await clearArticles();
  await execute(db().delete(t.sources));
  await addServedSource(feed.origin, "/news.rss", { name: "Example News", type: "rss", category: "news" });
  await addArticle({ title: STORED, originalUrl: `${feed.origin}/story/3`, sourceName: "Example News", sourceCategory: "news" });
  model.requests.length = 0;
  model.reply({ kind: "content", content: '{"category": "regulatory-rollbacks", "priority": "medium", "reason": "The agency loosens a standard."}' });
});
afterEach(() => {
  process.env = { ...saved };
  reloadConfig();
});

const row = async (title: string) => (await first(db().select().from(t.articles).where(eq(t.articles.title, title))))!;
const asked = (request: ChatRequest) => request.messages.find((m) => m.role === "user")?.content ?? "";
const local = (title: string) => classifyArticle({ title, summary: "", sourceCategory: "news", sourceName: "Example News" }, NOW);

describe("scraping with the model-assisted classifier", () => {
  it("the items are what they claim: unsure, decided by a rule", () => {
    for (const title of [...UNSURE, STORED]) expect(isUnsure(local(title)), title).toBe(true);
    expect(isUnsure(local(SURE))).toBe(false);
  });

  it("asks only about new unsure feed items and stores the model's answer with its reason, not as a manual edit", async () => {
    assisted();
    const result = await scrapeSources({ now: NOW });
    expect(result.sources[0]).toMatchObject({ new: 3, duplicates: 1, error: null });
    expect(
      model.requests
        .map(asked)
        .map((prompt) => prompt.split("\n")[0])
        .sort(),
    ).toEqual(UNSURE.map((title) => `Title: ${title}`).sort());
    for (const title of UNSURE) {
      expect(await row(title)).toMatchObject({
        category: "regulatory-rollbacks",
        priority: "medium",
        categoryReason: "model test-model: The agency loosens a standard.",
        priorityReason: "model test-model: The agency loosens a standard.",
        manuallyTagged: false,
      });
    }
    // Decided by a rule: never sent, stored with the local judgement.
    expect(await row(SURE)).toMatchObject({ category: local(SURE).category, categoryReason: local(SURE).reason.category });
  });

  it("sends no more items per run than CLASSIFY_ASSIST_MAX_PER_RUN; the rest keep the local answer", async () => {
    assisted({ CLASSIFY_ASSIST_MAX_PER_RUN: "1" });
    await scrapeSources({ now: NOW });
    expect(model.requests).toHaveLength(1);
    const rows = await Promise.all(UNSURE.map(row));
    const answered = rows.filter((r) => r.categoryReason?.startsWith("model "));
    expect(answered).toHaveLength(1);
    expect(answered[0].category).toBe("regulatory-rollbacks");
    const left = rows.find((r) => r !== answered[0])!;
    expect(left).toMatchObject({ category: local(left.title).category, categoryReason: local(left.title).reason.category });
  });

  it("keeps the local answer when the model fails", async () => {
    assisted();
    model.reply({ kind: "status", status: 500 });
    const result = await scrapeSources({ now: NOW });
    expect(result.sources[0]).toMatchObject({ new: 3, error: null });
    expect(model.requests).toHaveLength(2);
    for (const title of UNSURE) expect(await row(title)).toMatchObject({ category: local(title).category, categoryReason: local(title).reason.category });
  });

  it("sends nothing unless CLASSIFY_ASSIST is on with a model configured", async () => {
    configure({ AI_PROVIDER: "openai", OPENAI_BASE_URL: model.baseURL, OPENAI_MODEL: "test-model" });
    await scrapeSources({ now: NOW });
    configure({ CLASSIFY_ASSIST: "true", AI_PROVIDER: "local" });
    await clearArticles();
    await scrapeSources({ now: NOW, force: true });
    expect(model.requests).toHaveLength(0);
    for (const title of UNSURE) expect((await row(title)).categoryReason).toBe(local(title).reason.category);
  });
});
