// Saved-search alerts through a real SMTP server on loopback: signing up (API and form) with the same answer for
// every valid request, the confirmation link, the hourly run sending each due period once with only new matching
// articles and never an empty email, a period a killed run left claimed not sent again, RFC 8058 one-click
// unsubscribe, the manage page, and the admin's counts.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { duePeriod, manageToken, sendDueAlerts } from "~/alerts/alerts.server";
import { config } from "~/config.server";
import { all, db, execute, first, t } from "~/db.server";
import * as adminAlertsRoute from "~/routes/api.admin.alerts";
import * as alertsApi from "~/routes/api.alerts";
import * as alertsPage from "~/routes/alerts";
import * as confirmRoute from "~/routes/alerts_.confirm";
import * as manageRoute from "~/routes/alerts_.manage";
import * as unsubscribeRoute from "~/routes/alerts_.unsubscribe";
import { addArticle } from "../support/articles";
import { call, form, makeUser } from "../support/auth";
import { bracketed, startMailServer, type MailServer } from "../support/mail";

let smtp: MailServer;
const ORIGIN = { Origin: "http://localhost" };
const VIEW = "category=regulatory-rollbacks&q=methane";

const mailFor = (email: string) => smtp.to(email);
/** A stored rollback article with the given title (the alert under test follows rollbacks about methane). */
async function addRollback(title: string) {
  const id = await addArticle({ title });
  await execute(db().update(t.articles).set({ category: "regulatory-rollbacks" }).where(eq(t.articles.id, id)));
  return id;
}
/** An instant at `hour` o'clock on `day` (YYYY-MM-DD) in the app's time zone (America/New_York in tests, UTC-5 in winter). */
const at = (day: string, hour: number) => new Date(`${day}T${String(hour + 5).padStart(2, "0")}:30:00Z`);

beforeAll(async () => {
  smtp = await startMailServer();
  Object.assign(config(), { SMTP_URL: smtp.url, PUBLIC_URL: "https://dereg.example", APP_TIMEZONE: "America/New_York" });
  await addRollback("EPA rescinds methane reporting rule");
});

afterAll(() => smtp.close());

/** Signs up through the API and follows the emailed link; answers the alert's row. */
async function startAlert(email: string, body: Record<string, unknown> = {}) {
  const before = smtp.accepted.length;
  const answer = await call(alertsApi, "/api/alerts", { method: "POST", headers: ORIGIN, body: { email, view: VIEW, frequency: "daily", hour: 7, ...body } });
  expect(answer.status).toBe(202);
  const mail = await smtp.next(email, before);
  const token = /\/alerts\/confirm\?token=([\w-]+)/.exec(mail.text)![1];
  expect((await call(confirmRoute, `/alerts/confirm?token=${token}`)).status).toBe(200);
  expect((await call(confirmRoute, `/alerts/confirm?token=${token}`, { method: "POST" })).status).toBe(200);
  return (await all(db().select().from(t.alerts).where(eq(t.alerts.email, email)))).at(-1)!;
}

describe("signing up", () => {
  it("answers every valid request the same way and sends one confirmation, which a GET does not use up", async () => {
    const first = await call(alertsApi, "/api/alerts", {
      method: "POST",
      headers: ORIGIN,
      body: { email: "Reader@Example.com", category: "regulatory-rollbacks", frequency: "weekly", hour: 9 },
    });
    expect(first.status).toBe(202);
    const message = (await first.json()).message;
    const again = await call(alertsApi, "/api/alerts", {
      method: "POST",
      headers: ORIGIN,
      body: { email: "reader@example.com", view: "category=regulatory-rollbacks", frequency: "weekly", hour: 9 },
    });
    expect((await again.json()).message).toBe(message);
    const mails = await smtp.waitForCount("reader@example.com", 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailFor("reader@example.com")).toHaveLength(1);
    expect(mails[0].text).toContain("every Monday at 09:00");
    const rows = await all(db().select().from(t.alerts).where(eq(t.alerts.email, "reader@example.com")));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ view: "category=regulatory-rollbacks", frequency: "weekly", hour: 9, confirmedAt: null });
  });

  it("refuses a bad address, frequency or hour, and the Saved view, with a message", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ email: "not-an-address", frequency: "daily" }, /valid email/],
      [{ email: "a@example.com", frequency: "hourly" }, /daily or weekly/],
      [{ email: "a@example.com", frequency: "daily", hour: 24 }, /0 to 23/],
      [{ email: "a@example.com", frequency: "daily", saved: "1" }, /Saved view/],
    ];
    for (const [body, message] of cases) {
      const answer = await call(alertsApi, "/api/alerts", { method: "POST", headers: ORIGIN, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((await answer.json()).message).toMatch(message);
    }
  });

  it("takes the feed page's form: back to the view with the answer, or the form again with what was typed", async () => {
    const ok = await call(alertsPage, "/alerts", {
      method: "POST",
      headers: ORIGIN,
      body: form({ email: "form@example.com", view: "priority=high", frequency: "daily", hour: "6" }),
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/?priority=high#follow-view");
    const bad = await call(alertsPage, "/alerts", {
      method: "POST",
      headers: ORIGIN,
      body: form({ email: "form@", view: "priority=high", frequency: "daily", hour: "6" }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: expect.stringMatching(/valid email/), values: { email: "form@", view: "priority=high", hour: "6" } });
  });
});

describe("the hourly run", () => {
  it("is due at the chosen hour in the app's time zone, daily or on Mondays", () => {
    expect(duePeriod({ frequency: "daily", hour: 7 }, at("2026-11-24", 7))).toBe("2026-11-24");
    expect(duePeriod({ frequency: "daily", hour: 7 }, at("2026-11-24", 8))).toBeNull();
    expect(duePeriod({ frequency: "weekly", hour: 7 }, at("2026-11-23", 7))).toBe("week of 2026-11-23");
    expect(duePeriod({ frequency: "weekly", hour: 7 }, at("2026-11-24", 7))).toBeNull();
  });

  it("sends only new matching articles, once per period, never an empty email and never an article twice", async () => {
    const alert = await startAlert("daily@example.com");
    // Nothing new since the alert started: no email.
    expect((await sendDueAlerts(at("2026-11-24", 7))).empty).toBeGreaterThanOrEqual(1);
    expect(mailFor("daily@example.com")).toHaveLength(1);

    const match = await addRollback("Agency withdraws methane limits");
    await addArticle({ title: "Unrelated paperwork notice" });
    // Not its hour: nothing. Its hour, a later day: one email with the one match.
    await sendDueAlerts(at("2026-11-25", 6));
    expect(mailFor("daily@example.com")).toHaveLength(1);
    const run = await sendDueAlerts(at("2026-11-25", 7));
    expect(run.sent).toBeGreaterThanOrEqual(1);
    const mails = await smtp.waitForCount("daily@example.com", 2);
    const mail = mails[1].text;
    expect(mail).toContain("Agency withdraws methane limits");
    expect(mail).not.toContain("Unrelated paperwork notice");
    expect(mail).toContain(`https://dereg.example/articles/${match}-agency-withdraws-methane-limits`);
    const unsubscribe = mails[1].headers["list-unsubscribe"]!;
    expect(unsubscribe).toMatch(/^<https:\/\/dereg\.example\/alerts\/unsubscribe\?token=\d+\.[\w-]{43}>$/);
    expect(mails[1].headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

    // The same period again (a second run in the hour): nothing more. The next day, with nothing new: nothing.
    expect((await sendDueAlerts(at("2026-11-25", 7))).alreadyHandled).toBeGreaterThanOrEqual(1);
    await sendDueAlerts(at("2026-11-26", 7));
    expect(mailFor("daily@example.com")).toHaveLength(2);
    expect((await all(db().select().from(t.alertDeliveries).where(eq(t.alertDeliveries.alertId, alert.id)))).map((d) => [d.period, d.status])).toEqual([
      ["2026-11-24", "empty"],
      ["2026-11-25", "sent"],
      ["2026-11-26", "empty"],
    ]);
  });

  it("does not send again a period a killed run had claimed, and moves on the next day", async () => {
    const alert = await startAlert("crash@example.com", { hour: 10 });
    await addRollback("Methane rule rescinded again");
    // What a run killed between claiming the period and the mail server's answer leaves behind.
    await execute(db().insert(t.alertDeliveries).values({ alertId: alert.id, period: "2026-11-24", status: "sending" }));
    await sendDueAlerts(at("2026-11-24", 10));
    expect(mailFor("crash@example.com")).toHaveLength(1);
    await sendDueAlerts(at("2026-11-25", 10));
    const mails = await smtp.waitForCount("crash@example.com", 2);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain("Methane rule rescinded again");
  });
});

describe("stopping and managing", () => {
  it("stops one alert by a one-click POST, lists the address's alerts, and refuses forged tokens", async () => {
    const alert = await startAlert("stop@example.com");
    await addRollback("Methane exemption widened");
    await sendDueAlerts(at("2026-11-27", 7));
    const [, mail] = await smtp.waitForCount("stop@example.com", 2);
    const link = new URL(bracketed(mail.headers["list-unsubscribe"])!);

    const manage = await call(manageRoute, `/alerts/manage?token=${encodeURIComponent(manageToken("stop@example.com"))}`);
    expect((await manage.json()).alerts).toEqual([expect.objectContaining({ id: alert.id, status: "active" })]);
    expect((await call(manageRoute, "/alerts/manage?token=bm9ib2R5.forged")).status).toBe(400);

    expect((await call(unsubscribeRoute, `${link.pathname}${link.search}`)).status).toBe(200);
    const oneClick = await call(unsubscribeRoute, `${link.pathname}${link.search}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(oneClick.status).toBe(200);
    expect((await first(db().select().from(t.alerts).where(eq(t.alerts.id, alert.id))))!.unsubscribedAt).not.toBeNull();
    expect((await call(unsubscribeRoute, `/alerts/unsubscribe?token=${alert.id}.${"x".repeat(43)}`, { method: "POST" })).status).toBe(400);

    // A match after the stop: no email for it.
    await addRollback("Methane flaring rule paused");
    await sendDueAlerts(at("2026-11-28", 7));
    expect(mailFor("stop@example.com")).toHaveLength(2);
  });

  it("shows the admin how many alerts run or wait, and refuses everyone else", async () => {
    const admin = await makeUser("admin");
    const answer = await call(adminAlertsRoute, "/api/admin/alerts", { user: admin });
    expect(answer.status).toBe(200);
    const stats = await answer.json();
    expect(stats.active).toBeGreaterThanOrEqual(2);
    expect(stats.pending).toBeGreaterThanOrEqual(1);
    expect(stats.stopped).toBeGreaterThanOrEqual(1);
    expect(Array.isArray(stats.failures)).toBe(true);
    expect((await call(adminAlertsRoute, "/api/admin/alerts")).status).toBe(401);
  });
});
