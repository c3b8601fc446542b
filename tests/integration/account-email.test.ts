// Invitation and password-reset flows end to end through a real SMTP server on loopback: the test reads
// the email the product sent and follows its link, as a person would.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { linkTo, startMailServer } from "../support/mail";

const smtp = await startMailServer();
process.env.SMTP_URL = smtp.url;
// The configuration is read once per module graph: load the product again, now with SMTP_URL set.
vi.resetModules();

const { db, execute, t } = await import("~/db.server");
const { eq } = await import("drizzle-orm");
const { userFromSession } = await import("~/auth/session.server");
const { operations, runOperation } = await import("~/admin/operations.server");
const invitePage = await import("~/routes/invite.$token");
const acceptApi = await import("~/routes/api.invitations.$token.accept");
const invitationApi = await import("~/routes/api.invitations.$token");
const adminPage = await import("~/routes/admin");
const forgotPage = await import("~/routes/forgot-password");
const forgotApi = await import("~/routes/api.auth.forgot-password");
const resetPage = await import("~/routes/reset-password");
const resetApi = await import("~/routes/api.auth.reset-password");
const loginApi = await import("~/routes/api.auth.login");
const updateEmailApi = await import("~/routes/api.admin.update-email");
const { createSession } = await import("~/auth/session.server");
const { call, cookieFrom, form, makeUser } = await import("../support/auth");

afterAll(() => smtp.close());

let admin: Awaited<ReturnType<typeof makeUser>>;
let adminUser: NonNullable<Awaited<ReturnType<typeof userFromSession>>>;

beforeAll(async () => {
  admin = await makeUser("admin");
  adminUser = (await userFromSession(new Request("http://localhost/", { headers: { Cookie: admin.cookie } })))!;
});

async function invite(email: string, role = "editor") {
  const seen = smtp.accepted.length;
  const created = (await runOperation(operations.invite, { email, role }, adminUser)) as { emailSent: boolean };
  expect(created.emailSent).toBe(true);
  const mail = await smtp.next(email, seen);
  return { mail, url: linkTo(mail, "/invite/") };
}

describe("invitations", () => {
  it("emails a link that opens the form, creates the account with the role and signs it in, once", async () => {
    const { mail, url } = await invite("invitee@example.com", "viewer");
    expect(mail.text).toContain("as a viewer");
    const token = decodeURIComponent(url.pathname.split("/").pop()!);
    const page = await (await call(invitePage, url.pathname, { params: { token } })).json();
    expect(page).toEqual({ valid: true, email: "invitee@example.com", role: "viewer" });

    const mismatch = await call(invitePage, url.pathname, {
      method: "POST",
      params: { token },
      body: form({ password: "secret1", confirmPassword: "secret2" }),
    });
    expect((await mismatch.json()).toast.message).toBe("Passwords don't match");
    const short = await call(invitePage, url.pathname, { method: "POST", params: { token }, body: form({ password: "12345", confirmPassword: "12345" }) });
    expect((await short.json()).toast.message).toBe("Password must be at least 6 characters long");

    const accepted = await call(invitePage, url.pathname, {
      method: "POST",
      params: { token },
      body: form({ password: "secret1", confirmPassword: "secret1" }),
    });
    expect(accepted.status).toBe(200);
    expect((await accepted.json()).ok).toBe(true);
    const cookie = cookieFrom(accepted.headers.get("Set-Cookie"));
    const dashboard = await (await call(adminPage, "/admin", { headers: { Cookie: cookie } })).json();
    expect(dashboard).toMatchObject({ signedIn: true, user: { email: "invitee@example.com", role: "viewer" }, can: { edit: false, admin: false } });

    const again = await call(acceptApi, "/x", { method: "POST", params: { token }, body: { password: "secret1" } });
    expect(again.status).toBe(404);
    expect((await again.json()).message).toBe("This invitation link is invalid or has expired.");
    expect(await (await call(invitePage, url.pathname, { params: { token } })).json()).toEqual({ valid: false });
  });

  it("refuses an expired invitation and unknown tokens", async () => {
    const { url } = await invite("late@example.com");
    const token = decodeURIComponent(url.pathname.split("/").pop()!);
    expect((await call(invitationApi, "/x", { params: { token } })).status).toBe(200);
    await execute(
      db()
        .update(t.invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(t.invitations.email, "late@example.com")),
    );
    expect((await call(invitationApi, "/x", { params: { token } })).status).toBe(404);
    const accept = await call(acceptApi, "/x", { method: "POST", params: { token }, body: { password: "secret1" } });
    expect(accept.status).toBe(404);
    expect((await call(acceptApi, "/x", { method: "POST", params: { token: "made-up" }, body: { password: "secret1" } })).status).toBe(404);
  });

  it("accepts through the API with the invited role and refuses inviting an existing user", async () => {
    const { url } = await invite("api-invitee@example.com", "admin");
    const token = decodeURIComponent(url.pathname.split("/").pop()!);
    const accepted = await call(acceptApi, "/x", { method: "POST", params: { token }, body: { password: "secret1" } });
    expect(accepted.status).toBe(201);
    expect(await accepted.json()).toMatchObject({ email: "api-invitee@example.com", role: "admin" });
    await expect(runOperation(operations.invite, { email: "api-invitee@example.com", role: "editor" }, adminUser)).rejects.toMatchObject({
      kind: "conflict",
      message: "A user with this email already exists.",
    });
  });

  it("limits acceptance attempts per address (429)", async () => {
    const from = { "X-Forwarded-For": "198.51.100.9" };
    let last: Response | undefined;
    for (let i = 0; i < 11; i++)
      last = await call(acceptApi, "/x", { method: "POST", params: { token: "guess" }, body: { password: "secret1" }, headers: from });
    expect(last!.status).toBe(429);
  });
});

describe("forgotten passwords", () => {
  it("emails a reset link; the reset ends every session, works once, and the new password logs in", async () => {
    const user = await makeUser("editor", "old-password");
    const seen = smtp.accepted.length;
    const asked = await call(forgotPage, "/forgot-password", { method: "POST", body: form({ email: user.email }) });
    const neutral = (await asked.json()).toast.message;
    expect(neutral).toMatch(/If an account exists/);
    const url = linkTo(await smtp.next(user.email, seen), "/reset-password?token=");
    const token = url.searchParams.get("token")!;
    expect(await (await call(resetPage, `${url.pathname}${url.search}`)).json()).toEqual({ token });

    const reset = (values: Record<string, string>) => call(resetPage, "/reset-password", { method: "POST", body: form({ token, ...values }) });
    expect((await (await reset({ newPassword: "new-password", confirmPassword: "other-password" })).json()).toast.message).toBe("Passwords do not match");
    expect((await (await reset({ newPassword: "short", confirmPassword: "short" })).json()).toast.message).toBe("Password must be at least 8 characters long");
    const done = await reset({ newPassword: "new-password", confirmPassword: "new-password" });
    expect(await done.json()).toMatchObject({ ok: true });

    expect(await userFromSession(new Request("http://localhost/", { headers: { Cookie: user.cookie } }))).toBeUndefined();
    const oldLogin = await call(loginApi, "/x", { method: "POST", body: { email: user.email, password: "old-password" } });
    expect(oldLogin.status).toBe(401);
    const newLogin = await call(loginApi, "/x", { method: "POST", body: { email: user.email, password: "new-password" } });
    expect(newLogin.status).toBe(200);

    const reused = await call(resetApi, "/x", { method: "POST", body: { token, newPassword: "another-password" } });
    expect(reused.status).toBe(400);
    expect((await reused.json()).message).toMatch(/invalid or has expired/);
  });

  it("answers unknown emails the same way and sends nothing", async () => {
    const seen = smtp.accepted.length;
    const response = await call(forgotApi, "/x", { method: "POST", body: { email: "nobody@example.com" }, headers: { "X-Forwarded-For": "192.0.2.50" } });
    expect(response.status).toBe(200);
    expect((await response.json()).message).toMatch(/If an account exists/);
    // A reset for a real account asked next: once its email is in, one for the unknown address would be too.
    const marker = await makeUser("viewer");
    await call(forgotApi, "/x", { method: "POST", body: { email: marker.email }, headers: { "X-Forwarded-For": "192.0.2.50" } });
    await smtp.next(marker.email, seen);
    expect(smtp.accepted.slice(seen).map((m) => m.to)).toEqual([[marker.email]]);
  });

  it("refuses an expired link and a missing token", async () => {
    const user = await makeUser("viewer");
    const seen = smtp.accepted.length;
    await call(forgotApi, "/x", { method: "POST", body: { email: user.email }, headers: { "X-Forwarded-For": "192.0.2.51" } });
    const token = linkTo(await smtp.next(user.email, seen), "/reset-password?token=").searchParams.get("token")!;
    await execute(
      db()
        .update(t.passwordResets)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(t.passwordResets.userId, user.id)),
    );
    const expired = await call(resetApi, "/x", { method: "POST", body: { token, newPassword: "new-password" }, headers: { "X-Forwarded-For": "192.0.2.51" } });
    expect(expired.status).toBe(400);
    const missing = await call(resetApi, "/x", { method: "POST", body: { newPassword: "new-password" }, headers: { "X-Forwarded-For": "192.0.2.51" } });
    expect((await missing.json()).message).toBe("Invalid reset link. No token provided.");
  });

  it("answers before the mail server has accepted the email, which still goes out", async () => {
    const user = await makeUser("viewer");
    const seen = smtp.accepted.length;
    smtp.answerDelayMs = 1500;
    try {
      const started = performance.now();
      const response = await call(forgotApi, "/x", { method: "POST", body: { email: user.email }, headers: { "X-Forwarded-For": "192.0.2.60" } });
      const answeredMs = performance.now() - started;
      expect(response.status).toBe(200);
      expect(answeredMs).toBeLessThan(1000);
      expect(smtp.accepted.length).toBe(seen);
      expect((await smtp.next(user.email, seen)).links.some((link) => link.includes("/reset-password?token="))).toBe(true);
    } finally {
      smtp.answerDelayMs = 0;
    }
  });

  it("limits requests per address over many emails (429), while another address may still ask", async () => {
    const from = { "X-Forwarded-For": "192.0.2.70" };
    let last: Response | undefined;
    for (let i = 0; i < 21; i++) last = await call(forgotApi, "/x", { method: "POST", body: { email: `walker${i}@example.com` }, headers: from });
    expect(last!.status).toBe(429);
    expect(last!.headers.get("Retry-After")).toMatch(/^\d+$/);
    const other = await call(forgotApi, "/x", { method: "POST", body: { email: "walker0@example.com" }, headers: { "X-Forwarded-For": "192.0.2.71" } });
    expect(other.status).toBe(200);
  });

  it("limits reset requests per address (429)", async () => {
    const from = { "X-Forwarded-For": "192.0.2.99" };
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) last = await call(forgotApi, "/x", { method: "POST", body: { email: "x@example.com" }, headers: from });
    expect(last!.status).toBe(429);
  });
});

describe("changing the email", () => {
  it("needs the current password, tells the old address, and ends the other sessions but not this one", async () => {
    const user = await makeUser("editor", "my-password");
    const other = cookieFrom(await createSession(user.id));
    const seen = smtp.accepted.length;
    const wrong = await call(updateEmailApi, "/x", {
      method: "PATCH",
      user,
      body: { currentEmail: user.email, newEmail: "moved@example.com", currentPassword: "guess" },
    });
    expect(wrong.status).toBe(400);
    const changed = await call(updateEmailApi, "/x", {
      method: "PATCH",
      user,
      body: { currentEmail: user.email, newEmail: "moved@example.com", currentPassword: "my-password" },
    });
    expect(await changed.json()).toEqual({ email: "moved@example.com", endedSessions: 1 });
    const notice = await smtp.next(user.email, seen);
    expect(notice.text).toContain("now signs in as moved@example.com");
    expect(smtp.accepted.slice(seen).filter((m) => m.to.includes(user.email))).toHaveLength(1);
    const sessionOf = (cookie: string) => userFromSession(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    expect(await sessionOf(other)).toBeUndefined();
    expect((await sessionOf(user.cookie))?.email).toBe("moved@example.com");
  });

  it("works from the account settings form without JavaScript, keeping the typed email when the password is wrong", async () => {
    const user = await makeUser("viewer", "form-password");
    const fields = { intent: "update-email", currentEmail: user.email, newEmail: "typed@example.com" };
    const wrong = await call(adminPage, "/admin?index", { method: "POST", user, body: form({ ...fields, currentPassword: "nope" }) });
    const data = await wrong.json();
    expect([wrong.status, data.toast.message, data.values.newEmail]).toEqual([400, "Current password is incorrect", "typed@example.com"]);
    expect(data.values).not.toHaveProperty("currentPassword");
    const seen = smtp.accepted.length;
    const done = await call(adminPage, "/admin?index", { method: "POST", user, body: form({ ...fields, currentPassword: "form-password" }) });
    expect((await done.json()).toast.title).toBe("Email updated");
    expect((await smtp.next(user.email, seen)).text).toContain("now signs in as typed@example.com");
  });
});
