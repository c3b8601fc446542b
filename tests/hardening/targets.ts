// The routes the hardening attacks aim at (every GET route with its parameters, every route taking a body with
// its fields), the rows they need, and how an answer is judged: hostile-input.test.ts (generated values) and
// worst-input.test.ts (the worst known values) share them, so a route added here is attacked by both.
import http from "node:http";
import { expect } from "vitest";
import { db, t } from "~/db.server";
import { makeUser } from "../support/auth";
import { addArticles } from "../support/articles";
import { insertInvitation, insertPasswordReset, insertSubscriber, type SignedInAdmin } from "./fixtures";

/**
 * The signed-in caller of a target (see `credentials`), so hostile input gets past the role check to the
 * validation and the work behind it.
 */
export type Caller = "anonymous" | "admin";

/**
 * Rows the targets aim at, created in beforeAll: `{article}` in a path becomes that article's id, `{invitation}`
 * a real invitation token, and so on (the doomed ones are deleted by the first request that gets through).
 */
export type Fixture = "article" | "doomedArticle" | "source" | "doomedSource" | "subscriber" | "feedback" | "invitation" | "unsubscribe" | "user";

export type QueryTarget = { path: string; params: string[]; api: boolean; as?: Caller };

/** The feed's filter parameters, read by the feed, the dashboard's article list and the locate redirect. */
const FEED_PARAMS = ["category", "priority", "time", "q", "agency", "type", "rin", "docket", "cfr", "page", "saved"];

/**
 * Every GET route with the parameters it reads. Routes built elsewhere are added here, and routes taking
 * bodies to BODY_TARGETS.
 */
export const QUERY_TARGETS: QueryTarget[] = [
  { path: "/", params: [...FEED_PARAMS, "_data"], api: false },
  { path: "/about", params: ["q", "_data"], api: false },
  { path: "/admin", params: [...FEED_PARAMS, "feedback", "dialog", "refresh", "_data"], api: false, as: "admin" },
  { path: "/admin", params: ["dialog", "_data"], api: false },
  { path: "/feedback", params: ["_data"], api: false },
  { path: "/subscribe", params: ["_data"], api: false },
  { path: "/unsubscribe", params: ["token", "_data"], api: false },
  { path: "/forgot-password", params: ["_data"], api: false },
  { path: "/reset-password", params: ["token", "_data"], api: false },
  { path: "/invite/{invitation}", params: ["_data"], api: false },
  { path: "/articles/{article}/open", params: [], api: true },
  { path: "/articles/{article}/locate", params: FEED_PARAMS, api: true },
  {
    path: "/api/articles",
    params: ["category", "priority", "timeframe", "search", "agency", "type", "rin", "docket", "cfr", "saved", "limit", "offset"],
    api: true,
  },
  { path: "/api/articles/facets", params: ["category", "timeframe", "search", "rin", "docket", "cfr", "saved", "limit"], api: true },
  { path: "/api/articles/{article}/suggest-tags", params: [], api: true, as: "admin" },
  { path: "/api/sources", params: ["category"], api: true },
  { path: "/api/trends", params: ["date"], api: true },
  { path: "/api/feedback", params: [], api: true, as: "admin" },
  { path: "/api/admin/subscribers", params: [], api: true, as: "admin" },
  { path: "/api/invitations/{invitation}", params: [], api: true },
  { path: "/api/admin/alerts", params: [], api: true, as: "admin" },
  { path: "/api/admin/users", params: [], api: true, as: "admin" },
  { path: "/api/feed-state", params: ["ids"], api: true },
  { path: "/alerts", params: ["_data"], api: false },
  { path: "/alerts/confirm", params: ["token", "_data"], api: false },
  { path: "/alerts/manage", params: ["token", "_data"], api: false },
  { path: "/alerts/unsubscribe", params: ["token", "_data"], api: false },
  { path: "/confirm-subscription", params: ["token", "_data"], api: false },
  { path: "/comment-periods", params: ["page", "order", "_data"], api: false },
  { path: "/export.csv", params: FEED_PARAMS, api: false },
  { path: "/feed.atom", params: FEED_PARAMS, api: false },
  { path: "/feed.json", params: FEED_PARAMS, api: false },
];

/**
 * Every route and method taking a body, with the fields it reads. `bodyIgnored` routes only parse the body
 * (to refuse what is not JSON) and then act the same whatever it says: a few cases cover them.
 */
export type BodyTarget = { method: string; path: string; fields: string[]; as?: Caller; bodyIgnored?: true; forms?: true };

/** What a target's body may be: pages take forms, /api routes JSON, and the `forms` ones (plain HTML forms post there too) both. */
export function bodyKinds({ path, forms }: BodyTarget): ("json" | "form")[] {
  if (!path.startsWith("/api/")) return ["form"];
  return forms ? ["json", "form"] : ["json"];
}

const DASHBOARD_FIELDS = [
  "intent",
  "respond",
  "id",
  "kind",
  "daysBack",
  "name",
  "url",
  "category",
  "keywords",
  "tags",
  "newTags",
  "priority",
  "title",
  "summary",
  "status",
  "isActive",
  "email",
  "role",
  "newEmail",
  "currentPassword",
  "newPassword",
  "confirmPassword",
];

export const BODY_TARGETS: BodyTarget[] = [
  // Pages without an action and read-only API routes.
  { method: "POST", path: "/", fields: ["intent"] },
  { method: "POST", path: "/api/articles", fields: [] },
  { method: "PATCH", path: "/api/sources", fields: [] },
  // Public pages' forms (no JavaScript) and their API twins.
  { method: "POST", path: "/feedback", fields: ["type", "subject", "message", "email", "website"] },
  { method: "POST", path: "/api/feedback", fields: ["type", "subject", "message", "email", "website"], forms: true },
  { method: "POST", path: "/subscribe", fields: ["email", "source"] },
  { method: "POST", path: "/api/subscribe", fields: ["email", "source"], forms: true },
  { method: "POST", path: "/alerts", fields: ["email", "frequency", "hour", "view"] },
  {
    method: "POST",
    path: "/api/alerts",
    fields: ["email", "view", "frequency", "hour", "category", "priority", "time", "q", "agency", "type", "rin", "docket", "cfr", "saved"],
    forms: true,
  },
  // The emailed links' confirmation pages (a guessed token: they refuse it).
  { method: "POST", path: "/alerts/confirm?token=abc", fields: [] },
  { method: "POST", path: "/alerts/manage?token=abc.def", fields: ["alert"] },
  { method: "POST", path: "/alerts/unsubscribe?token=1.x", fields: [] },
  { method: "POST", path: "/confirm-subscription?token=abc", fields: [] },
  { method: "POST", path: "/unsubscribe?token={unsubscribe}", fields: [] },
  { method: "POST", path: "/forgot-password", fields: ["email"] },
  { method: "POST", path: "/api/auth/forgot-password", fields: ["email"] },
  { method: "POST", path: "/reset-password", fields: ["token", "newPassword", "confirmPassword"] },
  { method: "POST", path: "/api/auth/reset-password", fields: ["token", "newPassword", "confirmPassword"] },
  { method: "POST", path: "/invite/{invitation}", fields: ["password", "confirmPassword"] },
  { method: "POST", path: "/api/invitations/{invitation}/accept", fields: ["password", "confirmPassword"] },
  { method: "POST", path: "/admin", fields: ["intent", "email", "password"] },
  { method: "POST", path: "/api/auth/login", fields: ["email", "password"] },
  { method: "POST", path: "/api/auth/logout", fields: [], bodyIgnored: true },
  // A visitor's own article actions.
  { method: "PATCH", path: "/api/articles/{article}/bookmark", fields: [] },
  { method: "POST", path: "/api/articles/{article}/bookmark", fields: ["returnTo"], forms: true },
  { method: "PATCH", path: "/api/articles/{article}/view", fields: [] },
  { method: "POST", path: "/api/articles/{article}/ai-summary", fields: ["returnTo"], forms: true },
  // The admin API, signed in as an admin.
  { method: "POST", path: "/api/admin/scrape", fields: [], as: "admin", bodyIgnored: true },
  { method: "POST", path: "/api/admin/backfill", fields: ["daysBack"], as: "admin" },
  { method: "POST", path: "/api/admin/recategorize", fields: [], as: "admin", bodyIgnored: true },
  { method: "POST", path: "/api/admin/fix-priorities", fields: [], as: "admin", bodyIgnored: true },
  { method: "POST", path: "/api/admin/generate-trends", fields: [], as: "admin", bodyIgnored: true },
  { method: "POST", path: "/api/admin/extract-article", fields: ["url"], as: "admin" },
  { method: "POST", path: "/api/admin/add-article", fields: ["url", "title", "summary", "category", "priority", "tags"], as: "admin" },
  { method: "POST", path: "/api/admin/sources", fields: ["name", "url", "category", "keywords"], as: "admin" },
  { method: "DELETE", path: "/api/admin/sources/{doomedSource}", fields: [], as: "admin", bodyIgnored: true },
  { method: "PATCH", path: "/api/admin/sources/{source}/toggle", fields: [], as: "admin", bodyIgnored: true },
  { method: "PATCH", path: "/api/admin/subscribers/{subscriber}/status", fields: ["isActive"], as: "admin" },
  { method: "PATCH", path: "/api/admin/users/{user}/status", fields: ["disabled"], as: "admin" },
  { method: "POST", path: "/api/admin/send-test-newsletter", fields: [], as: "admin", bodyIgnored: true },
  { method: "PATCH", path: "/api/admin/update-email", fields: ["currentEmail", "newEmail"], as: "admin" },
  { method: "PATCH", path: "/api/admin/update-password", fields: ["email", "currentPassword", "newPassword", "confirmPassword"], as: "admin" },
  { method: "POST", path: "/api/invitations", fields: ["email", "role", "invitedBy"], as: "admin" },
  { method: "PATCH", path: "/api/feedback/{feedback}/status", fields: ["status"], as: "admin" },
  { method: "POST", path: "/api/feedback/archive-old", fields: [], as: "admin", bodyIgnored: true },
  { method: "PATCH", path: "/api/articles/{article}/tags", fields: ["tags", "newTags", "priority"], as: "admin" },
  { method: "PATCH", path: "/api/articles/{article}/category", fields: ["category"], as: "admin" },
  { method: "DELETE", path: "/api/articles/{doomedArticle}", fields: [], as: "admin", bodyIgnored: true },
  // The dashboard's form intents, last: with plausible ids they may delete rows the targets above aim at.
  { method: "POST", path: "/admin", fields: DASHBOARD_FIELDS, as: "admin" },
];

/**
 * What a real client would put in each field, so that a case changes one field only and the rest of the body
 * gets past the first check to the code behind it (a valid alert signup reaches its redirect, for one).
 */
const PLAUSIBLE: Record<string, string> = {
  email: "someone@example.com",
  currentEmail: "someone@example.com",
  newEmail: "someone-else@example.com",
  source: "homepage",
  type: "bug",
  subject: "A subject line",
  message: "A message that is long enough to be a real piece of feedback.",
  website: "",
  token: "abc",
  password: "password-123",
  currentPassword: "not-the-password",
  newPassword: "password-456",
  confirmPassword: "password-456",
  respond: "json",
  id: "999999",
  kind: "backfill",
  daysBack: "7",
  name: "Worst input feed",
  url: "http://127.0.0.1:9/feed.xml",
  category: "government",
  keywords: "epa",
  tags: "epa",
  newTags: "",
  priority: "high",
  title: "A title",
  summary: "A summary",
  status: "resolved",
  isActive: "true",
  disabled: "false",
  role: "editor",
  invitedBy: "",
  returnTo: "/",
  frequency: "daily",
  hour: "8",
  view: "category=government",
  time: "week",
  q: "epa",
  agency: "",
  saved: "",
  alert: "1.x",
};

/**
 * The target's fields with plausible values (`overrides` first); the dashboard's intent is adding a source for a
 * signed-in admin, signing in for anyone else. An empty password spares a case the cost of a hash.
 */
export function plausibleBody(target: BodyTarget, fields = target.fields, overrides: Record<string, string> = {}): Record<string, string> {
  const values = { ...PLAUSIBLE, ...overrides };
  return Object.fromEntries(fields.map((field) => [field, field === "intent" ? (target.as === "admin" ? "add-source" : "login") : (values[field] ?? "")]));
}

/** Writes the rows the targets aim at into this file's database; answers each fixture's id or token. */
export async function insertTargetRows(): Promise<Record<Fixture, string>> {
  const articles = await addArticles(
    Array.from({ length: 30 }, (_, i) => ({ title: `Deregulation item ${i} ünïcödé`, publishDate: new Date(Date.now() - i * 86_400_000) })),
  );
  const [source, doomedSource] = db()
    .insert(t.sources)
    .values([
      { name: "Hostile input feed", url: "http://127.0.0.1:9/a.xml", category: "government" },
      { name: "Doomed feed", url: "http://127.0.0.1:9/b.xml", category: "news" },
    ])
    .returning({ id: t.sources.id })
    .all();
  const feedback = db().insert(t.feedback).values({ type: "bug", subject: "Broken link", message: "The link on the card is broken." }).returning().get();
  const subscriber = insertSubscriber("reader@example.com");
  const unsubscribing = insertSubscriber("leaving@example.com");
  const resetting = await makeUser("viewer");
  insertPasswordReset(resetting.id);
  return {
    article: String(articles[0]),
    doomedArticle: String(articles[29]),
    source: String(source.id),
    doomedSource: String(doomedSource.id),
    subscriber: String(subscriber.id),
    feedback: String(feedback.id),
    invitation: insertInvitation("invitee@example.com"),
    unsubscribe: unsubscribing.token,
    user: String(resetting.id),
  };
}

/** A target's path with `{fixture}` replaced by that row's id or token. */
export function resolvePath(path: string, fixtures: Record<Fixture, string>) {
  return path.replace(/\{(\w+)\}/g, (_, name: Fixture) => encodeURIComponent(fixtures[name]));
}

/**
 * The caller's credentials: `admin` sends an admin's session cookie to pages and another admin's API token to
 * /api routes (two accounts: a password change through one ends the other one's sessions).
 */
export function credentials(as: Caller | undefined, path: string, admins: { page: SignedInAdmin; api: SignedInAdmin }): Record<string, string> {
  if (as !== "admin") return {};
  return path.startsWith("/api/") ? { Authorization: `Bearer ${admins.api.apiToken}` } : { Cookie: admins.page.cookie };
}

/** Resource routes (/api/*, /articles/{id}/*) answer JSON; pages answer documents. */
export const answersJson = (path: string) => path.startsWith("/api/") || path.startsWith("/articles/");

export type Answer = { status: number; body: string; url: string };

/** Node refuses a request head over 16 KB itself (431, no body), before the app sees it. */
const HTTP_LAYER_REFUSALS = new Set([431]);

/** Refused (4xx, with a JSON `{ message }` from a resource route) or served, never failed (5xx) nor a stack trace. */
export function expectRefusedOrServed({ status, body, url }: Answer, api: boolean) {
  expect(status, `${url.slice(0, 200)} -> ${body.slice(0, 300)}`).toBeLessThan(500);
  expect(body).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/); // no stack trace
  if (api && status >= 400 && status !== 404 && !HTTP_LAYER_REFUSALS.has(status)) {
    // The AI summary's refusals add the spec's fields (userMessage, suggestions...) beside the message.
    expect(parseJson(body), `${status} ${url.slice(0, 200)} -> ${body.slice(0, 200)}`).toEqual(expect.objectContaining({ message: expect.any(String) }));
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function get(url: string, headers?: Record<string, string>): Promise<Answer> {
  const response = await fetch(url, { redirect: "manual", headers });
  return { status: response.status, body: await response.text(), url };
}

/** Bodies above the app's limit (64 KB) are refused from their Content-Length, before they are read. */
const OVERSIZED_BODY_BYTES = 64 * 1024;

/**
 * A request on its own connection: a refused body the server never reads must not poison a pooled socket.
 * When the server answers an oversized body at once (413) and closes the connection while the body is still
 * being sent, the reset may reach this client before the answer does; that body was refused unread, so it
 * counts as a refusal (status 0). A connection closed without an answer to any other body fails the test.
 */
export function send(url: string, method: string, body: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const length = Buffer.byteLength(body);
    let answered = false;
    const request = http.request(url, { method, headers: { ...headers, "Content-Length": String(length) }, agent: false }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), url }));
      response.on("error", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), url }));
    });
    const resetBeforeAnswer = (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (length > OVERSIZED_BODY_BYTES) resolve({ status: 0, body: "", url });
      else reject(new Error(`${method} ${url.slice(0, 200)}: connection closed without an answer (${error.code ?? error.message})`));
    };
    request.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? resetBeforeAnswer(error) : reject(error)));
    request.on("close", () => resetBeforeAnswer(new Error("socket closed")));
    request.end(body);
  });
}
