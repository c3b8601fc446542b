// Account security on the real route handlers: rate limits that count failures only (so attackers are
// stopped and innocent people are not), disabled and deleted accounts, the last active admin, API token
// expiry, tokens that cannot mint tokens, password resets that leave a thief nothing, and rehashing
// passwords stored at an older scrypt cost.
import { randomBytes, scryptSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createApiToken, TOKEN_CANNOT_CREATE_TOKENS } from "~/auth/account.server";
import { ACCOUNT_DISABLED } from "~/auth/login.server";
import { HASH_LIMITS, hashesInFlight, hashPassword, verifyPassword } from "~/auth/password.server";
import { RESET_INVALID_TOKEN } from "~/auth/password-reset.server";
import { createSession, userFromSession } from "~/auth/session.server";
import { hashToken } from "~/auth/tokens.server";
import { LAST_ADMIN_MESSAGE } from "~/auth/user-admin.server";
import { db, execute, first, t } from "~/db.server";
import { addressRateKey, hitRateLimit, RATE_LIMITS } from "~/rate-limit.server";
import * as adminPage from "~/routes/admin";
import * as usersApi from "~/routes/api.admin.users";
import * as userById from "~/routes/api.admin.users.$id";
import * as userStatus from "~/routes/api.admin.users.$id.status";
import * as scrape from "~/routes/api.admin.scrape";
import * as updateEmail from "~/routes/api.admin.update-email";
import * as login from "~/routes/api.auth.login";
import * as resetApi from "~/routes/api.auth.reset-password";
import * as acceptApi from "~/routes/api.invitations.$token.accept";
import { call, cookieFrom, form, makeUser, type TestUser } from "../support/auth";

const from = (address: string) => ({ "X-Forwarded-For": address });
const logIn = (email: string, password: string, address: string) =>
  call(login, "/api/auth/login", { method: "POST", body: { email, password }, headers: from(address) });
const sessionOf = (cookie: string) => userFromSession(new Request("http://localhost/", { headers: { Cookie: cookie } }));
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

// Each test hashes up to a dozen passwords at the production scrypt cost (app/auth/password.server.ts), about half a
// second each on an idle core: bounded work that a busy machine stretches well past the default 30 s.
vi.setConfig({ testTimeout: 180_000 });

let admin: TestUser;

beforeAll(async () => {
  // The only admin of this file's database: the last-admin rule is tested against it.
  admin = await makeUser("admin");
});

describe("login limits count failures only", () => {
  it("an attacker's wrong guesses from address A do not stop the right password from address B, and A gets 429 with Retry-After", async () => {
    const owner = await makeUser("editor", "owner-password");
    const guesses = await Promise.all(Array.from({ length: 10 }, (_, i) => logIn(owner.email, `guess-${i}`, "198.51.100.1")));
    expect(guesses.map((r) => r.status)).toEqual(Array(10).fill(401));
    const throttled = await logIn(owner.email, "guess-11", "198.51.100.1");
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await logIn(owner.email, "owner-password", "198.51.100.1")).status).toBe(429);
    expect((await logIn(owner.email, "owner-password", "198.51.100.2")).status).toBe(200);
  });

  it("successful logins never count: an office behind one address logs in as often as it needs", async () => {
    const user = await makeUser("viewer", "office-password");
    const logins = await Promise.all(Array.from({ length: 11 }, () => logIn(user.email, "office-password", "198.51.100.3")));
    expect(logins.map((r) => r.status)).toEqual(Array(11).fill(200));
  });

  it("the login form (remix-auth's form strategy) answers a wrong password 401 and signs in with the right one", async () => {
    const user = await makeUser("viewer", "form-password");
    const post = (password: string) =>
      call(adminPage, "/admin?index", { method: "POST", body: form({ intent: "login", email: user.email, password }), headers: from("198.51.100.9") });
    const wrong = await post("wrong-password");
    expect([wrong.status, (await wrong.json()).toast.message]).toEqual([401, "Invalid credentials"]);
    const right = await post("form-password");
    expect(right.status).toBe(302);
    expect(right.headers.get("Set-Cookie")).toMatch(/__session=/);
  });

  it("an address that sprays guesses over many accounts is throttled for every account", async () => {
    const user = await makeUser("viewer", "sprayed-password");
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerAddress.limit; i++) await hitRateLimit(RATE_LIMITS.loginFailuresPerAddress, addressRateKey("198.51.100.4"));
    expect((await logIn(user.email, "sprayed-password", "198.51.100.4")).status).toBe(429);
    expect((await logIn(user.email, "sprayed-password", "198.51.100.5")).status).toBe(200);
  });
});

describe("a burst of logins", () => {
  const statuses = (answers: Response[]) => answers.map((r) => r.status).sort();
  const expectRetryAfter = (answers: Response[]) => {
    for (const answer of answers.filter((r) => r.status === 429)) expect(answer.headers.get("Retry-After")).toMatch(/^[1-9]\d*$/);
  };

  it("from one address against one account runs only the account limit's hashes: the rest of the burst gets 429 with Retry-After", async () => {
    const owner = await makeUser("editor", "burst-owner-password");
    const limit = RATE_LIMITS.loginFailuresPerAccount.limit;
    // Sent together: every guess passes the check before the first failure is counted, unless attempts in flight count.
    const guesses = await Promise.all(Array.from({ length: 3 * limit }, (_, i) => logIn(owner.email, `burst-guess-${i}`, "198.51.100.20")));
    expect(statuses(guesses)).toEqual([...Array(limit).fill(401), ...Array(2 * limit).fill(429)]);
    expectRetryAfter(guesses);
  });

  it("from one address over many accounts stops at the address limit, counting the attempts still in flight", async () => {
    const limit = RATE_LIMITS.loginFailuresPerAddress.limit;
    // Failures counted earlier in the window: five more may run.
    for (let i = 0; i < limit - 5; i++) await hitRateLimit(RATE_LIMITS.loginFailuresPerAddress, addressRateKey("198.51.100.21"));
    const guesses = await Promise.all(Array.from({ length: 15 }, (_, i) => logIn(`sprayed-${i}@nobody.example`, "a-guess", "198.51.100.21")));
    expect(statuses(guesses)).toEqual([...Array(5).fill(401), ...Array(10).fill(429)]);
    expectRetryAfter(guesses);
  });

  it("from many addresses hashes at most HASH_LIMITS.running passwords at once, refuses past the waiting line with 429, and the right password gets in after", async () => {
    const user = await makeUser("viewer", "after-the-burst");
    const addresses = Array.from({ length: 40 }, (_, i) => `192.0.2.${100 + i}`);
    let mostInFlight = 0;
    const sampler = setInterval(() => (mostInFlight = Math.max(mostInFlight, hashesInFlight())), 1);
    const answers = await Promise.all(addresses.map((address, i) => logIn(`stranger-${i}@nobody.example`, "a-guess", address))).finally(() =>
      clearInterval(sampler),
    );
    expect(mostInFlight).toBe(HASH_LIMITS.running);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(addresses.length - HASH_LIMITS.running - HASH_LIMITS.waiting);
    expect(answers.filter((r) => r.status !== 429).map((r) => r.status)).toEqual(Array(addresses.length - refused.length).fill(401));
    expectRetryAfter(answers);
    expect((await refused[0].json()).message).toMatch(/try again/);
    // A busy server's refusal is no failure of the caller's: the refused address signs in at once.
    const refusedAddress = addresses[answers.indexOf(refused[0])];
    expect((await logIn(user.email, "after-the-burst", refusedAddress)).status).toBe(200);
  });
});

describe("reset and invitation limits count failures per address only", () => {
  async function newReset(userId: number) {
    const token = randomBytes(32).toString("base64url");
    await execute(
      db()
        .insert(t.passwordResets)
        .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) }),
    );
    return token;
  }
  const reset = (token: string, address: string) =>
    call(resetApi, "/api/auth/reset-password", { method: "POST", body: { token, newPassword: "a-new-password" }, headers: from(address) });

  async function newInvitation() {
    const token = randomBytes(32).toString("base64url");
    await execute(
      db()
        .insert(t.invitations)
        .values({
          email: `invited-${randomBytes(4).toString("hex")}@example.com`,
          role: "viewer",
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + 3_600_000),
        }),
    );
    return token;
  }
  const accept = (token: string, address: string) =>
    call(acceptApi, "/x", { method: "POST", params: { token }, body: { password: "secret1" }, headers: from(address) });

  it("junk reset tokens throttle their address (429 with Retry-After) while a valid token from another address works", async () => {
    const user = await makeUser("viewer");
    for (let i = 0; i < 10; i++) expect((await reset(`junk-${i}`, "192.0.2.10")).status).toBe(400);
    const throttled = await reset(await newReset(user.id), "192.0.2.10");
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await reset(await newReset(user.id), "192.0.2.11")).status).toBe(200);
  });

  it("valid reset tokens never count: eleven resets from one address all succeed", async () => {
    const user = await makeUser("viewer");
    for (let i = 0; i < 11; i++) expect((await reset(await newReset(user.id), "192.0.2.12")).status).toBe(200);
  });

  it("junk invitation tokens throttle their address while a valid invitation from another address is accepted", async () => {
    for (let i = 0; i < 10; i++) expect((await accept(`junk-${i}`, "192.0.2.20")).status).toBe(404);
    const throttled = await accept(await newInvitation(), "192.0.2.20");
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await accept(await newInvitation(), "192.0.2.21")).status).toBe(201);
  });

  it("accepted invitations never count: eleven from one address all succeed", async () => {
    const accepted = await Promise.all(Array.from({ length: 11 }, async () => accept(await newInvitation(), "192.0.2.22")));
    expect(accepted.map((r) => r.status)).toEqual(Array(11).fill(201));
  });

  it("a reset ends every session, revokes every API token and invalidates the account's other reset links", async () => {
    const user = await makeUser("editor");
    const token = (await createApiToken(user.id, "script")).token;
    const [first, second] = [await newReset(user.id), await newReset(user.id)];
    expect((await reset(first, "192.0.2.30")).status).toBe(200);
    expect(await sessionOf(user.cookie)).toBeUndefined();
    expect((await call(scrape, "/api/admin/scrape", { method: "POST", headers: bearer(token) })).status).toBe(401);
    const stale = await reset(second, "192.0.2.30");
    expect([stale.status, (await stale.json()).message]).toEqual([400, RESET_INVALID_TOKEN]);
  });
});

describe("disabling and deleting accounts", () => {
  it("a disabled user's session and API token stop at once and the right password is refused; enabling restores login", async () => {
    const user = await makeUser("editor", "editor-password");
    const token = (await createApiToken(user.id, "script")).token;
    const disabled = await call(userStatus, "/x", { method: "PATCH", user: admin, params: { id: String(user.id) }, body: { disabled: true } });
    expect(await disabled.json()).toMatchObject({ id: user.id, disabled: true });
    expect(await sessionOf(user.cookie)).toBeUndefined();
    expect((await call(scrape, "/api/admin/scrape", { method: "POST", headers: bearer(token) })).status).toBe(401);
    const refused = await logIn(user.email, "editor-password", "203.0.113.40");
    expect([refused.status, (await refused.json()).message]).toEqual([403, ACCOUNT_DISABLED]);

    const listed = await (await call(usersApi, "/api/admin/users", { user: admin })).json();
    expect(listed.find((u: { id: number }) => u.id === user.id)).toMatchObject({ email: user.email, role: "editor", disabled: true });

    await call(userStatus, "/x", { method: "PATCH", user: admin, params: { id: String(user.id) }, body: { disabled: false } });
    expect((await logIn(user.email, "editor-password", "203.0.113.40")).status).toBe(200);
  });

  it("refuses to disable or delete the last active admin (409), even oneself", async () => {
    const self = { method: "PATCH", user: admin, params: { id: String(admin.id) } };
    const disable = await call(userStatus, "/x", { ...self, body: { disabled: true } });
    expect([disable.status, (await disable.json()).message]).toEqual([409, LAST_ADMIN_MESSAGE]);
    const remove = await call(userById, "/x", { method: "DELETE", user: admin, params: { id: String(admin.id) } });
    expect(remove.status).toBe(409);
    expect(await sessionOf(admin.cookie)).toBeDefined();

    // With a second admin the first may go; then the second is the last one.
    const second = await makeUser("admin");
    const gone = await makeUser("admin");
    expect((await call(userById, "/x", { method: "DELETE", user: second, params: { id: String(gone.id) } })).status).toBe(200);
    expect(await first(db().select().from(t.users).where(eq(t.users.id, gone.id)))).toBeUndefined();
    expect((await call(userStatus, "/x", { method: "PATCH", user: second, params: { id: String(admin.id) }, body: { disabled: true } })).status).toBe(200);
    const last = await call(userStatus, "/x", { method: "PATCH", user: second, params: { id: String(second.id) }, body: { disabled: true } });
    expect(last.status).toBe(409);
    // Back to one enabled admin for the other tests.
    await call(userStatus, "/x", { method: "PATCH", user: second, params: { id: String(admin.id) }, body: { disabled: false } });
    admin = { ...admin, cookie: cookieFrom(await createSession(admin.id)) };
  });

  it("the dashboard's Users panel forms disable and delete without JavaScript (redirect with a toast)", async () => {
    const user = await makeUser("viewer");
    const disabled = await call(adminPage, "/admin?index", {
      method: "POST",
      user: admin,
      body: form({ intent: "user-status", id: String(user.id), disabled: "true" }),
    });
    expect(disabled.status).toBe(302);
    expect((await first(db().select().from(t.users).where(eq(t.users.id, user.id))))?.disabledAt).toBeInstanceOf(Date);
    const deleted = await call(adminPage, "/admin?index", { method: "POST", user: admin, body: form({ intent: "delete-user", id: String(user.id) }) });
    expect(deleted.status).toBe(302);
    expect(await first(db().select().from(t.users).where(eq(t.users.id, user.id)))).toBeUndefined();
    const editor = await makeUser("editor");
    const refused = await call(adminPage, "/admin?index", {
      method: "POST",
      user: editor,
      body: form({ intent: "delete-user", id: String(admin.id), respond: "json" }),
    });
    expect(refused.status).toBe(403);
  });
});

describe("a stolen session guessing the current password", () => {
  it("is stopped after 10 wrong guesses per account (429), even with the right password", async () => {
    const user = await makeUser("viewer", "owner-password");
    const change = (currentPassword: string) => call(updateEmail, "/x", { method: "PATCH", user, body: { newEmail: "thief@example.com", currentPassword } });
    expect((await change("guess-1")).status).toBe(400);
    for (let i = 1; i < RATE_LIMITS.currentPasswordFailures.limit; i++) await hitRateLimit(RATE_LIMITS.currentPasswordFailures, `user:${user.id}`);
    const stopped = await change("owner-password");
    expect(stopped.status).toBe(429);
    expect(stopped.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("API tokens", () => {
  it("carry an optional expiry and are refused (401) once it has passed", async () => {
    const user = await makeUser("editor");
    const created = await call(adminPage, "/admin?index", {
      method: "POST",
      user,
      body: form({ intent: "create-token", name: "month", expiresInDays: "30", respond: "json" }),
    });
    const { result } = await created.json();
    expect(Date.parse(result.expiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect((await call(scrape, "/api/admin/scrape", { method: "POST", headers: bearer(result.token) })).status).toBe(202);
    await execute(
      db()
        .update(t.apiTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(t.apiTokens.id, result.id)),
    );
    expect((await call(scrape, "/api/admin/scrape", { method: "POST", headers: bearer(result.token) })).status).toBe(401);

    const past = await call(adminPage, "/admin?index", {
      method: "POST",
      user,
      body: form({ intent: "create-token", name: "x", expiresAt: "2000-01-01", respond: "json" }),
    });
    expect(past.status).toBe(400);
    expect((await past.json()).toast.message).toContain("'expiresAt' must be in the future");
  });

  it("a request authenticated by an API token cannot create tokens (403)", async () => {
    const user = await makeUser("admin");
    const { token } = await createApiToken(user.id, "script");
    const attempt = await call(adminPage, "/admin?index", {
      method: "POST",
      headers: bearer(token),
      body: form({ intent: "create-token", name: "longer-lived", respond: "json" }),
    });
    expect(attempt.status).toBe(403);
    expect((await attempt.json()).toast.message).toBe(TOKEN_CANNOT_CREATE_TOKENS);
    expect(await first(db().select().from(t.apiTokens).where(eq(t.apiTokens.name, "longer-lived")))).toBeUndefined();
  });
});

describe("password hashing", () => {
  it("hashes at OWASP's scrypt cost (N=2^17, r=8, p=1)", async () => {
    const hash = await hashPassword("a password");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword("a password", hash)).toBe(true);
  });

  it("rehashes a password stored at an older cost on the next successful login", async () => {
    const salt = randomBytes(16);
    const key = scryptSync("old-password", salt, 64, { N: 2 ** 14, r: 8, p: 1 });
    const oldHash = `scrypt$16384$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
    const user = (await first(db().insert(t.users).values({ email: "legacy@example.com", passwordHash: oldHash, role: "viewer" }).returning()))!;
    expect((await logIn("legacy@example.com", "old-password", "203.0.113.50")).status).toBe(200);
    const stored = (await first(db().select().from(t.users).where(eq(t.users.id, user.id))))!.passwordHash;
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword("old-password", stored)).toBe(true);
  });
});
