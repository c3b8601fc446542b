// Inputs: exact types, clear errors, nothing stored that should not be. Real route handlers on this file's
// SQLite database: wrong JSON types and non-decimal numbers, NUL and unpaired surrogates, URLs with control
// characters, too-long values and unknown enum members, wrong media types, hostile returnTo paths.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ADD_ARTICLE_MISSING } from "~/admin/article-edits.server";
import { apiTokenSchema } from "~/auth/account.server";
import { CATEGORY_VALUES } from "~/articles/vocabulary";
import { all, db, first, t } from "~/db.server";
import { safeReturnPath } from "~/http/return-to";
import * as addArticleRoute from "~/routes/api.admin.add-article";
import * as backfillRoute from "~/routes/api.admin.backfill";
import * as sourcesRoute from "~/routes/api.admin.sources";
import * as articlesRoute from "~/routes/api.articles";
import * as aiSummaryRoute from "~/routes/api.articles.$id.ai-summary";
import * as bookmarkRoute from "~/routes/api.articles.$id.bookmark";
import * as loginRoute from "~/routes/api.auth.login";
import * as subscribeApiRoute from "~/routes/api.subscribe";
import * as feedbackApiRoute from "~/routes/api.feedback";
import * as openRoute from "~/routes/articles.$id.open";
import * as adminPage from "~/routes/admin";
import * as feedbackPage from "~/routes/feedback";
import { addArticle } from "../support/articles";
import { call, form, makeUser, type TestUser } from "../support/auth";
import { withContext } from "../support/load-context";
import { parseInput } from "~/validation";

const ORIGIN = "http://localhost";
let editor: TestUser;
let client = 0;

beforeAll(async () => {
  editor = await makeUser("editor");
});

/** Runs a handler on a raw Request (any body, any Content-Type); a thrown Response is the answer. */
async function send(handler: (args: LoaderFunctionArgs) => unknown, path: string, init: RequestInit, params: Record<string, string> = {}) {
  const headers = new Headers(init.headers);
  headers.set("Origin", ORIGIN);
  headers.set("X-Forwarded-For", `10.9.0.${++client}`);
  try {
    return (await handler(withContext(new Request(`${ORIGIN}${path}`, { ...init, headers }), params))) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function expectRefusal(response: Response, status: number, message: string | RegExp) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { message: string };
  if (typeof message === "string") expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

const jobCount = async () => (await first(db().select({ n: count() }).from(t.jobs).where(eq(t.jobs.kind, "backfill"))))!.n;
const articleCount = async () => (await first(db().select({ n: count() }).from(t.articles)))!.n;
const sourceCount = async () => (await first(db().select({ n: count() }).from(t.sources)))!.n;

const validArticle = (extra: Record<string, unknown> = {}) => ({
  url: `https://example.gov/input-rules-${++client}`,
  title: "A title",
  summary: "A summary",
  category: "policy-analysis",
  ...extra,
});

describe("numbers are numbers", () => {
  it.each([[true], [[7]], ["0x1F"], ["1e1"], [" 7"], [7.5], ["7.0"], [{}], [""]])(
    "POST /api/admin/backfill refuses daysBack %j, naming the field",
    async (daysBack) => {
      const before = await jobCount();
      const response = await call(backfillRoute, "/api/admin/backfill", { method: "POST", body: { daysBack }, user: editor });
      await expectRefusal(response, 400, /^'daysBack' must be/);
      expect(await jobCount()).toBe(before);
    },
  );

  it("POST /api/admin/backfill takes a JSON integer or decimal digits", async () => {
    expect((await call(backfillRoute, "/api/admin/backfill", { method: "POST", body: { daysBack: 7 }, user: editor })).status).toBe(202);
    expect((await call(backfillRoute, "/api/admin/backfill", { method: "POST", body: { daysBack: "7" }, user: editor })).status).toBe(202);
  });

  it.each([
    ["limit", "0x10"],
    ["limit", "1e1"],
    ["limit", "+5"],
    ["limit", "5.0"],
    ["limit", " 5"],
    ["offset", "0x1"],
    ["offset", "1e3"],
    ["offset", "-0"],
  ])("GET /api/articles?%s=%s is a 400 naming the parameter", async (name, value) => {
    const response = await call(articlesRoute, `/api/articles?${name}=${encodeURIComponent(value)}`);
    await expectRefusal(response, 400, new RegExp(`^Invalid '${name}' parameter: must be plain decimal digits$`));
  });
});

describe("API token expiry", () => {
  const createToken = async (values: Record<string, string>) => {
    const admin = await makeUser("admin");
    const response = await call(adminPage, "/admin?index", { method: "POST", user: admin, body: form({ intent: "create-token", respond: "json", ...values }) });
    const stored = await all(db().select().from(t.apiTokens).where(eq(t.apiTokens.userId, admin.id)));
    return { status: response.status, message: ((await response.json()) as { toast: { message: string } }).toast.message, stored };
  };

  it.each(["1e1", "0x1F", " 7", "7.0", "+7"])(
    "POST /admin create-token refuses expiresInDays %j, naming the field, and creates nothing",
    async (expiresInDays) => {
      const { status, message, stored } = await createToken({ name: "loose", expiresInDays });
      expect(status).toBe(400);
      expect(message).toBe("'expiresInDays' must be a whole number");
      expect(stored).toEqual([]);
    },
  );

  it.each([String(new Date().getUTCFullYear() + 1), `${new Date().getUTCFullYear() + 1}-1-1`, `1 Jan ${new Date().getUTCFullYear() + 1}`, "true"])(
    "POST /admin create-token refuses expiresAt %j (not an ISO date), naming the field, and creates nothing",
    async (expiresAt) => {
      const { status, message, stored } = await createToken({ name: "loose", expiresAt });
      expect(status).toBe(400);
      expect(message).toMatch(/^'expiresAt' must be a date/);
      expect(stored).toEqual([]);
    },
  );

  it("POST /admin create-token takes an ISO date or time in the window", async () => {
    const soon = new Date(Date.now() + 7 * 86_400_000);
    for (const expiresAt of [soon.toISOString().slice(0, 10), soon.toISOString(), soon.toISOString().replace("Z", "+02:00")])
      expect((await createToken({ name: "iso", expiresAt })).status, expiresAt).toBe(200);
    expect((await createToken({ name: "days", expiresInDays: "30" })).status).toBe(200);
  });

  it.each([[true], [Date.now() + 86_400_000], [[7]], [{}]])("the token schema refuses expiresAt %j from JSON, naming the field", (expiresAt) => {
    expect(() => parseInput(apiTokenSchema, { name: "json", expiresAt })).toThrow(/^'expiresAt' must be a date/);
  });

  it.each([["1e1"], [true], [[7]], [7.5]])("the token schema refuses expiresInDays %j from JSON, naming the field", (expiresInDays) => {
    expect(() => parseInput(apiTokenSchema, { name: "json", expiresInDays })).toThrow(/^'expiresInDays' must be a whole number/);
  });
});

describe("deeply nested bodies", () => {
  /** 20,000 levels of arrays (40 KB) and 10,000 of objects (60 KB): both under the 64 KB body limit. */
  const deepArray = "[".repeat(20_000) + "]".repeat(20_000);
  const deepObject = '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000);
  const NESTED = /^The request body must not be nested more than \d+ levels deep\.$/;
  const postJson = (handler: (args: LoaderFunctionArgs) => unknown, path: string, body: string, headers: Record<string, string> = {}) =>
    send(handler, path, { method: "POST", body, headers: { "Content-Type": "application/json", ...headers } });

  it.each([
    ["/api/feedback", feedbackApiRoute.action],
    ["/api/subscribe", subscribeApiRoute.action],
    ["/api/auth/login", loginRoute.action],
  ])("public POST %s answers 400 to a deeply nested body or field, not 500", async (path, action) => {
    for (const body of [`{"email":${deepArray}}`, `{"x":${deepObject}}`, `{"email":"a@b.example","message":${deepArray}}`]) {
      expect(body.length).toBeLessThan(64 * 1024);
      await expectRefusal(await postJson(action, path, body), 400, NESTED);
    }
    // A whole body that is an array stays "must be a JSON object": it is refused before any walk.
    await expectRefusal(await postJson(action, path, deepArray), 400, "The request body must be a JSON object.");
  });

  it("an admin JSON route answers 400 to a deeply nested field and starts nothing", async () => {
    const before = await jobCount();
    await expectRefusal(await postJson(backfillRoute.action, "/api/admin/backfill", `{"daysBack":${deepArray}}`, { Cookie: editor.cookie }), 400, NESTED);
    await expectRefusal(await postJson(addArticleRoute.action, "/api/admin/add-article", deepObject, { Cookie: editor.cookie }), 400, NESTED);
    expect(await jobCount()).toBe(before);
  });

  it("nesting up to the limit is still read (and judged by the field rules)", async () => {
    const response = await postJson(backfillRoute.action, "/api/admin/backfill", `{"daysBack":${"[".repeat(30)}7${"]".repeat(30)}}`, { Cookie: editor.cookie });
    await expectRefusal(response, 400, /^'daysBack' must be/);
  });
});

describe("text that cannot be stored", () => {
  it.each([
    ["title", "A title\u0000 with NUL"],
    ["summary", "A summary \uD800 with a lone high surrogate"],
    ["summary", "\uDC00 lone low surrogate"],
    ["tags", ["epa", "bad\u0000tag"]],
  ])("POST /api/admin/add-article refuses %s %j and stores nothing", async (field, value) => {
    const before = await articleCount();
    const response = await call(addArticleRoute, "/api/admin/add-article", { method: "POST", body: validArticle({ [field]: value }), user: editor });
    await expectRefusal(response, 400, `'${field}' must not contain NUL characters or unpaired surrogates`);
    expect(await articleCount()).toBe(before);
  });

  it("a NUL in a form field is refused too (POST /feedback)", async () => {
    const before = (await first(db().select({ n: count() }).from(t.feedback)))!.n;
    const body = new URLSearchParams({ type: "bug", subject: "Broken\u0000link", message: "The link on the card is broken." });
    await expectRefusal(
      await send(feedbackPage.action, "/feedback", { method: "POST", body }),
      400,
      "'subject' must not contain NUL characters or unpaired surrogates",
    );
    expect((await first(db().select({ n: count() }).from(t.feedback)))!.n).toBe(before);
  });

  it("GET /api/articles refuses a NUL in search", async () => {
    await expectRefusal(await call(articlesRoute, "/api/articles?search=epa%00"), 400, /^Invalid 'search' parameter/);
  });
});

describe("web addresses", () => {
  it.each(["https://example.gov/a\r\nSet-Cookie: x=1", "https://example.gov/a b", "https://example.gov/\ta", "https://exa\u0085mple.gov/"])(
    "POST /api/admin/add-article refuses %j and stores nothing",
    async (url) => {
      const before = await articleCount();
      const response = await call(addArticleRoute, "/api/admin/add-article", { method: "POST", body: validArticle({ url }), user: editor });
      await expectRefusal(response, 400, "'url' must not contain spaces or control characters");
      expect(await articleCount()).toBe(before);
    },
  );

  it("POST /api/admin/sources refuses a URL with a newline", async () => {
    const before = await sourceCount();
    const body = { name: "Feed", url: "https://example.gov/feed\n.xml", category: "government" };
    await expectRefusal(
      await call(sourcesRoute, "/api/admin/sources", { method: "POST", body, user: editor }),
      400,
      "'url' must not contain spaces or control characters",
    );
    expect(await sourceCount()).toBe(before);
  });

  it("surrounding spaces are trimmed, not refused", async () => {
    const url = `  https://example.gov/trimmed-${++client}  `;
    const response = await call(addArticleRoute, "/api/admin/add-article", { method: "POST", body: validArticle({ url }), user: editor });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { originalUrl: string }).originalUrl).toBe(url.trim());
  });

  it("/articles/{id}/open redirects a stored address with CR/LF (a legacy row) to its clean form instead of a 500", async () => {
    const id = await addArticle({ originalUrl: "https://example.gov/legacy\r\n-row" });
    const response = await send(openRoute.loader, `/articles/${id}/open`, {}, { id: String(id) });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://example.gov/legacy-row");
  });
});

describe("messages name the field and the limit", () => {
  it("a 501-character title says so; a missing one keeps the spec's message", async () => {
    const long = await call(addArticleRoute, "/api/admin/add-article", { method: "POST", body: validArticle({ title: "x".repeat(501) }), user: editor });
    await expectRefusal(long, 400, "'title' must be at most 500 characters");
    const { title: _omitted, ...withoutTitle } = validArticle();
    const missing = await call(addArticleRoute, "/api/admin/add-article", { method: "POST", body: withoutTitle, user: editor });
    await expectRefusal(missing, 400, ADD_ARTICLE_MISSING);
    const blank = await call(addArticleRoute, "/api/admin/add-article", { method: "POST", body: validArticle({ title: "   " }), user: editor });
    await expectRefusal(blank, 400, ADD_ARTICLE_MISSING);
  });

  it("a too-long source name or URL says which field and the limit", async () => {
    const name = await call(sourcesRoute, "/api/admin/sources", {
      method: "POST",
      body: { name: "n".repeat(201), url: "https://example.gov/f.xml", category: "government" },
      user: editor,
    });
    await expectRefusal(name, 400, "'name' must be at most 200 characters");
    const url = await call(sourcesRoute, "/api/admin/sources", {
      method: "POST",
      body: { name: "Feed", url: `https://example.gov/${"a".repeat(2048)}`, category: "government" },
      user: editor,
    });
    await expectRefusal(url, 400, "'url' must be at most 2048 characters");
  });

  it("an unknown enum value lists the allowed values", async () => {
    const category = await call(addArticleRoute, "/api/admin/add-article", { method: "POST", body: validArticle({ category: "nope" }), user: editor });
    await expectRefusal(category, 400, `'category' must be one of: ${CATEGORY_VALUES.join(", ")}`);
    const priority = await call(addArticleRoute, "/api/admin/add-article", { method: "POST", body: validArticle({ priority: "urgent" }), user: editor });
    await expectRefusal(priority, 400, /^'priority' must be one of: .*high/);
    await expectRefusal(await call(articlesRoute, "/api/articles?timeframe=year"), 400, /^Invalid 'timeframe' parameter: must be one of: /);
  });
});

describe("media types", () => {
  const formBody = () => new URLSearchParams({ url: "https://example.gov/form", title: "T", summary: "S", category: "policy-analysis" });

  it.each([
    ["application/x-www-form-urlencoded", () => formBody()],
    ["text/plain", () => JSON.stringify(validArticle())],
    ["application/xml", () => "<article/>"],
  ])("a JSON API route answers 415 to a %s body and stores nothing", async (type, body) => {
    const before = await articleCount();
    const response = await call(addArticleRoute, "/api/admin/add-article", {
      method: "POST",
      body: body().toString(),
      headers: { "Content-Type": type },
      user: editor,
    });
    await expectRefusal(response, 415, "The request body must be JSON (Content-Type: application/json).");
    expect(await articleCount()).toBe(before);
  });

  it("a public JSON route (login) answers 415 to a form", async () => {
    const response = await send(loginRoute.action, "/api/auth/login", { method: "POST", body: new URLSearchParams({ email: "a@b.example", password: "x" }) });
    expect(response.status).toBe(415);
  });

  it("POST /api/feedback still takes a plain HTML form (and JSON), and answers 415 to anything else", async () => {
    const fields = { type: "bug", subject: "Broken link", message: "The link on the card is broken." };
    expect((await send(feedbackApiRoute.action, "/api/feedback", { method: "POST", body: new URLSearchParams(fields) })).status).toBe(201);
    const multipart = new FormData();
    for (const [key, value] of Object.entries(fields)) multipart.append(key, value);
    expect((await send(feedbackApiRoute.action, "/api/feedback", { method: "POST", body: multipart })).status).toBe(201);
    expect(
      (await send(feedbackApiRoute.action, "/api/feedback", { method: "POST", body: JSON.stringify(fields), headers: { "Content-Type": "application/json" } }))
        .status,
    ).toBe(201);
    const text = await send(feedbackApiRoute.action, "/api/feedback", {
      method: "POST",
      body: JSON.stringify(fields),
      headers: { "Content-Type": "text/plain" },
    });
    expect(text.status).toBe(415);
  });

  it.each([
    ["/feedback", feedbackPage.action],
    ["/admin", adminPage.action],
  ])("the page action of %s answers 415 to a JSON body", async (path, action) => {
    const response = await send(action, path, { method: "POST", body: JSON.stringify({ intent: "login" }), headers: { "Content-Type": "application/json" } });
    await expectRefusal(response, 415, "The request body must be a form (application/x-www-form-urlencoded or multipart/form-data).");
  });
});

describe("returnTo", () => {
  it.each([
    ["/?page=2", "/?page=2"],
    ["/about#top", "/about#top"],
    ["/é", "/%C3%A9"],
    ["//evil.example/", "/"],
    ["/\t/evil.example", "/"],
    ["/\n/evil.example", "/"],
    ["/\r\nSet-Cookie: x=1", "/"],
    ["/\u0000", "/"],
    ["/\u0085", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["", "/"],
  ])("safeReturnPath(%j) is %j", (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it("a bookmark posted with a tab or newline in returnTo goes back to the feed, never elsewhere, and never fails", async () => {
    const id = await addArticle({ title: "Bookmarked through a form" });
    for (const returnTo of ["/\t/evil.example", "/\n/evil.example", "/\r\nSet-Cookie: x=1"]) {
      const response = await send(
        bookmarkRoute.action,
        `/api/articles/${id}/bookmark`,
        { method: "POST", body: new URLSearchParams({ returnTo }) },
        { id: String(id) },
      );
      expect(response.status, JSON.stringify(returnTo)).toBe(302);
      expect(response.headers.get("Location")).toBe(`/#article-${id}`);
    }
  });

  it("a bookmark POST that is not a form is refused before anything is toggled", async () => {
    const id = await addArticle({ title: "Not toggled" });
    const response = await send(
      bookmarkRoute.action,
      `/api/articles/${id}/bookmark`,
      { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } },
      { id: String(id) },
    );
    expect(response.status).toBe(415);
    expect((await first(db().select({ n: count() }).from(t.bookmarks).where(eq(t.bookmarks.articleId, id))))!.n).toBe(0);
  });

  it("the AI summary's no-JS form uses the same rule", async () => {
    const id = await addArticle({ title: "Summary through a form", originalUrl: "http://127.0.0.1:9/none" });
    const response = await send(
      aiSummaryRoute.action,
      `/api/articles/${id}/ai-summary`,
      { method: "POST", body: new URLSearchParams({ returnTo: "/\t/evil.example" }) },
      { id: String(id) },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(new RegExp(`^/\\?aiSummary=${id}.*#article-${id}$`));
  });
});
