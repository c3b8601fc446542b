// Security headers on every page and API answer (success, client error, not found, data requests,
// redirects), signed in or not, and a nonce CSP on every document whose nonce is fresh per response and
// carried by every script.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, t } from "~/db.server";
import { makeUser, type TestUser } from "../support/auth";
import type { ProductionServer } from "../support/prod-server";
import { addArticle } from "../support/articles";
import { insertInvitation, insertSubscriber, nextClientAddress, signedInAdmin, type SignedInAdmin } from "./fixtures";
import { hardeningPort, serveTestDatabase } from "./harness";
import { addSource } from "../support/sources";

/**
 * Who sends the request: an admin's session cookie or API token, an editor's cookie, or a user about to
 * sign out (whose session the logout ends). Anonymous when absent.
 */
type Caller = "admin" | "adminToken" | "editor" | "leaving";

type Target = {
  method: string;
  /** `{article}`, `{source}`, `{feedback}`, `{subscriber}`, `{invitation}`, `{unsubscribe}`: rows made in beforeAll. */
  path: string;
  /** A redirect is neither a document nor data: it carries the headers of a non-document answer and a Location. */
  kind: "document" | "json" | "redirect";
  status: number;
  as?: Caller;
  json?: unknown;
  form?: Record<string, string>;
  /** Another site's Origin; state-changing requests come from the site itself otherwise. */
  origin?: string;
};

const GOOD_FEEDBACK = { type: "bug", subject: "A broken link", message: "The link on the first card goes nowhere at all." };

/** Every route the product answers, one representative request each (and error answers too). */
export const HEADER_TARGETS: Target[] = [
  // Feed, about, 404
  { method: "GET", path: "/", kind: "document", status: 200 },
  { method: "GET", path: "/?category=regulatory-rollbacks&priority=high&time=week&q=epa&page=2", kind: "document", status: 200 },
  { method: "GET", path: "/about", kind: "document", status: 200 },
  { method: "GET", path: "/no-such-page", kind: "document", status: 404 },
  { method: "POST", path: "/no-such-page", kind: "document", status: 404 },
  { method: "POST", path: "/api/no-such-route", kind: "document", status: 404 },
  { method: "GET", path: "/?_data=routes%2F_index", kind: "json", status: 200 },
  { method: "GET", path: "/?_data=root", kind: "json", status: 200 },
  { method: "POST", path: "/", kind: "document", status: 405 },
  { method: "POST", path: "/about", kind: "document", status: 405 },
  // Public read APIs
  { method: "GET", path: "/api/articles", kind: "json", status: 200 },
  { method: "GET", path: "/api/articles?limit=12&category=all&timeframe=week&search=rule", kind: "json", status: 200 },
  { method: "GET", path: "/api/articles?limit=nope", kind: "json", status: 400 },
  { method: "GET", path: "/api/sources", kind: "json", status: 200 },
  { method: "GET", path: "/api/trends", kind: "json", status: 404 },
  { method: "POST", path: "/api/articles", kind: "json", status: 405 },
  { method: "DELETE", path: "/api/sources", kind: "json", status: 405 },
  // A visitor's article actions, with and without JavaScript
  { method: "PATCH", path: "/api/articles/{article}/bookmark", kind: "json", status: 200 },
  { method: "POST", path: "/api/articles/{article}/bookmark", kind: "redirect", status: 302, form: { returnTo: "/" } },
  { method: "GET", path: "/api/articles/{article}/bookmark", kind: "json", status: 405 },
  { method: "PATCH", path: "/api/articles/{article}/view", kind: "json", status: 200 },
  { method: "POST", path: "/api/articles/{article}/ai-summary", kind: "json", status: 200 },
  { method: "POST", path: "/api/articles/{article}/ai-summary", kind: "redirect", status: 302, form: { returnTo: "/" } },
  { method: "POST", path: "/api/articles/999999/ai-summary", kind: "json", status: 404 },
  { method: "GET", path: "/articles/{article}/open", kind: "redirect", status: 302 },
  { method: "GET", path: "/articles/{article}/locate", kind: "redirect", status: 302 },
  { method: "GET", path: "/articles/999999/open", kind: "json", status: 404 },
  { method: "POST", path: "/articles/{article}/locate", kind: "json", status: 405 },
  // Feedback: the page (no JavaScript), the API, the admin's list
  { method: "GET", path: "/feedback", kind: "document", status: 200 },
  { method: "POST", path: "/feedback", kind: "redirect", status: 302, form: GOOD_FEEDBACK },
  { method: "POST", path: "/feedback", kind: "document", status: 400, form: { type: "bug", subject: "", message: "" } },
  { method: "POST", path: "/feedback", kind: "document", status: 415, json: GOOD_FEEDBACK },
  { method: "POST", path: "/feedback?_data=routes%2Ffeedback", kind: "json", status: 204, form: GOOD_FEEDBACK },
  { method: "POST", path: "/api/feedback", kind: "json", status: 201, json: GOOD_FEEDBACK },
  { method: "POST", path: "/api/feedback", kind: "json", status: 400, json: {} },
  { method: "POST", path: "/api/feedback", kind: "json", status: 403, json: GOOD_FEEDBACK, origin: "http://evil.example" },
  { method: "GET", path: "/api/feedback", kind: "json", status: 401 },
  { method: "GET", path: "/api/feedback", kind: "json", status: 200, as: "admin" },
  { method: "PATCH", path: "/api/feedback/{feedback}/status", kind: "json", status: 200, as: "admin", json: { status: "resolved" } },
  { method: "POST", path: "/api/feedback/archive-old", kind: "json", status: 200, as: "admin" },
  // Newsletter: subscribe, unsubscribe
  { method: "GET", path: "/subscribe", kind: "document", status: 200 },
  { method: "POST", path: "/subscribe", kind: "redirect", status: 302, form: { email: "new-reader@example.com" } },
  { method: "POST", path: "/subscribe", kind: "document", status: 400, form: { email: "not-an-email" } },
  { method: "POST", path: "/api/subscribe", kind: "json", status: 200, json: { email: "api-reader@example.com", source: "homepage" } },
  { method: "POST", path: "/api/subscribe", kind: "json", status: 400, json: { email: "nope" } },
  { method: "GET", path: "/api/subscribe", kind: "json", status: 405 },
  { method: "GET", path: "/unsubscribe", kind: "document", status: 400 },
  { method: "GET", path: "/unsubscribe?token={unsubscribe}", kind: "document", status: 200 },
  { method: "POST", path: "/unsubscribe?token=1.forged", kind: "document", status: 400 },
  // Accounts: sign-in, password reset, invitations
  { method: "GET", path: "/admin", kind: "document", status: 200 },
  { method: "POST", path: "/admin", kind: "document", status: 401, form: { intent: "login", email: "nobody@example.com", password: "wrong-password" } },
  {
    method: "POST",
    path: "/admin",
    kind: "redirect",
    status: 302,
    form: { intent: "create-source", name: "Anonymous", url: "https://example.gov/a.xml", category: "government" },
  },
  { method: "POST", path: "/admin", kind: "redirect", status: 302, as: "leaving", form: { intent: "logout" } },
  { method: "POST", path: "/api/auth/login", kind: "json", status: 401, json: { email: "nobody@example.com", password: "wrong-password" } },
  { method: "GET", path: "/api/auth/login", kind: "json", status: 405 },
  { method: "POST", path: "/api/auth/logout", kind: "json", status: 200 },
  { method: "GET", path: "/forgot-password", kind: "document", status: 200 },
  { method: "POST", path: "/forgot-password", kind: "document", status: 400, form: { email: "not-an-email" } },
  { method: "POST", path: "/api/auth/forgot-password", kind: "json", status: 200, json: { email: "nobody@example.com" } },
  { method: "GET", path: "/reset-password?token=abc", kind: "document", status: 200 },
  {
    method: "POST",
    path: "/reset-password",
    kind: "document",
    status: 400,
    form: { token: "forged", newPassword: "new-password-1", confirmPassword: "new-password-1" },
  },
  { method: "POST", path: "/api/auth/reset-password", kind: "json", status: 400, json: { token: "forged", newPassword: "new-password-1" } },
  { method: "GET", path: "/invite/not-a-token", kind: "document", status: 404 },
  { method: "GET", path: "/invite/{invitation}", kind: "document", status: 200 },
  { method: "POST", path: "/invite/not-a-token", kind: "document", status: 404, form: { password: "a-password", confirmPassword: "a-password" } },
  { method: "GET", path: "/api/invitations/{invitation}", kind: "json", status: 200 },
  { method: "GET", path: "/api/invitations/not-a-token", kind: "json", status: 404 },
  { method: "POST", path: "/api/invitations/not-a-token/accept", kind: "json", status: 404, json: { password: "a-password" } },
  { method: "POST", path: "/api/invitations", kind: "json", status: 401, json: {} },
  { method: "POST", path: "/api/invitations", kind: "json", status: 400, as: "admin", json: {} },
  // The dashboard
  { method: "GET", path: "/admin", kind: "document", status: 200, as: "admin" },
  { method: "GET", path: "/admin?dialog=account", kind: "document", status: 200, as: "admin" },
  { method: "GET", path: "/admin?_data=routes%2Fadmin", kind: "json", status: 200, as: "admin" },
  { method: "POST", path: "/admin", kind: "redirect", status: 302, as: "admin", form: { intent: "archive-feedback" } },
  { method: "POST", path: "/admin", kind: "document", status: 400, as: "admin", form: { intent: "no-such-intent" } },
  { method: "POST", path: "/admin", kind: "document", status: 415, as: "admin", json: { intent: "archive-feedback" } },
  { method: "POST", path: "/admin?index&_data=routes%2Fadmin", kind: "json", status: 400, as: "admin", form: { intent: "no-such-intent", respond: "json" } },
  // The admin API
  { method: "POST", path: "/api/admin/scrape", kind: "json", status: 401 },
  { method: "POST", path: "/api/admin/scrape", kind: "json", status: 202, as: "adminToken" },
  { method: "GET", path: "/api/admin/scrape", kind: "json", status: 405 },
  { method: "POST", path: "/api/admin/backfill", kind: "json", status: 400, as: "admin", json: { daysBack: "abc" } },
  { method: "POST", path: "/api/admin/recategorize", kind: "json", status: 401 },
  { method: "POST", path: "/api/admin/fix-priorities", kind: "json", status: 401 },
  { method: "POST", path: "/api/admin/generate-trends", kind: "json", status: 202, as: "adminToken" },
  { method: "POST", path: "/api/admin/extract-article", kind: "json", status: 400, as: "admin", json: {} },
  { method: "POST", path: "/api/admin/add-article", kind: "json", status: 400, as: "admin", json: {} },
  {
    method: "POST",
    path: "/api/admin/sources",
    kind: "json",
    status: 201,
    as: "adminToken",
    json: { name: "Headers feed", url: "https://example.gov/headers.xml", category: "government" },
  },
  { method: "DELETE", path: "/api/admin/sources/999999", kind: "json", status: 404, as: "admin" },
  { method: "PATCH", path: "/api/admin/sources/{source}/toggle", kind: "json", status: 200, as: "admin" },
  { method: "GET", path: "/api/admin/subscribers", kind: "json", status: 200, as: "adminToken" },
  { method: "GET", path: "/api/admin/subscribers", kind: "json", status: 403, as: "editor" },
  { method: "POST", path: "/api/admin/subscribers", kind: "json", status: 405, as: "admin" },
  { method: "PATCH", path: "/api/admin/subscribers/{subscriber}/status", kind: "json", status: 400, as: "admin", json: { isActive: "maybe" } },
  { method: "POST", path: "/api/admin/send-test-newsletter", kind: "json", status: 200, as: "admin" },
  { method: "GET", path: "/api/admin/users", kind: "json", status: 200, as: "admin" },
  { method: "GET", path: "/api/admin/users", kind: "json", status: 403, as: "editor" },
  { method: "PATCH", path: "/api/admin/users/999999/status", kind: "json", status: 404, as: "admin", json: { disabled: true } },
  { method: "DELETE", path: "/api/admin/users/999999", kind: "json", status: 404, as: "admin" },
  { method: "PATCH", path: "/api/admin/update-email", kind: "json", status: 400, as: "admin", json: {} },
  {
    method: "PATCH",
    path: "/api/admin/update-password",
    kind: "json",
    status: 400,
    as: "admin",
    json: { currentPassword: "wrong", newPassword: "whatever-1" },
  },
  { method: "GET", path: "/api/articles/{article}/suggest-tags", kind: "json", status: 200, as: "admin" },
  { method: "GET", path: "/api/articles/{article}/suggest-tags", kind: "json", status: 401 },
  { method: "PATCH", path: "/api/articles/{article}/tags", kind: "json", status: 400, as: "admin", json: { tags: ["ok"], priority: "urgent" } },
  { method: "PATCH", path: "/api/articles/{article}/category", kind: "json", status: 400, as: "admin", json: { category: "nope" } },
  { method: "DELETE", path: "/api/articles/999999", kind: "json", status: 404, as: "admin" },
];

/** Paths whose answers carry account, subscriber or feedback data, or a token in the URL. */
const NO_STORE_PATHS = /^\/(admin|api\/admin|api\/feedback|unsubscribe|invite|api\/invitations|reset-password|api\/auth)(\/|$)/;

const EVERY_RESPONSE = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
};

let server: ProductionServer;
let admin: SignedInAdmin;
let editor: TestUser;
let leaving: TestUser;
const rows: Record<string, string> = {};

beforeAll(async () => {
  const articles: number[] = [];
  for (let i = 0; i < 15; i++) articles.push(await addArticle({ title: `EPA rule rescission ${i}`, publishDate: new Date(Date.now() - i * 3_600_000) }));
  const source = await addSource({ name: "Headers feed", url: "https://example.gov/feed.xml" });
  const feedback = db().insert(t.feedback).values({ type: "bug", subject: "Broken link", message: "The link on the card is broken." }).returning().get();
  const subscriber = insertSubscriber("reader@example.com");
  Object.assign(rows, {
    article: String(articles[0]),
    source: String(source.id),
    feedback: String(feedback.id),
    subscriber: String(subscriber.id),
    unsubscribe: encodeURIComponent(insertSubscriber("leaving@example.com").token),
    invitation: insertInvitation("invitee@example.com"),
  });
  admin = await signedInAdmin();
  editor = await makeUser("editor");
  leaving = await makeUser("viewer");
  server = await serveTestDatabase("headers");
});

afterAll(() => server?.stop());

function credentials(as: Caller | undefined): Record<string, string> {
  if (as === "admin") return { Cookie: admin.cookie };
  if (as === "adminToken") return { Authorization: `Bearer ${admin.apiToken}` };
  if (as === "editor") return { Cookie: editor.cookie };
  if (as === "leaving") return { Cookie: leaving.cookie };
  return {};
}

/** The request a target describes; each from its own client address, so rate limits stay out of the way. */
function request({ method, path, as, json, form, origin }: Target) {
  const headers: Record<string, string> = { "X-Forwarded-For": nextClientAddress(), ...credentials(as) };
  if (method !== "GET") headers.Origin = origin ?? server.url;
  let body: string | undefined;
  if (json !== undefined) {
    body = JSON.stringify(json);
    headers["Content-Type"] = "application/json";
  } else if (form) {
    body = new URLSearchParams(form).toString();
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  const url = server.url + path.replace(/\{(\w+)\}/g, (_, name: string) => rows[name]);
  return fetch(url, { method, headers, body, redirect: "manual" });
}

function nonceOf(csp: string | null) {
  return csp?.match(/script-src 'nonce-([A-Za-z0-9+/=]+)'/)?.[1];
}

describe("security headers", () => {
  it.each(HEADER_TARGETS)("$method $path ($status, as $as) carries them", async (target) => {
    const { kind, status } = target;
    const response = await request(target);
    expect(response.status).toBe(status);
    for (const [name, value] of Object.entries(EVERY_RESPONSE)) expect(response.headers.get(name), name).toBe(value);
    const csp = response.headers.get("content-security-policy");
    expect(csp).toContain("frame-ancestors 'none'");
    // Account, subscriber and feedback data, an answer that sets a cookie or answers an API token: never stored.
    const pathname = new URL(response.url || server.url + target.path).pathname;
    if (NO_STORE_PATHS.test(pathname) || response.headers.get("set-cookie") || target.as === "adminToken") {
      expect(response.headers.get("cache-control"), "cache-control").toBe("no-store");
    }
    // Plain http (PUBLIC_URL http://127.0.0.1:…): no HSTS, which would pin a browser to https that is not there.
    expect(response.headers.get("strict-transport-security")).toBeNull();
    if (kind === "document") {
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{16,}'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      // Every script element in the page carries this response's nonce; nothing else could run.
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonceOf(csp)}"`);
    } else {
      // Answers that are not documents may not run anything at all.
      expect(csp).toContain("default-src 'none'");
      if (kind === "redirect") expect(response.headers.get("location")).toBeTruthy();
      await response.arrayBuffer();
    }
  });

  // The feed page every reader shares carries the nonce of its cache entry instead (docs/decisions/013;
  // tests/hardening/server-shared-pages.test.ts checks it changes with the content).
  it("uses a fresh nonce for every document that is not a shared page (docs/decisions/013)", async () => {
    const nonces = new Set<string | undefined>();
    for (let i = 0; i < 5; i++) {
      const response = await fetch(server.url + "/feedback");
      await response.arrayBuffer();
      nonces.add(nonceOf(response.headers.get("content-security-policy")));
    }
    expect(nonces.size).toBe(5);
    expect(nonces.has(undefined)).toBe(false);
  });
});

/** The headers every answer carries, whoever answered: a route, Remix, express.static or Express's router. */
function expectSecurityHeaders(response: Response, label: string) {
  for (const [name, value] of Object.entries(EVERY_RESPONSE)) expect(response.headers.get(name), `${label}: ${name}`).toBe(value);
  expect(response.headers.get("content-security-policy"), label).toContain("frame-ancestors 'none'");
  expect(response.headers.get("permissions-policy"), label).toContain("camera=()");
}

describe("security headers below the app: static files and refusals by the web server", () => {
  it("carries them on /favicon.svg, a /build asset, a missing asset, a path that is not valid percent-encoding and /__manifest", async () => {
    const html = await (await fetch(server.url + "/")).text();
    const asset = html.match(/\/build\/[^"']+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const cases: [string, number, RegExp | null][] = [
      ["/favicon.svg", 200, /image\/svg\+xml/],
      [asset!, 200, /javascript/],
      ["/build/no-such-asset.js", 404, /html/],
      ["/invite/%ff", 400, /json/],
      // Answered by Remix itself, before any route.
      ["/__manifest?p=%2Fabout", 204, null],
    ];
    for (const [path, status, type] of cases) {
      const response = await fetch(server.url + path);
      await response.arrayBuffer();
      expect(response.status, path).toBe(status);
      if (type) expect(response.headers.get("content-type"), path).toMatch(type);
      expectSecurityHeaders(response, path);
    }
  });

  it("marks the build's assets immutable and the public files cacheable, not no-store", async () => {
    const favicon = await fetch(server.url + "/favicon.svg");
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    const html = await (await fetch(server.url + "/")).text();
    const asset = await fetch(server.url + html.match(/\/build\/[^"']+\.js/)![0]);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});

describe("Cache-Control: no-store on private answers", () => {
  it.each([
    { path: "/admin", as: undefined },
    { path: "/admin", as: "admin" },
    { path: "/admin?_data=routes%2Fadmin", as: "admin" },
    { path: "/api/admin/subscribers", as: "adminToken" },
    { path: "/api/feedback", as: "admin" },
    { path: "/unsubscribe?token={unsubscribe}", as: undefined },
    { path: "/invite/{invitation}", as: undefined },
  ] as { path: string; as?: Caller }[])("$path (as $as)", async ({ path, as }) => {
    const response = await fetch(server.url + path.replace(/\{(\w+)\}/g, (_, name: string) => rows[name]), { headers: credentials(as) });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("on the alert pages, whose addresses carry tokens, whatever they answer", async () => {
    for (const path of ["/alerts/confirm?token=abc", "/alerts/manage?token=abc.def", "/alerts/unsubscribe?token=1.x", "/alerts"]) {
      const response = await fetch(server.url + path);
      await response.arrayBuffer();
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it("on any answer that sets a cookie (a visitor's first bookmark), and not on the public feed", async () => {
    const bookmark = await fetch(`${server.url}/api/articles/${rows.article}/bookmark`, {
      method: "PATCH",
      headers: { Origin: server.url, "X-Forwarded-For": nextClientAddress() },
    });
    await bookmark.arrayBuffer();
    expect(bookmark.headers.get("set-cookie")).toMatch(/^visitor=/);
    expect(bookmark.headers.get("cache-control")).toBe("no-store");
    const feed = await fetch(server.url + "/");
    await feed.arrayBuffer();
    expect(feed.headers.get("set-cookie")).toBeNull();
    expect(feed.headers.get("cache-control")).not.toBe("no-store");
  });
});

describe("Strict-Transport-Security", () => {
  it("is absent while PUBLIC_URL is http", async () => {
    for (const path of ["/", "/favicon.svg", "/api/articles", "/no-such-page"]) {
      const response = await fetch(server.url + path);
      await response.arrayBuffer();
      expect(response.headers.get("strict-transport-security"), path).toBeNull();
    }
  });

  it("is on every answer when PUBLIC_URL is https, static files and 404s included", async () => {
    await server.stop();
    // The same port: this file's offset is its own, and the http server has just stopped.
    server = await serveTestDatabase("headers", { PUBLIC_URL: `https://dereg.example:${hardeningPort("headers")}` });
    for (const path of ["/", "/favicon.svg", "/api/articles", "/no-such-page", "/healthz"]) {
      const response = await fetch(server.url + path);
      await response.arrayBuffer();
      expect(response.headers.get("strict-transport-security"), path).toBe("max-age=31536000; includeSubDomains");
      expectSecurityHeaders(response, path);
    }
  });
});
