// What the admin /api routes answer when the call is allowed: sources created (unique URL), toggled and deleted
// (/api/admin/sources, sources/{id}, sources/{id}/toggle); an article's tags and category, an article added by hand,
// suggested tags and a deletion for good (/api/articles/{id}/tags, category, suggest-tags, /api/admin/add-article,
// DELETE /api/articles/{id}); feedback status and archiving (/api/feedback/{id}/status, archive-old); subscribers
// (/api/admin/subscribers, subscribers/{id}/status); the job routes (/api/admin/backfill, recategorize,
// fix-priorities) and the dashboard's job buttons (routes/admin); extraction failures (/api/admin/extract-article).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { all, db, execute, first, t } from "~/db.server";
import * as addArticle from "~/routes/api.admin.add-article";
import * as backfill from "~/routes/api.admin.backfill";
import * as extractArticle from "~/routes/api.admin.extract-article";
import * as fixPriorities from "~/routes/api.admin.fix-priorities";
import * as recategorize from "~/routes/api.admin.recategorize";
import * as sources from "~/routes/api.admin.sources";
import * as sourceById from "~/routes/api.admin.sources.$id";
import * as sourceToggle from "~/routes/api.admin.sources.$id.toggle";
import * as subscribers from "~/routes/api.admin.subscribers";
import * as subscriberStatus from "~/routes/api.admin.subscribers.$id.status";
import * as articleById from "~/routes/api.articles.$id";
import * as articleCategory from "~/routes/api.articles.$id.category";
import * as suggestTags from "~/routes/api.articles.$id.suggest-tags";
import * as articleTags from "~/routes/api.articles.$id.tags";
import * as archiveOld from "~/routes/api.feedback.archive-old";
import * as feedbackStatus from "~/routes/api.feedback.$id.status";
import * as adminPage from "~/routes/admin";
import { newFeedback, newSource, newSubscriber, setUpAdminApi } from "../support/admin-api";
import { addArticle as insertTestArticle } from "../support/articles";
import { call, form } from "../support/auth";

const { users, stopRunner } = setUpAdminApi({ runner: true });

describe("responses", () => {
  const admin = () => users.admin;

  it("creates a source and lists its fields; the URL must be unique", async () => {
    const body = { name: "  Agency feed ", url: "https://agency.example.gov/rss", category: "government", keywords: " epa , , rule " };
    const created = await call(sources, "/api/admin/sources", { method: "POST", user: admin(), body });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: "Agency feed", keywords: ["epa", "rule"], isActive: true, status: null });
    const again = await call(sources, "/api/admin/sources", { method: "POST", user: admin(), body });
    expect(again.status).toBe(409);
  });

  it("toggles a source and deletes it, keeping its articles' source name", async () => {
    const id = await newSource();
    const toggled = await call(sourceToggle, `/api/admin/sources/${id}/toggle`, { method: "PATCH", user: admin(), params: { id: String(id) } });
    expect((await toggled.json()).isActive).toBe(false);
    const articleId = await insertTestArticle({ sourceId: id, sourceName: "Kept Name" });
    const deleted = await call(sourceById, `/api/admin/sources/${id}`, { method: "DELETE", user: admin(), params: { id: String(id) } });
    expect(deleted.status).toBe(200);
    const article = (await first(db().select().from(t.articles).where(eq(t.articles.id, articleId))))!;
    expect(article).toMatchObject({ sourceId: null, sourceName: "Kept Name" });
  });

  it("saves normalised tags and priority and marks the article manually tagged", async () => {
    const id = await insertTestArticle();
    const response = await call(articleTags, `/api/articles/${id}/tags`, {
      method: "PATCH",
      user: users.editor,
      params: { id: String(id) },
      body: { tags: ["EPA", "Clean Air Act", "epa", "  "], priority: "high" },
    });
    expect(await response.json()).toMatchObject({ tags: ["epa", "clean-air-act"], priority: "high", manuallyTagged: true });
    const indexed = (await all(db().select().from(t.articleTags).where(eq(t.articleTags.articleId, id)))).map((r) => r.tag);
    expect(indexed.sort()).toEqual(["clean-air-act", "epa"]);
  });

  it("sets the category, adds an article by hand, suggests tags and deletes for good", async () => {
    const id = await insertTestArticle({ title: "EPA repeals the emissions rule" });
    const category = await call(articleCategory, `/api/articles/${id}/category`, {
      method: "PATCH",
      user: users.editor,
      params: { id: String(id) },
      body: { category: "legal-decisions" },
    });
    expect(await category.json()).toMatchObject({ category: "legal-decisions", manuallyTagged: true });
    const suggested = await call(suggestTags, `/api/articles/${id}/suggest-tags`, { user: users.editor, params: { id: String(id) } });
    expect((await suggested.json()).suggestedTags).toContain("epa");
    const url = "https://example.gov/hand-added?utm_source=x";
    const added = await call(addArticle, "/api/admin/add-article", {
      method: "POST",
      user: users.editor,
      body: { url, title: "Hand added", summary: "Typed in", category: "policy-analysis", tags: [" epa ", "epa", "sec"] },
    });
    expect(added.status).toBe(201);
    const article = await added.json();
    expect(article).toMatchObject({
      title: "Hand added",
      category: "policy-analysis",
      priority: "medium",
      tags: ["epa", "sec"],
      manuallyTagged: true,
      sourceName: "example.gov",
    });
    const duplicate = await call(addArticle, "/api/admin/add-article", {
      method: "POST",
      user: users.editor,
      body: { url, title: "x", summary: "y", category: "policy-analysis" },
    });
    expect(duplicate.status).toBe(409);
    const deleted = await call(articleById, `/api/articles/${article.id}`, { method: "DELETE", user: admin(), params: { id: String(article.id) } });
    expect(deleted.status).toBe(200);
    expect((await all(db().select().from(t.deletedArticles))).map((r) => r.key)).toContain("url:https://example.gov/hand-added");
  });

  it("changes feedback status and archives only resolved feedback older than 30 days", async () => {
    const old = new Date(Date.now() - 40 * 86_400_000);
    const oldResolved = await newFeedback({ status: "resolved", resolvedAt: old, createdAt: old });
    const oldOpen = await newFeedback({ status: "open", createdAt: old });
    const recent = await newFeedback();
    await call(feedbackStatus, "/x", { method: "PATCH", user: users.editor, params: { id: String(recent) }, body: { status: "resolved" } });
    const response = await call(archiveOld, "/api/feedback/archive-old", { method: "POST", user: users.editor });
    expect((await response.json()).count).toBeGreaterThanOrEqual(1);
    const archived = async (id: number) => (await first(db().select().from(t.feedback).where(eq(t.feedback.id, id))))!.archivedAt !== null;
    expect([await archived(oldResolved), await archived(oldOpen), await archived(recent)]).toEqual([true, false, false]);
  });

  it("lists subscribers and toggles one", async () => {
    const id = await newSubscriber();
    const off = await call(subscriberStatus, "/x", { method: "PATCH", user: admin(), params: { id: String(id) }, body: { isActive: false } });
    expect(await off.json()).toMatchObject({ id, isActive: false });
    const list = await (await call(subscribers, "/api/admin/subscribers", { user: admin() })).json();
    expect(list.find((s: { id: number }) => s.id === id)).toMatchObject({ isActive: false, source: "homepage" });
  });

  it("enqueues jobs at once and waits for recategorize's count", async () => {
    await execute(db().update(t.jobs).set({ status: "failed" }).where(eq(t.jobs.kind, "backfill")));
    const started = await call(backfill, "/api/admin/backfill", { method: "POST", user: users.editor, body: { daysBack: 7 } });
    expect(started.status).toBe(202);
    expect((await started.json()).job).toMatchObject({ kind: "backfill", status: "queued", params: { daysBack: 7 }, requestedBy: users.editor.email });
    const again = await call(backfill, "/api/admin/backfill", { method: "POST", user: users.editor, body: {} });
    expect((await again.json()).job.params).toEqual({ daysBack: 7 });
    const recat = await call(recategorize, "/api/admin/recategorize", { method: "POST", user: users.editor });
    expect(await recat.json()).toMatchObject({ updated: 4 });
    const fix = await call(fixPriorities, "/api/admin/fix-priorities", { method: "POST", user: users.editor });
    expect(await fix.json()).toMatchObject({ updated: 2 });
  });

  it("the dashboard's job buttons say what happened: finished with its count, or queued", async () => {
    const press = async (kind: string) =>
      (await (await call(adminPage, "/admin?index", { method: "POST", user: users.editor, body: form({ intent: "start-job", kind, respond: "json" }) })).json())
        .toast;
    expect(await press("fix-priorities")).toEqual({ title: "Priorities fixed", message: "2 articles updated." });
    expect(await press("recategorize")).toEqual({ title: "Categories fixed", message: "4 articles updated." });
    await execute(db().update(t.jobs).set({ status: "failed" }).where(eq(t.jobs.kind, "trends")));
    expect(await press("trends")).toMatchObject({ title: "Trends generation queued" });
    // Without a job runner nothing would finish: the answer comes at once and says queued.
    stopRunner();
    await execute(db().delete(t.appState).where(eq(t.appState.key, "runner-heartbeat")));
    const started = Date.now();
    expect(await press("fix-priorities")).toMatchObject({ title: "Priority update queued" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("maps extraction failures to the spec's messages", async () => {
    const response = await call(extractArticle, "/x", { method: "POST", user: users.editor, body: { url: "https://example.gov/page" } });
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe("Could not extract article details. Please fill in manually.");
  });
});
