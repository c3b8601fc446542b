// What the admin /api routes answer to bad calls: 400 with a message naming the field for bad input and bodies that
// are not a JSON object (/api/admin/sources, add-article, extract-article, backfill, update-password, update-email,
// users/{id}/status, subscribers/{id}/status, /api/invitations, /api/articles/{id}/tags and category,
// /api/feedback/{id}/status); 404 for unknown and malformed ids on every route with an {id}; 405 for the wrong method.
import { describe, expect, it } from "vitest";
import * as addArticle from "~/routes/api.admin.add-article";
import * as backfill from "~/routes/api.admin.backfill";
import * as extractArticle from "~/routes/api.admin.extract-article";
import * as sources from "~/routes/api.admin.sources";
import * as sourceById from "~/routes/api.admin.sources.$id";
import * as sourceToggle from "~/routes/api.admin.sources.$id.toggle";
import * as subscriberStatus from "~/routes/api.admin.subscribers.$id.status";
import * as updateEmail from "~/routes/api.admin.update-email";
import * as updatePassword from "~/routes/api.admin.update-password";
import * as userById from "~/routes/api.admin.users.$id";
import * as userStatus from "~/routes/api.admin.users.$id.status";
import * as articleById from "~/routes/api.articles.$id";
import * as articleCategory from "~/routes/api.articles.$id.category";
import * as suggestTags from "~/routes/api.articles.$id.suggest-tags";
import * as articleTags from "~/routes/api.articles.$id.tags";
import * as feedbackStatus from "~/routes/api.feedback.$id.status";
import * as invitations from "~/routes/api.invitations";
import { newAccount, newFeedback, newSubscriber, setUpAdminApi } from "../support/admin-api";
import { addArticle as insertTestArticle } from "../support/articles";
import { call } from "../support/auth";

const { users } = setUpAdminApi();

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
