// Who may do what, against the production build over HTTP: every /api/admin/* route and every dashboard
// form intent (POST /admin) for anonymous callers, each role, an expired session and a revoked API token;
// a cross-origin form post refused; forged invitation and reset tokens refused.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DASHBOARD_INTENTS } from "~/http/dashboard-intents.server";
import { createApiToken, revokeApiToken } from "~/auth/account.server";
import { INVALID_INVITATION } from "~/auth/rules";
import { RESET_INVALID_TOKEN } from "~/auth/password-reset.server";
import { hashToken } from "~/auth/tokens.server";
import { db, t } from "~/db.server";
import { makeUser, type TestUser } from "../support/auth";
import type { ProductionServer } from "../support/prod-server";
import { nextClientAddress } from "./fixtures";
import { serveTestDatabase, startStandInRunner } from "./harness";

type Role = "viewer" | "editor" | "admin";
const RANK: Record<Role, number> = { viewer: 1, editor: 2, admin: 3 };

/** Each admin /api route and the least role that may call it. */
const API_ROUTES: { method: string; path: string; role: Role }[] = [
  { method: "POST", path: "/api/admin/scrape", role: "editor" },
  { method: "POST", path: "/api/admin/backfill", role: "editor" },
  { method: "POST", path: "/api/admin/recategorize", role: "editor" },
  { method: "POST", path: "/api/admin/fix-priorities", role: "editor" },
  { method: "POST", path: "/api/admin/generate-trends", role: "editor" },
  { method: "POST", path: "/api/admin/extract-article", role: "editor" },
  { method: "POST", path: "/api/admin/add-article", role: "editor" },
  { method: "POST", path: "/api/admin/sources", role: "editor" },
  { method: "DELETE", path: "/api/admin/sources/999999", role: "editor" },
  { method: "PATCH", path: "/api/admin/sources/999999/toggle", role: "editor" },
  { method: "GET", path: "/api/admin/subscribers", role: "admin" },
  { method: "PATCH", path: "/api/admin/subscribers/999999/status", role: "admin" },
  { method: "POST", path: "/api/admin/send-test-newsletter", role: "admin" },
  { method: "PATCH", path: "/api/admin/update-email", role: "viewer" },
  { method: "PATCH", path: "/api/admin/update-password", role: "viewer" },
  { method: "GET", path: "/api/admin/users", role: "admin" },
  { method: "PATCH", path: "/api/admin/users/999999/status", role: "admin" },
  { method: "DELETE", path: "/api/admin/users/999999", role: "admin" },
];

/** Intents a request authenticated by an API token may never run, whatever its role: a token cannot mint tokens. */
const SESSION_ONLY_INTENTS = new Set(["create-token"]);

/** The dashboard's form intents and their least role (start-job stands for every job button). */
const FORM_INTENTS: { intent: string; role: Role; fields?: Record<string, string> }[] = [
  ...Object.entries(DASHBOARD_INTENTS).map(([intent, op]) => ({ intent, role: op.role as Role })),
  { intent: "start-job", role: "editor", fields: { kind: "scrape" } },
];

let server: ProductionServer;
let users: Record<Role, TestUser>;
let expiredCookie: string;
let revokedToken: string;
let validToken: string;
let stopStandInRunner: () => void;

beforeAll(async () => {
  users = { viewer: await makeUser("viewer"), editor: await makeUser("editor"), admin: await makeUser("admin") };
  const expired = await makeUser("admin");
  expiredCookie = expired.cookie;
  db()
    .update(t.sessions)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(t.sessions.userId, expired.id))
    .run();
  const revoked = await createApiToken(users.admin.id, "revoked");
  await revokeApiToken(users.admin.id, revoked.id);
  revokedToken = revoked.token;
  validToken = (await createApiToken(users.admin.id, "valid")).token;
  stopStandInRunner = startStandInRunner("auth-test-runner");
  server = await serveTestDatabase("auth");
});

afterAll(async () => {
  stopStandInRunner();
  await server?.stop();
});

type Caller = { name: string; headers: () => Record<string, string>; role?: Role; denied?: 401 };

const callers = (): Caller[] => [
  { name: "anonymous", headers: () => ({}), denied: 401 },
  { name: "expired session", headers: () => ({ Cookie: expiredCookie }), denied: 401 },
  { name: "revoked API token", headers: () => ({ Authorization: `Bearer ${revokedToken}` }), denied: 401 },
  ...(["viewer", "editor", "admin"] as const).map((role) => ({ name: role, role, headers: () => ({ Cookie: users[role].cookie }) })),
  { name: "admin API token", role: "admin" as const, headers: () => ({ Authorization: `Bearer ${validToken}` }) },
];

/** 401 for no valid caller, 403 below the route's role, anything else (2xx, 400, 404, 422) once allowed. */
function expectAccess(status: number, caller: Caller, least: Role, label: string) {
  if (caller.denied) expect(status, label).toBe(caller.denied);
  else if (RANK[caller.role!] < RANK[least]) expect(status, label).toBe(403);
  else {
    expect([401, 403], label).not.toContain(status);
    expect(status, label).toBeLessThan(500);
  }
}

describe("admin /api routes", () => {
  for (const caller of callers()) {
    it(`answers ${caller.name} according to each route's role`, async () => {
      for (const route of API_ROUTES) {
        const response = await fetch(`${server.url}${route.path}`, {
          method: route.method,
          headers: { Origin: server.url, ...(route.method === "GET" ? {} : { "Content-Type": "application/json" }), ...caller.headers() },
          body: route.method === "GET" ? undefined : "{}",
        });
        const body = await response.json();
        expectAccess(response.status, caller, route.role, `${caller.name} ${route.method} ${route.path}`);
        expect(typeof body.message === "string" || response.ok, `${route.path} answers a message`).toBe(true);
      }
    });
  }
});

describe("dashboard form actions (POST /admin)", () => {
  for (const caller of callers()) {
    it(`answers ${caller.name} according to each intent's role`, async () => {
      for (const { intent, role, fields } of FORM_INTENTS) {
        const response = await fetch(`${server.url}/admin?index`, {
          method: "POST",
          headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", ...caller.headers() },
          body: new URLSearchParams({ intent, respond: "json", ...fields }),
          redirect: "manual",
        });
        if (caller.name.includes("API token") && !caller.denied && SESSION_ONLY_INTENTS.has(intent))
          expect(response.status, `${caller.name} intent=${intent}`).toBe(403);
        else expectAccess(response.status, caller, role, `${caller.name} intent=${intent}`);
      }
    });
  }

  it("sends an anonymous no-JavaScript form post back to the sign-in page without acting", async () => {
    const before = db().select().from(t.sources).all().length;
    const response = await fetch(`${server.url}/admin?index`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "create-source", name: "Anonymous", url: "https://example.gov/anon.xml", category: "government" }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
    expect(db().select().from(t.sources).all().length).toBe(before);
  });

  it("refuses a cross-origin form post carrying an admin's session cookie", async () => {
    const url = `https://example.gov/csrf-${Date.now()}.xml`;
    const post = (origin: string, path = "/admin?index") =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        // What a browser sends with a whole-page form post.
        headers: {
          Origin: origin,
          Cookie: users.admin.cookie,
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: "text/html,application/xhtml+xml,*/*;q=0.8",
        },
        body: new URLSearchParams({ intent: "create-source", name: "Planted feed", url, category: "government" }),
        redirect: "manual",
      });
    const linesBefore = server.alarmingLines.length;
    // The fetcher's data request reaches the app, whose origin check answers 403.
    const refused = await post("http://evil.example", "/admin?index&_data=routes%2Fadmin");
    expect(refused.status).toBe(403);
    expect((await refused.json()).toast.message).toBe("Cross-site request refused.");
    // A document post is stopped by Remix's own Origin check before any action runs; handleError turns
    // that into a 403 (app/http/csrf.server.ts) that server.ts answers as a page with the security headers,
    // logged as one warning line.
    const document = await post("http://evil.example");
    expect(document.status).toBe(403);
    expect(document.headers.get("x-frame-options")).toBe("DENY");
    expect(document.headers.get("content-security-policy")).toContain("default-src 'none'");
    const page = await document.text();
    expect(page).toContain("403 Forbidden");
    expect(page).toContain("Cross-site request refused.");
    expect(db().select().from(t.sources).where(eq(t.sources.url, url)).get()).toBeUndefined();
    expect(server.alarmingLines.slice(linesBefore)).toEqual([]);
    // The same post from the site itself goes through, so the refusals above are the origin checks at work.
    expect((await post(server.url)).status).toBe(302);
    expect(db().select().from(t.sources).where(eq(t.sources.url, url)).get()).toBeDefined();
  });
});

describe("login rate limits", () => {
  const logIn = (email: string, password: string, address: string) =>
    fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/json", "X-Forwarded-For": address },
      body: JSON.stringify({ email, password }),
    });

  it("an attacker's wrong guesses from address A throttle A (429, Retry-After) but never stop the admin logging in from address B", async () => {
    const target = users.admin;
    const guesses = await Promise.all(Array.from({ length: 10 }, (_, i) => logIn(target.email, `wrong-${i}`, "198.51.100.66")));
    expect(guesses.map((r) => r.status)).toEqual(Array(10).fill(401));
    const throttled = await logIn(target.email, "wrong-again", "198.51.100.66");
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    const admin = await logIn(target.email, target.password, "198.51.100.67");
    expect(admin.status).toBe(200);
    expect(admin.headers.get("set-cookie")).toMatch(/__session=/);
  });

  it("a burst of logins from many addresses leaves room for static files: /favicon.svg is answered before most of the burst's hashes are done", async () => {
    // Password hashes and file reads share libuv's thread pool, first come first served: unbounded, the hashes
    // of the burst would all run before the file is read.
    let hashedAnswers = 0;
    const burst = Array.from({ length: 30 }, async (_, i) => {
      const answer = await logIn(`burst-${i}-${Date.now()}@nobody.example`, "a-guess", nextClientAddress());
      await answer.arrayBuffer();
      if (answer.status === 401) hashedAnswers += 1;
      return answer.status;
    });
    // The first hash answered: the server has taken in the whole burst by then.
    while (hashedAnswers === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const favicon = await fetch(`${server.url}/favicon.svg`);
    await favicon.arrayBuffer();
    const hashedBeforeFavicon = hashedAnswers;
    const statuses = await Promise.all(burst);
    expect(favicon.status).toBe(200);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    const hashed = statuses.filter((status) => status === 401).length;
    expect(hashedBeforeFavicon, `logins hashed before the file was answered, of ${hashed}`).toBeLessThan(hashed / 2);
  });
});

describe("forged tokens", () => {
  const token = () => randomBytes(32).toString("base64url");
  /** The real token with its last character changed: as close to valid as a forger gets. */
  const nearMiss = (real: string) => real.slice(0, -1) + (real.endsWith("A") ? "B" : "A");

  it("an invitation link with a forged token is refused", async () => {
    const real = token();
    db()
      .insert(t.invitations)
      .values({ email: `invitee-${Date.now()}@test.example`, role: "editor", tokenHash: hashToken(real), expiresAt: new Date(Date.now() + 3_600_000) })
      .run();
    expect((await fetch(`${server.url}/api/invitations/${real}`)).status).toBe(200);
    for (const forged of [nearMiss(real), token(), "", "%00", "a".repeat(5000)]) {
      const check = await fetch(`${server.url}/api/invitations/${forged}`);
      if (forged) expect(check.status, forged.slice(0, 20)).toBe(404);
      const accept = await fetch(`${server.url}/api/invitations/${forged || "x"}/accept`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/json", "X-Forwarded-For": `203.0.113.${forged.length % 250}` },
        body: JSON.stringify({ password: "a-new-password", confirmPassword: "a-new-password" }),
      });
      expect(accept.status, forged.slice(0, 20)).toBe(404);
      expect((await accept.json()).message).toBe(INVALID_INVITATION);
    }
  });

  it("a password reset with a forged token is refused and the password is unchanged", async () => {
    const real = token();
    const user = users.viewer;
    db()
      .insert(t.passwordResets)
      .values({ userId: user.id, tokenHash: hashToken(real), expiresAt: new Date(Date.now() + 3_600_000) })
      .run();
    for (const forged of [nearMiss(real), token(), "' OR 1=1 --"]) {
      const response = await fetch(`${server.url}/api/auth/reset-password`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/json" },
        body: JSON.stringify({ token: forged, newPassword: "forged-password-1" }),
      });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(RESET_INVALID_TOKEN);
    }
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/json" },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(login.status).toBe(200);
    expect(
      db()
        .select()
        .from(t.passwordResets)
        .where(eq(t.passwordResets.tokenHash, hashToken(real)))
        .get()?.usedAt,
    ).toBeNull();
  });
});
