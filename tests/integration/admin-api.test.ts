// The admin /api on real sessions and tokens: who may call what (401/403),
// what bad input gets (400 naming the field), unknown ids (404), cross-site refusal and rate limits.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { all, db, execute, first, t } from "~/db.server";
import { claimNextJob, finishJob, recordRunnerHeartbeat } from "~/jobs/store.server";
import * as addArticle from "~/routes/api.admin.add-article";
import * as backfill from "~/routes/api.admin.backfill";
import * as extractArticle from "~/routes/api.admin.extract-article";
import * as fixPriorities from "~/routes/api.admin.fix-priorities";
import * as generateTrends from "~/routes/api.admin.generate-trends";
import * as recategorize from "~/routes/api.admin.recategorize";
import * as scrape from "~/routes/api.admin.scrape";
import * as sendTestNewsletter from "~/routes/api.admin.send-test-newsletter";
import * as sources from "~/routes/api.admin.sources";
import * as sourceById from "~/routes/api.admin.sources.$id";
import * as sourceToggle from "~/routes/api.admin.sources.$id.toggle";
import * as subscribers from "~/routes/api.admin.subscribers";
import * as subscriberStatus from "~/routes/api.admin.subscribers.$id.status";
import * as updateEmail from "~/routes/api.admin.update-email";
import * as updatePassword from "~/routes/api.admin.update-password";
import * as usersApi from "~/routes/api.admin.users";
import * as userById from "~/routes/api.admin.users.$id";
import * as userStatus from "~/routes/api.admin.users.$id.status";
import * as articleById from "~/routes/api.articles.$id";
import * as articleCategory from "~/routes/api.articles.$id.category";
import * as suggestTags from "~/routes/api.articles.$id.suggest-tags";
import * as articleTags from "~/routes/api.articles.$id.tags";
import * as login from "~/routes/api.auth.login";
import * as archiveOld from "~/routes/api.feedback.archive-old";
import * as feedbackStatus from "~/routes/api.feedback.$id.status";
import * as invitations from "~/routes/api.invitations";
import { openApiDocument } from "~/api-docs/openapi.server";
import { addArticle as insertTestArticle } from "../support/articles";
import * as adminPage from "~/routes/admin";
import { call, form, makeUser, type TestUser } from "../support/auth";
import { addSource } from "../support/sources";

type Role = "viewer" | "editor" | "admin";
let users: Record<Role, TestUser>;
let runner: ReturnType<typeof setInterval>;
let unique = 0;

const newSource = async () => (await addSource({ name: "Feed" })).id;
const newFeedback = async (values: Partial<typeof t.feedback.$inferInsert> = {}) =>
  (await first(
    db()
      .insert(t.feedback)
      .values({ type: "bug", subject: "Broken link", message: "The link 404s", ...values })
      .returning(),
  ))!.id;
/** An account to disable or delete (its password never used: the hash is a placeholder). */
const newAccount = async () =>
  (await first(
    db()
      .insert(t.users)
      .values({ email: `member${++unique}@example.com`, passwordHash: "unused", role: "editor" })
      .returning(),
  ))!.id;
const newSubscriber = async () =>
  (await first(
    db()
      .insert(t.subscribers)
      .values({ email: `reader${++unique}@example.com` })
      .returning(),
  ))!.id;

beforeAll(async () => {
  users = { viewer: await makeUser("viewer"), editor: await makeUser("editor"), admin: await makeUser("admin") };
  // A stand-in for the job runner, so the calls that wait for their job's result get one.
  runner = setInterval(async () => {
    await recordRunnerHeartbeat({ runnerId: "test-runner" });
    const job = await claimNextJob("test-runner", ["recategorize", "fix-priorities"]);
    if (job) await finishJob(job.id, { result: { updated: job.kind === "recategorize" ? 4 : 2 } });
  }, 20);
});

afterAll(() => clearInterval(runner));

type Case = {
  name: string;
  route: Parameters<typeof call>[0];
  method: string;
  role: Role;
  /** Fresh ids and a valid body for one call. */
  setup: () => { params?: Record<string, string>; body?: unknown } | Promise<{ params?: Record<string, string>; body?: unknown }>;
  /** Status of a successful call; 0 for the routes that change the caller's own account. */
  ok: number;
};

const CASES: Case[] = [
  {
    name: "POST /api/invitations",
    route: invitations,
    method: "POST",
    role: "admin",
    ok: 201,
    setup: () => ({ body: { email: `new${++unique}@example.com`, role: "editor", invitedBy: "ignored" } }),
  },
  {
    name: "POST /api/admin/extract-article",
    route: extractArticle,
    method: "POST",
    role: "editor",
    ok: 422,
    setup: () => ({ body: { url: "https://example.gov/a" } }),
  },
  {
    name: "POST /api/admin/add-article",
    route: addArticle,
    method: "POST",
    role: "editor",
    ok: 201,
    setup: () => ({
      body: {
        url: `https://example.gov/manual-${++unique}`,
        title: "A title",
        summary: "A summary",
        category: "policy-analysis",
        priority: "high",
        tags: ["epa"],
      },
    }),
  },
  { name: "GET /api/admin/subscribers", route: subscribers, method: "GET", role: "admin", ok: 200, setup: () => ({}) },
  {
    name: "PATCH /api/admin/subscribers/{id}/status",
    route: subscriberStatus,
    method: "PATCH",
    role: "admin",
    ok: 200,
    setup: async () => ({ params: { id: String(await newSubscriber()) }, body: { isActive: false } }),
  },
  { name: "GET /api/admin/users", route: usersApi, method: "GET", role: "admin", ok: 200, setup: () => ({}) },
  {
    name: "PATCH /api/admin/users/{id}/status",
    route: userStatus,
    method: "PATCH",
    role: "admin",
    ok: 200,
    setup: async () => ({ params: { id: String(await newAccount()) }, body: { disabled: true } }),
  },
  {
    name: "DELETE /api/admin/users/{id}",
    route: userById,
    method: "DELETE",
    role: "admin",
    ok: 200,
    setup: async () => ({ params: { id: String(await newAccount()) } }),
  },
  { name: "POST /api/admin/send-test-newsletter", route: sendTestNewsletter, method: "POST", role: "admin", ok: 200, setup: () => ({}) },
  { name: "POST /api/admin/scrape", route: scrape, method: "POST", role: "editor", ok: 202, setup: () => ({}) },
  { name: "POST /api/admin/backfill", route: backfill, method: "POST", role: "editor", ok: 202, setup: () => ({ body: { daysBack: 30 } }) },
  { name: "POST /api/admin/generate-trends", route: generateTrends, method: "POST", role: "editor", ok: 202, setup: () => ({}) },
  { name: "POST /api/admin/recategorize", route: recategorize, method: "POST", role: "editor", ok: 200, setup: () => ({}) },
  { name: "POST /api/admin/fix-priorities", route: fixPriorities, method: "POST", role: "editor", ok: 200, setup: () => ({}) },
  {
    name: "POST /api/admin/sources",
    route: sources,
    method: "POST",
    role: "editor",
    ok: 201,
    setup: () => ({ body: { name: "New feed", url: `https://example.gov/new-${++unique}.xml`, category: "news", keywords: ["epa"] } }),
  },
  {
    name: "DELETE /api/admin/sources/{id}",
    route: sourceById,
    method: "DELETE",
    role: "editor",
    ok: 200,
    setup: async () => ({ params: { id: String(await newSource()) } }),
  },
  {
    name: "PATCH /api/admin/sources/{id}/toggle",
    route: sourceToggle,
    method: "PATCH",
    role: "editor",
    ok: 200,
    setup: async () => ({ params: { id: String(await newSource()) } }),
  },
  {
    name: "PATCH /api/articles/{id}/tags",
    route: articleTags,
    method: "PATCH",
    role: "editor",
    ok: 200,
    setup: async () => ({ params: { id: String(await insertTestArticle()) }, body: { tags: ["epa"], priority: "low" } }),
  },
  {
    name: "PATCH /api/articles/{id}/category",
    route: articleCategory,
    method: "PATCH",
    role: "editor",
    ok: 200,
    setup: async () => ({ params: { id: String(await insertTestArticle()) }, body: { category: "legal-decisions" } }),
  },
  {
    name: "GET /api/articles/{id}/suggest-tags",
    route: suggestTags,
    method: "GET",
    role: "editor",
    ok: 200,
    setup: async () => ({ params: { id: String(await insertTestArticle({ title: "EPA rescinds rule" })) } }),
  },
  {
    name: "DELETE /api/articles/{id}",
    route: articleById,
    method: "DELETE",
    role: "admin",
    ok: 200,
    setup: async () => ({ params: { id: String(await insertTestArticle()) } }),
  },
  {
    name: "PATCH /api/feedback/{id}/status",
    route: feedbackStatus,
    method: "PATCH",
    role: "editor",
    ok: 200,
    setup: async () => ({ params: { id: String(await newFeedback()) }, body: { status: "reviewed" } }),
  },
  { name: "POST /api/feedback/archive-old", route: archiveOld, method: "POST", role: "editor", ok: 200, setup: () => ({}) },
  { name: "PATCH /api/admin/update-email", route: updateEmail, method: "PATCH", role: "viewer", ok: 0, setup: () => ({ body: { newEmail: "x@example.com" } }) },
  {
    name: "PATCH /api/admin/update-password",
    route: updatePassword,
    method: "PATCH",
    role: "viewer",
    ok: 0,
    setup: () => ({ body: { currentPassword: "x", newPassword: "y" } }),
  },
];

const RANK: Record<Role, number> = { viewer: 1, editor: 2, admin: 3 };
const path = (name: string) => name.split(" ")[1];

describe.each(CASES)("$name", (c) => {
  it("is described with the role it needs", () => {
    const [method, route] = c.name.split(" ");
    const operation = (openApiDocument("http://localhost").paths as Record<string, Record<string, { description?: string }>>)[route]?.[method.toLowerCase()];
    expect(operation?.description).toContain(`Needs the ${c.role} role`);
  });

  it("answers 401 JSON without a session or token", async () => {
    const response = await call(c.route, path(c.name), { method: c.method, ...(await c.setup()) });
    expect(response.status).toBe(401);
    expect((await response.json()).message).toMatch(/log in/i);
  });

  it.each((["viewer", "editor", "admin"] as Role[]).filter((role) => RANK[role] < RANK[c.role]))("answers 403 to a %s", async (role) => {
    const response = await call(c.route, path(c.name), { method: c.method, user: users[role], ...(await c.setup()) });
    expect(response.status).toBe(403);
    expect((await response.json()).message).toContain(role);
  });

  // The account routes change the caller's own account: their success is tested below, one by one.
  if (c.ok)
    it.each((["viewer", "editor", "admin"] as Role[]).filter((role) => RANK[role] >= RANK[c.role]))("lets a %s through", async (role) => {
      const response = await call(c.route, path(c.name), { method: c.method, user: users[role], ...(await c.setup()) });
      expect(response.status, await response.clone().text()).toBe(c.ok);
    });
});

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
    clearInterval(runner);
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

describe("bad input", () => {
  it.each([
    [sources, "POST", {}, { name: "x", category: "news" }, "Please fill all required fields"],
    [sources, "POST", {}, { name: "x", url: "ftp://example.gov/feed", category: "news" }, "'url' must be an http(s) URL"],
    [sources, "POST", {}, { name: "x", url: "https://example.gov/f", category: "blog" }, "'category' must be one of"],
    [addArticle, "POST", {}, { url: "https://example.gov/x", title: "t" }, "Please fill in URL, title, summary, and category."],
    [extractArticle, "POST", {}, {}, "URL Required"],
    [backfill, "POST", {}, { daysBack: 0 }, "'daysBack' must be at least 1"],
    [invitations, "POST", {}, { email: "a@example.com", role: "owner" }, "'role' must be one of"],
    [invitations, "POST", {}, { role: "editor" }, "Email and role are required."],
    [invitations, "POST", {}, { email: "not-an-email", role: "editor" }, "'email' must be an email address"],
    [articleTags, "PATCH", { id: "ARTICLE" }, { tags: 5 }, "'tags' is invalid"],
    [articleTags, "PATCH", { id: "ARTICLE" }, { priority: "low" }, "'tags' is required"],
    [articleTags, "PATCH", { id: "ARTICLE" }, { tags: ["epa"], priority: "urgent" }, "'priority' must be one of"],
    [articleCategory, "PATCH", { id: "ARTICLE" }, { category: "gossip" }, "'category' must be one of"],
    [feedbackStatus, "PATCH", { id: "FEEDBACK" }, { status: "closed" }, "'status' must be one of: open, reviewed, resolved"],
    [subscriberStatus, "PATCH", { id: "SUBSCRIBER" }, { isActive: "maybe" }, "'isActive'"],
    [updatePassword, "PATCH", {}, { currentPassword: "password-123" }, "Please fill in all password fields"],
    [updatePassword, "PATCH", {}, { currentPassword: "password-123", newPassword: "12345" }, "Password too short"],
    [updatePassword, "PATCH", {}, { currentPassword: "wrong-password", newPassword: "123456" }, "Current password is incorrect"],
    [updateEmail, "PATCH", {}, { newEmail: "nope", currentPassword: "password-123" }, "'newEmail' must be an email address"],
    [updateEmail, "PATCH", {}, { newEmail: "new@example.com" }, "Please enter your current password."],
    [userStatus, "PATCH", { id: "ACCOUNT" }, { disabled: "maybe" }, "'disabled'"],
    [sources, "POST", {}, "{not json", "The request body must be JSON."],
    [sources, "POST", {}, "[1,2]", "The request body must be a JSON object."],
  ] as const)("%#: 400 with a message naming the problem", async (route, method, params, body, message) => {
    const ids: Record<string, string> = {
      ARTICLE: String(await insertTestArticle()),
      FEEDBACK: String(await newFeedback()),
      SUBSCRIBER: String(await newSubscriber()),
      ACCOUNT: String(await newAccount()),
    };
    const resolved = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, ids[v as string] ?? v]));
    const response = await call(route, "/x", {
      method,
      user: users.admin,
      params: resolved,
      body,
      headers: typeof body === "string" ? { "Content-Type": "application/json" } : {},
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain(message);
  });

  it.each([
    [sourceById, "DELETE", undefined],
    [sourceToggle, "PATCH", undefined],
    [articleTags, "PATCH", { tags: [] }],
    [articleCategory, "PATCH", { category: "legal-decisions" }],
    [suggestTags, "GET", undefined],
    [articleById, "DELETE", undefined],
    [feedbackStatus, "PATCH", { status: "open" }],
    [subscriberStatus, "PATCH", { isActive: true }],
    [userStatus, "PATCH", { disabled: true }],
    [userById, "DELETE", undefined],
  ] as const)("%#: unknown and malformed ids are 404", async (route, method, body) => {
    for (const id of ["999999", "abc", "-1"]) {
      const response = await call(route, "/x", { method, user: users.admin, params: { id }, body });
      expect(response.status).toBe(404);
      expect(await response.json()).toHaveProperty("message");
    }
  });

  it("refuses the wrong method with 405", async () => {
    const response = await call(sourceById, "/x", { method: "POST", user: users.admin, params: { id: "1" } });
    expect(response.status).toBe(405);
  });
});

describe("sessions, tokens and cross-site requests", () => {
  it("refuses a cross-site POST that carries the session cookie", async () => {
    const response = await call(scrape, "/api/admin/scrape", { method: "POST", user: users.admin, headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe("Cross-site request refused.");
    const sameSite = await call(scrape, "/api/admin/scrape", { method: "POST", user: users.admin, headers: { Origin: "http://localhost" } });
    expect(sameSite.status).toBe(202);
    const crossSiteLogin = await call(login, "/api/auth/login", {
      method: "POST",
      body: { email: "a", password: "b" },
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSiteLogin.status).toBe(403);
  });

  it("accepts a personal API token until it is revoked", async () => {
    const { operations, runOperation } = await import("~/admin/operations.server");
    const { userFromSession } = await import("~/auth/session.server");
    const request = new Request("http://localhost/admin", { headers: { Cookie: users.editor.cookie } });
    const editor = (await userFromSession(request))!;
    const { token, id } = (await runOperation(operations.createApiToken, { name: "script" }, editor)) as { token: string; id: number };
    const bearer = { Authorization: `Bearer ${token}`, Origin: "https://scripts.example" };
    expect((await call(scrape, "/api/admin/scrape", { method: "POST", headers: bearer })).status).toBe(202);
    expect((await call(subscribers, "/api/admin/subscribers", { headers: bearer })).status).toBe(403);
    await runOperation(operations.revokeApiToken, { id: String(id) }, editor);
    expect((await call(scrape, "/api/admin/scrape", { method: "POST", headers: bearer })).status).toBe(401);
    expect((await call(scrape, "/api/admin/scrape", { method: "POST", headers: { Authorization: "Bearer made-up" } })).status).toBe(401);
  });

  // Each wrong password costs a full scrypt hash (N=2^17, app/auth/password.server.ts), and this test makes a dozen:
  // on a busy 2-CPU machine that alone came near the default 30 s.
  it("logs in with the spec's messages and limits failed attempts per address and account (429)", { timeout: 120_000 }, async () => {
    const user = await makeUser("editor", "right-password");
    const from = { "X-Forwarded-For": "203.0.113.7" };
    const missing = await call(login, "/api/auth/login", { method: "POST", body: { email: user.email }, headers: from });
    expect([missing.status, (await missing.json()).message]).toEqual([400, "Please enter both email and password"]);
    const wrong = await call(login, "/api/auth/login", { method: "POST", body: { email: user.email, password: "nope" }, headers: from });
    expect([wrong.status, (await wrong.json()).message]).toEqual([401, "Invalid credentials"]);
    const unknown = await call(login, "/api/auth/login", { method: "POST", body: { email: "ghost@example.com", password: "nope" }, headers: from });
    expect([unknown.status, (await unknown.json()).message]).toEqual([401, "Invalid credentials"]);
    const ok = await call(login, "/api/auth/login", { method: "POST", body: { email: user.email.toUpperCase(), password: "right-password" }, headers: from });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ id: user.id, email: user.email, role: "editor" });
    expect(ok.headers.get("Set-Cookie")).toMatch(/__session=.+HttpOnly.*SameSite=Lax/i);
    // The successful login did not count: 10 failures in all are answered 401, the next attempt 429.
    let last: Response | undefined;
    for (let i = 0; i < 10; i++) last = await call(login, "/api/auth/login", { method: "POST", body: { email: user.email, password: "nope" }, headers: from });
    expect(last!.status).toBe(429);
    expect((await last!.json()).message).toMatch(/Too many attempts/);
    expect(last!.headers.get("Retry-After")).toMatch(/^\d+$/);
    const otherAddress = await call(login, "/api/auth/login", {
      method: "POST",
      body: { email: user.email, password: "right-password" },
      headers: { "X-Forwarded-For": "203.0.113.8" },
    });
    expect(otherAddress.status).toBe(200);
  });

  it("changes the password, ending the user's other sessions and API tokens but not this session", async () => {
    const { createSession, userFromSession } = await import("~/auth/session.server");
    const { cookieFrom } = await import("../support/auth");
    const { createApiToken } = await import("~/auth/account.server");
    const user = await makeUser("viewer", "first-password");
    const other = cookieFrom(await createSession(user.id));
    const token = (await createApiToken(user.id, "script")).token;
    const changed = await call(updatePassword, "/x", {
      method: "PATCH",
      user,
      body: { email: user.email, currentPassword: "first-password", newPassword: "second-password" },
    });
    expect(changed.status).toBe(200);
    const sessionOf = (cookie: string) => userFromSession(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    expect(await sessionOf(other)).toBeUndefined();
    expect((await sessionOf(user.cookie))?.id).toBe(user.id);
    expect((await call(scrape, "/api/admin/scrape", { method: "POST", headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    const notMine = await call(updatePassword, "/x", {
      method: "PATCH",
      user,
      body: { email: users.admin.email, currentPassword: "second-password", newPassword: "third-password" },
    });
    expect(notMine.status).toBe(403);
  });

  it("changes the email with the current password, refusing someone else's, one in use and a wrong password", async () => {
    const user = await makeUser("viewer");
    const currentPassword = user.password;
    const notMine = await call(updateEmail, "/x", {
      method: "PATCH",
      user,
      body: { currentEmail: users.admin.email, newEmail: "n@example.com", currentPassword },
    });
    expect(notMine.status).toBe(403);
    const withoutPassword = await call(updateEmail, "/x", { method: "PATCH", user, body: { currentEmail: user.email, newEmail: "n@example.com" } });
    expect([withoutPassword.status, (await withoutPassword.json()).message]).toEqual([400, "Please enter your current password."]);
    const wrongPassword = await call(updateEmail, "/x", {
      method: "PATCH",
      user,
      body: { currentEmail: user.email, newEmail: "n@example.com", currentPassword: "stolen-session" },
    });
    expect([wrongPassword.status, (await wrongPassword.json()).message]).toEqual([400, "Current password is incorrect"]);
    const taken = await call(updateEmail, "/x", { method: "PATCH", user, body: { currentEmail: user.email, newEmail: users.admin.email, currentPassword } });
    expect(taken.status).toBe(409);
    const changed = await call(updateEmail, "/x", {
      method: "PATCH",
      user,
      body: { currentEmail: user.email, newEmail: "Renamed@Example.com", currentPassword },
    });
    expect(await changed.json()).toEqual({ email: "renamed@example.com", endedSessions: 0 });
  });
});
