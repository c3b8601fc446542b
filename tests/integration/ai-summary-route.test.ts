// POST /api/articles/{id}/ai-summary with the default (local) provider, reading article pages from a
// local web server: generation, caching, one generation for concurrent requests, failures, no-JS forms.
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AI_SUMMARY_FALLBACK_MESSAGE, AI_SUMMARY_FALLBACK_WITHOUT_SUMMARY } from "~/ai/summary-failure";
import { db, execute, first as firstRow, t } from "~/db.server";
import { RATE_LIMITS } from "~/rate-limit.server";
import { action } from "~/routes/api.articles.$id.ai-summary";
import { addArticle } from "../support/articles";
import { servePages, startServer, type TestServer } from "../support/http-server";
import { LOOPBACK, loadContextFor } from "../support/load-context";

let pages: TestServer;
const release = fs.readFileSync("tests/fixtures/ai/news-release.html", "utf8");

beforeAll(async () => {
  pages = await startServer(
    servePages({
      "/release": { contentType: "text/html", body: release },
      "/slow-release": { contentType: "text/html", body: release, delayMs: 300 },
    }),
  );
});
afterAll(() => pages.close());

async function post(id: number | string, init: { body?: BodyInit; headers?: HeadersInit } = {}) {
  const request = new Request(`http://localhost/api/articles/${id}/ai-summary`, { method: "POST", ...init });
  try {
    return (await action({ request, params: { id: String(id) }, context: loadContextFor(request) })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

let missingCount = 0;
/** A page the server does not have (each article needs its own URL). */
const missingPage = () => pages.url(`/missing-${++missingCount}`);

const form = (fields: Record<string, string>) => ({ body: new URLSearchParams(fields) });

describe("POST /api/articles/{id}/ai-summary", () => {
  it("generates from the article's page, labels the provider, and caches the summary", async () => {
    const id = await addArticle({
      title: "EPA reinstates Ohio Air Nuisance Rule",
      summary: "Short stored summary.",
      originalUrl: pages.url("/release"),
      agencies: ["Environmental Protection Agency"],
      registerAction: "Final rule.",
      effectiveOn: "2025-02-20",
    });
    const first = await post(id);
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body.aiSummary).toContain("The Environmental Protection Agency (EPA) is taking final action");
    // The key facts are the stored document fields, whole.
    expect(body.aiSummary).toContain("Key facts:\nAgency: Environmental Protection Agency\nAction: Final rule\nEffective date: February 20, 2025");
    expect(body.aiSummaryBy).toEqual({ provider: "local", model: "extractive" });
    expect(pages.hits("/release")).toBe(1);

    const row = (await firstRow(db().select().from(t.articles).where(eq(t.articles.id, id))))!;
    expect(row.aiSummary).toBe(body.aiSummary);
    expect(row.aiSummaryProvider).toBe("local");
    expect(row.aiSummaryAt).toBeInstanceOf(Date);

    const second = await post(id);
    expect(await second.json()).toEqual(body);
    expect(pages.hits("/release")).toBe(1);
  });

  it("generates once for concurrent requests", async () => {
    const id = await addArticle({ title: "Concurrent", originalUrl: pages.url("/slow-release") });
    const responses = await Promise.all([post(id), post(id), post(id)]);
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(bodies.map((b) => b.aiSummary)).size).toBe(1);
    expect(pages.hits("/slow-release")).toBe(1);
  });

  it("falls back to the stored summary when the page cannot be read", async () => {
    const stored = "The Department of Labor proposes to rescind the 2024 independent contractor rule. Comments must be received on or before May 1, 2025.";
    const id = await addArticle({ summary: stored, originalUrl: missingPage() });
    const body = await (await post(id)).json();
    expect(body.aiSummary).toContain(stored);
    // Key facts come from the document's fields only; this article has none.
    expect(body.aiSummary).not.toContain("Key facts");
  });

  it("answers the failure shape when there is no text at all", async () => {
    const id = await addArticle({ summary: "", originalUrl: missingPage() });
    const response = await post(id);
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body).toEqual({
      message: body.userMessage,
      reason: "no-text",
      userMessage: expect.stringMatching(/no article text/i),
      suggestions: expect.arrayContaining([expect.stringMatching(/Read Original/)]),
      // No summary of its own on the card: the SPEC's fallback would point at a summary "above" that is not there.
      fallbackMessage: AI_SUMMARY_FALLBACK_WITHOUT_SUMMARY,
    });
    expect(AI_SUMMARY_FALLBACK_WITHOUT_SUMMARY).not.toMatch(/above/);
    expect(AI_SUMMARY_FALLBACK_MESSAGE).toBe("AI summarization is currently unavailable. Please refer to the original article summary above.");
    const row = (await firstRow(db().select().from(t.articles).where(eq(t.articles.id, id))))!;
    expect(row.aiSummary).toBeNull();
  });

  it("sends a form post back to the page with the summary or the failure open", async () => {
    const id = await addArticle({ summary: "The agency withdraws the rule.", originalUrl: missingPage() });
    const ok = await post(id, form({ returnTo: "/?category=regulatory-rollbacks&page=2" }));
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe(`/?category=regulatory-rollbacks&page=2&aiSummary=${id}#article-${id}`);

    const empty = await addArticle({ summary: "", originalUrl: missingPage() });
    const failed = await post(empty, form({ returnTo: "/" }));
    expect(failed.headers.get("Location")).toBe(`/?aiSummary=${empty}&aiSummaryError=no-text#article-${empty}`);

    const offsite = await post(id, form({ returnTo: "//evil.example/phish" }));
    expect(offsite.headers.get("Location")).toBe(`/?aiSummary=${id}#article-${id}`);
  });

  it("limits generation per visitor, but still shows cached summaries", async () => {
    const cached = await addArticle({ summary: "Cached one.", originalUrl: missingPage() });
    expect((await post(cached)).status).toBe(200);
    await execute(
      db()
        .insert(t.rateLimits)
        .values({
          key: `${RATE_LIMITS.aiSummary.name}:${LOOPBACK}`,
          windowStart: new Date(Date.now() - (Date.now() % RATE_LIMITS.aiSummary.windowMs)),
          count: RATE_LIMITS.aiSummary.limit,
        })
        .onConflictDoUpdate({ target: t.rateLimits.key, set: { count: RATE_LIMITS.aiSummary.limit } }),
    );
    const fresh = await addArticle({ summary: "Not yet summarized.", originalUrl: missingPage() });
    const limited = await post(fresh);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ reason: "rate-limited", fallbackMessage: AI_SUMMARY_FALLBACK_MESSAGE });
    expect((await post(cached)).status).toBe(200);
    await execute(db().delete(t.rateLimits));
  });

  it("refuses cross-site posts and unknown articles", async () => {
    const id = await addArticle({});
    expect((await post(id, { headers: { Origin: "https://evil.example" } })).status).toBe(403);
    expect((await post(999_999)).status).toBe(404);
    expect((await post("abc")).status).toBe(404);
  });
});
