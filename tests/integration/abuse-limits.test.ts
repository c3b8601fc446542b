// Limits on the public writes are keyed by the caller's address (from the load context), so fetching a fresh
// visitor cookie gets no one a new allowance, and one noisy address never uses up anyone else's.
// Also: the site-wide hourly budget for a paid summary provider.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "~/config.server";
import { action as aiSummaryAction } from "~/routes/api.articles.$id.ai-summary";
import { action as feedbackAction } from "~/routes/api.feedback";
import { action as subscribeAction } from "~/routes/api.subscribe";
import { ensureVisitorId } from "~/visitors/visitor.server";
import { addArticle } from "../support/articles";
import { withContext } from "../support/load-context";
import { startOpenAiServer } from "../support/openai-server";

const ORIGIN = "http://localhost";
type Handler = (args: LoaderFunctionArgs) => Promise<Response> | Response;

/** A cookie a brand-new visitor would get: what an attacker fetches before every request. */
async function freshVisitorCookie() {
  const { setCookie } = await ensureVisitorId(new Request(ORIGIN));
  return setCookie!.split(";")[0];
}

async function post(handler: Handler, path: string, body: unknown, address: string, params: Record<string, string> = {}) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Origin: ORIGIN, "X-Forwarded-For": address, Cookie: await freshVisitorCookie() },
  });
  try {
    return await handler(withContext(request, params));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function statuses(count: number, send: (i: number) => Promise<Response>) {
  const result: number[] = [];
  for (let i = 0; i < count; i++) result.push((await send(i)).status);
  return result;
}

describe("limits keyed by address, never by a cookie", () => {
  it("subscribe: a new cookie per request does not lift the limit; another address is not affected", async () => {
    const attacker = await statuses(11, (i) => post(subscribeAction, "/api/subscribe", { email: `flood${i}@example.com` }, "10.50.0.1"));
    expect(attacker.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(attacker[10]).toBe(429);
    expect((await post(subscribeAction, "/api/subscribe", { email: "innocent@example.com" }, "10.50.0.2")).status).toBe(200);
  });

  it("feedback: a new cookie per request does not lift the limit; another address is not affected", async () => {
    const body = (i: number) => ({ type: "general", subject: `s${i}`, message: "m" });
    const attacker = await statuses(11, (i) => post(feedbackAction, "/api/feedback", body(i), "10.51.0.1"));
    expect(attacker.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(attacker[10]).toBe(429);
    expect((await post(feedbackAction, "/api/feedback", body(99), "10.51.0.2")).status).toBe(201);
  });

  it("an IPv6 caller cannot walk through the addresses of its /64", async () => {
    const attacker = await statuses(11, (i) =>
      post(subscribeAction, "/api/subscribe", { email: `v6-${i}@example.com` }, `2001:db8:1:2::${(i + 1).toString(16)}`),
    );
    expect(attacker[10]).toBe(429);
    expect((await post(subscribeAction, "/api/subscribe", { email: "v6-other@example.com" }, "2001:db8:1:3::1")).status).toBe(200);
  });

  it("AI summaries: a new cookie per request does not lift the per-address limit", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 31; i++)
      ids.push(await addArticle({ summary: `Stored summary number ${i} about pipeline safety rules.`, originalUrl: `http://127.0.0.1:9/none-${i}` }));
    const summarize = (id: number, address: string) => post(aiSummaryAction, `/api/articles/${id}/ai-summary`, {}, address, { id: String(id) });
    const attacker = await statuses(31, (i) => summarize(ids[i], "10.52.0.1"));
    expect(attacker.slice(0, 30).every((s) => s !== 429)).toBe(true);
    expect(attacker[30]).toBe(429);
    const other = await summarize(ids[30], "10.52.0.2");
    expect(other.status).not.toBe(429);
  });
});

describe("the hourly budget of a paid summary provider", () => {
  let model: Awaited<ReturnType<typeof startOpenAiServer>>;
  beforeAll(async () => {
    model = await startOpenAiServer();
    model.reply({ kind: "content", content: "A short summary of the rule." });
    Object.assign(process.env, { OPENAI_BASE_URL: model.baseURL, AI_MAX_SUMMARIES_PER_HOUR: "2" });
    reloadConfig();
  });
  afterAll(async () => {
    delete process.env.OPENAI_BASE_URL;
    delete process.env.AI_MAX_SUMMARIES_PER_HOUR;
    reloadConfig();
    await model.close();
  });

  it("answers the failure panel's fields once the site has spent it, whoever asks", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(await addArticle({ summary: `Budget article ${i} on emissions reporting.`, originalUrl: `http://127.0.0.1:9/budget-${i}` }));
    const answers = [];
    for (const [i, id] of ids.entries())
      answers.push(await post(aiSummaryAction, `/api/articles/${id}/ai-summary`, {}, `10.53.0.${i + 1}`, { id: String(id) }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 503]);
    expect(model.requests).toHaveLength(2);
    expect(await answers[2].json()).toMatchObject({
      reason: "budget-spent",
      userMessage: expect.stringContaining("allowance"),
      suggestions: expect.arrayContaining([expect.any(String)]),
      fallbackMessage: "AI summarization is currently unavailable. Please refer to the original article summary above.",
    });
  });
});

describe("an AI summary of an article that does not exist", () => {
  it.each(["999999", "abc", "0"])("keeps the failure fields for id %s", async (id) => {
    const response = await post(aiSummaryAction, `/api/articles/${id}/ai-summary`, {}, "10.54.0.1", { id });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      reason: "not-found",
      userMessage: expect.any(String),
      suggestions: expect.any(Array),
      fallbackMessage: expect.any(String),
    });
  });
});
