// Sessions, API tokens and cross-site requests on the admin /api: the cross-site refusal of a POST carrying the
// session cookie (/api/admin/scrape, /api/auth/login); a personal API token until it is revoked
// (admin/operations.server); login's messages and its failed-attempt limits (/api/auth/login); changing the password
// (/api/admin/update-password) and the email (/api/admin/update-email) of one's own account.
import { describe, expect, it } from "vitest";
import * as scrape from "~/routes/api.admin.scrape";
import * as subscribers from "~/routes/api.admin.subscribers";
import * as updateEmail from "~/routes/api.admin.update-email";
import * as updatePassword from "~/routes/api.admin.update-password";
import * as login from "~/routes/api.auth.login";
import { setUpAdminApi } from "../support/admin-api";
import { call, makeUser } from "../support/auth";

const { users } = setUpAdminApi();

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
