// Who may call each admin /api route, on real sessions: the route's OpenAPI description names the role it needs,
// no session or token is 401, a lower role 403, the role and those above it get through. Routes: /api/invitations,
// /api/admin/{extract-article, add-article, subscribers, subscribers/{id}/status, users, users/{id},
// users/{id}/status, send-test-newsletter, scrape, backfill, generate-trends, recategorize, fix-priorities, sources,
// sources/{id}, sources/{id}/toggle, update-email, update-password}, /api/articles/{id} (tags, category,
// suggest-tags, DELETE), /api/feedback/{id}/status and /api/feedback/archive-old.
import { describe, expect, it } from "vitest";
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
import * as archiveOld from "~/routes/api.feedback.archive-old";
import * as feedbackStatus from "~/routes/api.feedback.$id.status";
import * as invitations from "~/routes/api.invitations";
import { openApiDocument } from "~/api-docs/openapi.server";
import { newAccount, newFeedback, newSource, newSubscriber, nextUnique, setUpAdminApi, type Role } from "../support/admin-api";
import { addArticle as insertTestArticle } from "../support/articles";
import { call } from "../support/auth";

const { users } = setUpAdminApi({ runner: true });

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
    setup: () => ({ body: { email: `new${nextUnique()}@example.com`, role: "editor", invitedBy: "ignored" } }),
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
        url: `https://example.gov/manual-${nextUnique()}`,
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
    setup: () => ({ body: { name: "New feed", url: `https://example.gov/new-${nextUnique()}.xml`, category: "news", keywords: ["epa"] } }),
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
