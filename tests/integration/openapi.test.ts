// The API description against the API: every route file under app/routes/api.* is in the endpoint list with the
// methods it takes and nothing else is, every reference resolves, and real requests (the bodies sent here) and real
// answers of the routes (public and admin, successes and refusals) validate against the description.
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { API } from "~/api/registry.server";
import { execute, first, db, t } from "~/db.server";
import * as adminAlerts from "~/routes/api.admin.alerts";
import * as adminSources from "~/routes/api.admin.sources";
import * as alertsApi from "~/routes/api.alerts";
import * as article from "~/routes/api.articles.$id";
import * as articles from "~/routes/api.articles";
import * as bookmark from "~/routes/api.articles.$id.bookmark";
import * as docsPage from "~/routes/api.docs";
import * as feedState from "~/routes/api.feed-state";
import * as feedbackApi from "~/routes/api.feedback";
import * as ledgerApi from "~/routes/api.ledger";
import * as viewApi from "~/routes/api.articles.$id.view";
import * as openApiRoute from "~/routes/api.openapi[.]json";
import * as sources from "~/routes/api.sources";
import * as subscribe from "~/routes/api.subscribe";
import * as trends from "~/routes/api.trends";
import { addArticle } from "../support/articles";
import { call, form, makeUser, type TestUser } from "../support/auth";
import { describedSchema, expectDescribed, expectRequestDescribed, openApi as document } from "../support/openapi";

const ORIGIN = { Origin: "http://localhost" };
let articleId: number;
let admin: TestUser;

/** Each API route file by the path it serves: its name with `$id` as `{id}` and `[.]` as a dot. */
const ROUTE_FILES = new Map(
  fs
    .readdirSync("app/routes")
    .filter((file) => file.startsWith("api."))
    .map((file) => {
      const path = `/${file.replace(/\.tsx?$/, "")}`
        .replace(/\[\.\]/g, "\u0000")
        .replace(/\./g, "/")
        .replace(/\u0000/g, ".")
        .replace(/\$(\w+)/g, "{$1}");
      return [path, file] as const;
    }),
);

const routeModule = async (file: string) => (await import(`../../app/routes/${file.replace(/\.tsx?$/, "")}`)) as Parameters<typeof call>[0];

/** Sends a JSON body to a route after checking it against the description; the answer is checked too. */
async function sendDescribed(route: Parameters<typeof call>[0], path: string, method: string, options: Parameters<typeof call>[2] & { body: unknown }) {
  expectRequestDescribed(path, method, options.body);
  const response = await call(
    route,
    path.replace(/\{(\w+)\}/g, (_, name: string) => options.params?.[name] ?? name),
    { method: method.toUpperCase(), ...options },
  );
  await expectDescribed(response.clone(), path, method);
  return response;
}

beforeAll(async () => {
  articleId = await addArticle({
    title: "Agency rescinds a reporting rule",
    agencies: ["Department of Labor"],
    documentType: "Rule",
    documentNumber: "2025-00001",
  });
  await addArticle({ title: "Court vacates a rule" });
  admin = await makeUser("admin");
});

describe("the description", () => {
  it("is OpenAPI 3.1 with every reference resolving", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toBeTruthy();
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of new Set(refs)) {
      const name = /#\/components\/schemas\/(\w+)/.exec(ref)?.[1];
      expect(name && name in document.components.schemas, ref).toBe(true);
    }
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(methods)) {
        expect((operation as { summary?: string }).summary, `${method} ${path}`).toBeTruthy();
        expect(Object.keys((operation as { responses: object }).responses).length, `${method} ${path}`).toBeGreaterThan(0);
      }
  });

  it("describes every API route file, and no path without one", () => {
    expect(Object.keys(document.paths).sort()).toEqual([...ROUTE_FILES.keys()].sort());
  });

  it("lists exactly the methods each route takes", async () => {
    for (const [path, file] of ROUTE_FILES) {
      const route = await routeModule(file);
      const listed = API.filter((endpoint) => endpoint.path === path).map((endpoint) => endpoint.method);
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        const url = path.replace(/\{\w+\}/g, "1");
        // A page without an action (/api/docs) is answered 405 by Remix itself.
        const takes = method === "GET" ? route.loader : route.action;
        const answer = takes
          ? await call(route, url, { method, headers: ORIGIN, params: { id: "1", token: "x" }, body: method === "GET" ? undefined : {} })
          : undefined;
        // A page's loader (/api/docs) gives its data, not a Response.
        const status = !takes ? 405 : answer instanceof Response ? answer.status : 200;
        expect(status === 405, `${method} ${path}: ${status}`).toBe(!listed.includes(method as never));
      }
    }
  });

  it("gives the route files of operations their handler from the list, by method and path", () => {
    for (const [path, file] of ROUTE_FILES) {
      const endpoints = API.filter((endpoint) => endpoint.path === path);
      if (!endpoints.some((endpoint) => endpoint.operation)) continue;
      const source = fs.readFileSync(`app/routes/${file}`, "utf8");
      expect(source, file).toContain(`apiAction("${path}"`);
      // A path that also has a public read (GET /api/articles/{id}) keeps that loader in its route file.
      if (endpoints.every((endpoint) => endpoint.operation)) expect(source, file).toContain(`apiLoader("${path}")`);
    }
  });

  it("describes every request body, with the role of every signed-in operation", () => {
    for (const endpoint of API) {
      const described = (document.paths as Record<string, Record<string, { requestBody?: unknown; description?: string; security?: unknown }>>)[endpoint.path][
        endpoint.method.toLowerCase()
      ];
      expect(Boolean(described.requestBody), `${endpoint.method} ${endpoint.path}`).toBe(Boolean(endpoint.input));
      if (endpoint.role === "public") expect(described.security, `${endpoint.method} ${endpoint.path}`).toBeUndefined();
      else expect(described.description, `${endpoint.method} ${endpoint.path}`).toContain(`Needs the ${endpoint.role} role or higher.`);
    }
    // Every body an operation parses is in the list: none is left undescribed.
    const writes = API.filter((endpoint) => endpoint.method !== "GET" && endpoint.operation && endpoint.input);
    expect(writes.length).toBeGreaterThan(12);
  });

  it("is served as JSON and as a page to read", async () => {
    const served = await call(openApiRoute, "/api/openapi.json");
    expect(served.status).toBe(200);
    expect((await served.json()).openapi).toBe("3.1.0");
    const page = (await docsPage.loader()) as Awaited<ReturnType<typeof docsPage.loader>>;
    expect(page.operations.length).toBe(Object.values(document.paths).reduce((n, methods) => n + Object.keys(methods).length, 0));
  });
});

describe("real answers match it", () => {
  it("for the public reads", async () => {
    await expectDescribed(await call(articles, "/api/articles"), "/api/articles", "get");
    await expectDescribed(
      await call(articles, "/api/articles?category=regulatory-rollbacks&agency=Department%20of%20Labor&type=rule&limit=5"),
      "/api/articles",
      "get",
    );
    await expectDescribed(await call(articles, "/api/articles?limit=0x10"), "/api/articles", "get");
    await expectDescribed(await call(article, `/api/articles/${articleId}`, { params: { id: String(articleId) } }), "/api/articles/{id}", "get");
    await expectDescribed(await call(article, "/api/articles/999999", { params: { id: "999999" } }), "/api/articles/{id}", "get");
    await expectDescribed(await call(sources, "/api/sources"), "/api/sources", "get");
    await expectDescribed(await call(trends, "/api/trends"), "/api/trends", "get");
    await execute(
      db()
        .insert(t.trends)
        .values({ date: "2026-11-20", trendsAnalysis: "Rollbacks rose.", keyInsights: ["Rollbacks doubled"] }),
    );
    await expectDescribed(await call(trends, "/api/trends"), "/api/trends", "get");
    await expectDescribed(await call(feedState, `/api/feed-state?ids=${articleId}`), "/api/feed-state", "get");
    await expectDescribed(await call(feedState, "/api/feed-state?ids=x"), "/api/feed-state", "get");
    await expectDescribed(await call(ledgerApi, "/api/ledger"), "/api/ledger", "get");
    await expectDescribed(await call(ledgerApi, "/api/ledger?fy=2026"), "/api/ledger", "get");
    await expectDescribed(await call(ledgerApi, "/api/ledger?fy=26"), "/api/ledger", "get");
  });

  it("for the public writes", async () => {
    const patch = (path: string) => call(bookmark, path, { method: "PATCH", headers: ORIGIN, params: { id: String(articleId) } });
    await expectDescribed(await patch(`/api/articles/${articleId}/bookmark`), "/api/articles/{id}/bookmark", "patch");
    await expectDescribed(
      await call(subscribe, "/api/subscribe", { method: "POST", headers: ORIGIN, body: { email: "reader@example.com" } }),
      "/api/subscribe",
      "post",
    );
    await expectDescribed(await call(subscribe, "/api/subscribe", { method: "POST", headers: ORIGIN, body: { email: "nope" } }), "/api/subscribe", "post");
    await expectDescribed(
      await call(alertsApi, "/api/alerts", {
        method: "POST",
        headers: ORIGIN,
        body: { email: "reader@example.com", category: "legal-decisions", frequency: "daily", hour: 7 },
      }),
      "/api/alerts",
      "post",
    );
    await expectDescribed(
      await call(alertsApi, "/api/alerts", { method: "POST", headers: ORIGIN, body: { email: "reader@example.com", frequency: "hourly" } }),
      "/api/alerts",
      "post",
    );
  });

  it("for feedback of every type the server takes, a source suggestion included", async () => {
    for (const type of ["bug", "suggestion", "source", "general"]) {
      const sent = await sendDescribed(feedbackApi, "/api/feedback", "post", {
        headers: ORIGIN,
        body: { type, subject: `A ${type}`, message: "Details", email: "reader@example.com" },
      });
      expect(sent.status, type).toBe(201);
    }
  });

  it("for the admin API, signed in and not", async () => {
    await expectDescribed(await call(adminAlerts, "/api/admin/alerts", { user: admin }), "/api/admin/alerts", "get");
    await expectDescribed(await call(adminAlerts, "/api/admin/alerts"), "/api/admin/alerts", "get");
    await expectDescribed(
      await call(adminSources, "/api/admin/sources", { method: "POST", user: admin, headers: ORIGIN, body: { name: "", url: "not a url" } }),
      "/api/admin/sources",
      "post",
    );
    await expectDescribed(
      await call(adminSources, "/api/admin/sources", { method: "POST", headers: ORIGIN, body: { name: "x" } }),
      "/api/admin/sources",
      "post",
    );
  });

  it("for every operation, the request as sent and the answer as given", async () => {
    const viewer = await makeUser("viewer");
    const mover = await makeUser("viewer");
    const renamer = await makeUser("viewer");
    /** Sends a request to the route of `method path` (ids in `params`), checking the body and the answer. */
    const send = async (
      method: string,
      path: string,
      status: number,
      options: { body?: unknown; params?: Record<string, string>; user?: TestUser; refused?: true } = {},
    ) => {
      const { body, params = {}, user = admin, refused } = options;
      // A body sent to be refused is not one the description allows; only its answer is checked.
      if (body !== undefined && !refused) expectRequestDescribed(path, method.toLowerCase(), body);
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]));
      const answer = await call(await routeModule(ROUTE_FILES.get(path)!), url, { method, params, user, headers: ORIGIN, body });
      expect(answer.status, `${method} ${path}: ${await answer.clone().text()}`).toBe(status);
      await expectDescribed(answer.clone(), path, method.toLowerCase());
      return answer.json();
    };
    const id = (value: number) => ({ id: String(value) });

    const source = await send("POST", "/api/admin/sources", 201, {
      body: { name: "Agency feed", url: "https://described.example.gov/rss", category: "government", keywords: ["epa"] },
    });
    await send("PATCH", "/api/admin/sources/{id}", 200, { params: id(source.id), body: { name: "Renamed feed", keywords: "epa, osha" } });
    await send("PATCH", "/api/admin/sources/{id}/toggle", 200, { params: id(source.id) });
    await send("DELETE", "/api/admin/sources/{id}", 200, { params: id(source.id) });

    await send("PATCH", "/api/articles/{id}/tags", 200, { params: id(articleId), body: { tags: ["epa"], priority: "low" } });
    await send("PATCH", "/api/articles/{id}/category", 200, { params: id(articleId), body: { category: "regulatory-rollbacks" } });
    await send("GET", "/api/articles/{id}/suggest-tags", 200, { params: id(articleId) });
    const added = await send("POST", "/api/admin/add-article", 201, {
      body: { url: "https://example.gov/described", title: "Typed in", summary: "By hand", category: "policy-analysis", tags: ["sec"] },
    });
    await send("DELETE", "/api/articles/{id}", 200, { params: id(added.id) });
    await send("POST", "/api/admin/extract-article", 422, { body: { url: "http://127.0.0.1:9/notice" } });
    await send("POST", "/api/admin/extract-article", 400, { body: { url: "" }, refused: true });

    const feedbackId = (await first(db().insert(t.feedback).values({ type: "bug", subject: "Broken", message: "A link 404s" }).returning()))!.id;
    await send("PATCH", "/api/feedback/{id}/status", 200, { params: id(feedbackId), body: { status: "resolved" } });
    await send("POST", "/api/feedback/archive-old", 200);
    await send("GET", "/api/feedback", 200, { user: viewer });

    const subscriberId = (await first(db().insert(t.subscribers).values({ email: "described@example.com" }).returning()))!.id;
    await send("GET", "/api/admin/subscribers", 200);
    await send("PATCH", "/api/admin/subscribers/{id}/status", 200, { params: id(subscriberId), body: { isActive: false } });
    await send("POST", "/api/admin/send-test-newsletter", 200);

    await send("GET", "/api/admin/users", 200);
    await send("PATCH", "/api/admin/users/{id}/status", 200, { params: id(viewer.id), body: { disabled: true } });
    await send("DELETE", "/api/admin/users/{id}", 200, { params: id(viewer.id) });
    await send("PATCH", "/api/admin/update-email", 200, {
      user: renamer,
      body: { newEmail: "renamed@example.com", currentPassword: renamer.password },
    });
    await send("PATCH", "/api/admin/update-password", 200, { user: mover, body: { currentPassword: mover.password, newPassword: "a-new-password" } });

    const invitation = await send("POST", "/api/invitations", 201, { body: { email: "described-invitee@example.com", role: "editor" } });
    await send("GET", "/api/invitations/{token}", 200, { params: { token: invitation.inviteToken } });
    await send("POST", "/api/invitations/{token}/accept", 201, { params: { token: invitation.inviteToken }, body: { password: "secret-1" } });

    // No job runner runs here: every job answers at once that it is queued.
    await send("POST", "/api/admin/scrape", 202);
    await send("POST", "/api/admin/backfill", 202, { body: { daysBack: 30 } });
    await send("POST", "/api/admin/generate-trends", 202);
    await send("POST", "/api/admin/recategorize", 202);
    await send("POST", "/api/admin/fix-priorities", 202);

    await send("POST", "/api/auth/login", 200, { body: { email: admin.email, password: admin.password } });
    await send("POST", "/api/auth/login", 401, { body: { email: admin.email, password: "not-the-password" } });
    await send("POST", "/api/auth/forgot-password", 200, { body: { email: admin.email } });
    await send("POST", "/api/auth/reset-password", 400, { body: { token: "not-a-token", newPassword: "a-new-password" } });
    await send("POST", "/api/auth/logout", 200);
  });

  it("for the forms a page posts without JavaScript", async () => {
    const values = { bookmarked: "true", returnTo: "/?category=legal-decisions" };
    expectRequestDescribed("/api/articles/{id}/bookmark", "post", values, "application/x-www-form-urlencoded");
    const saved = await call(bookmark, `/api/articles/${articleId}/bookmark`, {
      method: "POST",
      headers: ORIGIN,
      params: { id: String(articleId) },
      body: form(values),
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/?category=legal-decisions#article-${articleId}`);
    expect((document.paths as Record<string, Record<string, { responses: object }>>)["/api/articles/{id}/bookmark"].post.responses).toHaveProperty("302");
    await expectDescribed(
      await call(viewApi, `/api/articles/${articleId}/view`, { method: "PATCH", headers: ORIGIN, params: { id: String(articleId) } }),
      "/api/articles/{id}/view",
      "patch",
    );
  });

  it("for a method a route does not take: an error in the same shape", async () => {
    const refused = (await call(articles, "/api/articles", { method: "POST", headers: ORIGIN, body: {} })) as Response;
    expect(refused.status).toBe(405);
    const validate = describedSchema("components", "schemas", "Error");
    expect(validate(await refused.json())).toBe(true);
  });
});
