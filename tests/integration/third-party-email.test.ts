// Nobody can make the product email a stranger more than a few times: alert and newsletter sign-ups take only a
// bare address, every spelling of one inbox counts as that inbox, and one recipient gets at most 3 confirmation
// emails a day and 1 per 10 minutes, alerts and newsletter together, however many clients ask. Requests the
// owner never confirmed expire after 48 hours and never stand in the owner's way. The routes are called as the
// web server calls them, on a real SQLite file; the clock is moved with the system time, nothing else is faked.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { alertsOf, alertStats, confirmAlert, pendingAlertFromToken } from "~/alerts/alerts.server";
import { config } from "~/config.server";
import { all, db, execute, first, t } from "~/db.server";
import { runMaintenance } from "~/jobs/kinds/maintenance.server";
import * as alertsApi from "~/routes/api.alerts";
import * as alertsPage from "~/routes/alerts";
import * as subscribeApi from "~/routes/api.subscribe";
import { generateToken, hashToken } from "~/auth/tokens.server";
import { callRoute } from "../support/load-context";
import { settledOutboxMailsTo } from "../support/mail";

const ORIGIN = "http://localhost";
/** What the runner hands a job; maintenance reports through its result only. */
const JOB_CONTEXT = { progress: () => {}, signal: new AbortController().signal, log: () => {} };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let client = 0;
let views = 0;
const nextClient = () => `10.77.${(++client >> 8) & 255}.${client & 255}`;

function postJson(route: { action: unknown }, path: string, body: Record<string, unknown>) {
  return callRoute(route.action as never, path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Origin: ORIGIN, "X-Forwarded-For": nextClient() },
  });
}

function postForm(path: string, values: Record<string, string>, headers: Record<string, string> = { Origin: ORIGIN }) {
  return callRoute(alertsPage.action as never, path, {
    method: "POST",
    body: new URLSearchParams(values),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": nextClient(), ...headers },
  });
}

const alertSignup = (email: string, view = "category=regulatory-rollbacks", extra: Record<string, unknown> = {}) =>
  postJson(alertsApi, "/api/alerts", { email, view, frequency: "daily", hour: 8, ...extra });
const newsletterSignup = (email: string) => postJson(subscribeApi, "/api/subscribe", { email, source: "homepage" });

/** The emails to `to` once every email asked for so far has been written (a newsletter sign-up asks last). */
const emailsTo = (to: string) => settledOutboxMailsTo(config().OUTBOX_DIR, to, async (marker) => expect((await newsletterSignup(marker)).status).toBe(200));

const alertRows = async (email: string) => await all(db().select().from(t.alerts).where(eq(t.alerts.email, email)));
const subscriberRow = async (email: string) => await first(db().select().from(t.subscribers).where(eq(t.subscribers.email, email)));

describe("a bare address only", () => {
  const DISPLAY_NAMES = [
    "nN<victim@example.com>",
    "URGENT-call-+1-555-0100-to-verify<victim@example.com>",
    "Victim <victim@example.com>",
    "victim@example.com (call +1-555-0100)",
    '"call now"@example.com',
    "victim@example.com, other@example.com",
    "victim@[127.0.0.1]",
    "victim@localhost",
  ];

  it.each(DISPLAY_NAMES)("POST /api/alerts refuses %j, stores nothing and sends nothing", async (email) => {
    const answer = await alertSignup(email);
    expect(answer.status).toBe(400);
    expect((await answer.json()).message).toBe("Please enter a valid email address.");
    expect((await all(db().select().from(t.alerts))).filter((row) => row.email.includes("victim"))).toEqual([]);
  });

  it.each(DISPLAY_NAMES)("POST /alerts (the page form) refuses %j, showing the typed values again", async (email) => {
    const answer = await postForm("/alerts", { email, view: "q=methane", frequency: "weekly", hour: "9" });
    expect(answer.status).toBe(400);
    const body = await answer.json();
    expect(body.error).toBe("Please enter a valid email address.");
    expect(body.values).toEqual({ email, view: "q=methane", frequency: "weekly", hour: "9" });
  });

  it.each(DISPLAY_NAMES)("POST /api/subscribe refuses %j and stores nothing", async (email) => {
    const answer = await newsletterSignup(email);
    expect(answer.status).toBe(400);
    expect((await answer.json()).message).toBe("Please enter a valid email address.");
    expect((await all(db().select().from(t.subscribers))).filter((row) => row.email.includes("victim"))).toEqual([]);
  });

  it("stores and mails the one normalised spelling", async () => {
    expect((await alertSignup("  Plain.Person@Agency.GOV ")).status).toBe(202);
    expect(await alertRows("plain.person@agency.gov")).toHaveLength(1);
    const [mail] = await emailsTo("plain.person@agency.gov");
    expect(mail.subject).toMatch(/Confirm your alert/);
  });
});

describe("the confirmation to an address nobody has confirmed", () => {
  const PHISH = "URGENT: your account is suspended.\nStart the alert: https://evil.example/login\nCall +1-555-0100 now";
  const ATTACKER_TEXT = /URGENT|suspended|evil\.example|555-0100|call now/i;
  /** Everything a reader could see, with every link and its query decoded (a search rides in a link's query too). */
  const readable = (mail: { subject: string; text: string; html: string; links: string[] }) =>
    [mail.subject, mail.text, mail.html, ...mail.links.map((link) => decodeURIComponent(link.replace(/\+/g, " ")))].join("\n");

  it.each([
    ["the search", { q: PHISH, category: "regulatory-rollbacks" }, "Regulatory Rollbacks · a search for 12 words"],
    ["the agency", { agency: PHISH.replace(/\n/g, " / "), priority: "high" }, "High priority · one agency"],
    ["the docket", { docket: "URGENT call +1-555-0100 now", type: "rule" }, "Rule · one docket"],
  ])("describes the view by its parts and carries no text from the requester in %s; once confirmed the alert shows it all", async (_what, fields, outline) => {
    const email = `outline-${++views}@example.com`;
    const view = new URLSearchParams(fields).toString();
    expect((await alertSignup(email, view)).status).toBe(202);
    const [mail] = await emailsTo(email);
    expect(readable(mail)).not.toMatch(ATTACKER_TEXT);
    expect(mail.text).toContain(`Federal Deregulation Tracker: ${outline}`);

    const confirm = new URL(mail.links.find((link) => link.includes("/alerts/confirm"))!);
    const alert = await pendingAlertFromToken(confirm.searchParams.get("token"));
    await confirmAlert(confirm.searchParams.get("token"));
    const [shown] = await alertsOf(email);
    expect(shown).toMatchObject({ id: alert!.id, status: "active" });
    expect(shown.title).toMatch(ATTACKER_TEXT);
  });
});

describe("the per-recipient cap, across clients, alerts and newsletter", () => {
  const start = new Date("2026-03-02T12:00:00Z");
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start);
  });
  afterEach(() => vi.useRealTimers());
  const later = (ms: number) => vi.setSystemTime(new Date(start.getTime() + ms));

  it("sends one email for 30 spellings from 30 clients, then at most 1 per 10 minutes and 3 a day", async () => {
    const victim = "victim1@example.com";
    const spellings = Array.from({ length: 30 }, (_, i) => [`Victim1@example.com`, ` victim1@EXAMPLE.com`, `VICTIM1@Example.Com `][i % 3]);
    for (const [i, email] of spellings.entries()) {
      const answer = i % 2 ? await newsletterSignup(email) : await alertSignup(email, `q=topic-${i}`);
      expect(answer.status).toBeLessThan(300);
    }
    expect(await emailsTo(victim)).toHaveLength(1);

    // Nine minutes on, 20 more alert sign-ups from 20 more clients: still nothing new.
    later(9 * MINUTE);
    for (let i = 0; i < 20; i++) await alertSignup(victim, `q=again-${i}`);
    expect(await emailsTo(victim)).toHaveLength(1);

    // Past ten minutes, one more; and past twenty, the third of the day.
    later(11 * MINUTE);
    for (let i = 0; i < 5; i++) await newsletterSignup(victim);
    expect(await emailsTo(victim)).toHaveLength(2);
    later(22 * MINUTE);
    for (let i = 0; i < 5; i++) await alertSignup(victim, `q=third-${i}`);
    expect(await emailsTo(victim)).toHaveLength(3);

    // The day's three are spent: an hour, then 23 hours on, nothing.
    for (const at of [HOUR, 23 * HOUR + 59 * MINUTE]) {
      later(at);
      await alertSignup(victim, "q=refused");
      await newsletterSignup(victim);
    }
    expect(await emailsTo(victim)).toHaveLength(3);

    // A day after the first, the first of the three has left the window.
    later(24 * HOUR + MINUTE);
    await alertSignup(victim, "q=next-day");
    expect(await emailsTo(victim)).toHaveLength(4);
  });

  it("keeps no pending row for a request the cap kept from being mailed", async () => {
    const victim = "victim2@example.com";
    await alertSignup(victim, "q=first");
    await alertSignup(victim, "q=second");
    await newsletterSignup(victim);
    expect((await alertRows(victim)).map((row) => row.view)).toEqual(["q=first"]);
    expect(await subscriberRow(victim)).toBeUndefined();
    expect(await emailsTo(victim)).toHaveLength(1);
  });

  it("counts the already-subscribed notice too", async () => {
    const victim = "victim3@example.com";
    await execute(db().insert(t.subscribers).values({ email: victim, source: "homepage", isActive: true, confirmedAt: new Date() }));
    for (let i = 0; i < 10; i++) await newsletterSignup(victim);
    await alertSignup(victim);
    const mails = await emailsTo(victim);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/You are already subscribed/);
  });
});

describe("pending requests expire and never block the owner", () => {
  afterEach(() => vi.useRealTimers());

  /** Alerts a stranger asked for in the address's name, waiting for a link the owner never follows. */
  async function strangersPendingAlerts(email: string, count: number, sentAt: Date) {
    for (let i = 0; i < count; i++)
      await execute(
        db()
          .insert(t.alerts)
          .values({
            email,
            view: `q=stranger-${i}`,
            frequency: "daily",
            hour: 3,
            confirmationTokenHash: hashToken(generateToken()),
            confirmationSentAt: sentAt,
          }),
      );
  }

  it("20 pending alerts a stranger asked for do not stop the owner's own alert", async () => {
    const owner = "owner1@example.com";
    await strangersPendingAlerts(owner, 20, new Date(Date.now() - 3 * HOUR));
    expect((await alertSignup(owner, "category=regulatory-rollbacks&q=methane")).status).toBe(202);
    const mails = await emailsTo(owner);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/Confirm your alert/);
  });

  it("a pending alert's link stops working after 48 hours, it leaves the counts, and maintenance forgets it", async () => {
    const owner = "owner2@example.com";
    const token = generateToken();
    const expired = new Date(Date.now() - 48 * HOUR - MINUTE);
    await execute(
      db()
        .insert(t.alerts)
        .values({ email: owner, view: "q=old", frequency: "daily", hour: 3, confirmationTokenHash: hashToken(token), confirmationSentAt: expired }),
    );
    const before = (await alertStats()).pending;
    expect(await pendingAlertFromToken(token)).toBeUndefined();
    expect(await alertsOf(owner)).toEqual([]);

    // The owner asks again for the same view: a new link, which works.
    expect((await alertSignup(owner, "q=old")).status).toBe(202);
    expect(await emailsTo(owner)).toHaveLength(1);
    const [row] = await alertRows(owner);
    expect(row.confirmationSentAt!.getTime()).toBeGreaterThan(expired.getTime());
    expect((await alertStats()).pending).toBe(before + 1);

    // A stranger's request two days old is purged; the owner's fresh one stays.
    await strangersPendingAlerts(owner, 2, expired);
    expect(await alertRows(owner)).toHaveLength(3);
    const purged = (await runMaintenance({}, JOB_CONTEXT)) as { alertRequests: number };
    expect(purged.alertRequests).toBeGreaterThanOrEqual(2);
    expect((await alertRows(owner)).map((r) => r.view)).toEqual(["q=old"]);
  });

  it("a newsletter sign-up nobody confirmed is forgotten after 48 hours; one that was ever confirmed is kept", async () => {
    const stale = new Date(Date.now() - 49 * HOUR);
    const pending = { isActive: false, confirmationTokenHash: hashToken(generateToken()), confirmationSentAt: stale };
    await execute(
      db()
        .insert(t.subscribers)
        .values({ email: "never-confirmed@example.com", source: "homepage", ...pending }),
    );
    await execute(
      db()
        .insert(t.subscribers)
        .values({ email: "left-once@example.com", source: "homepage", ...pending, unsubscribedAt: new Date(Date.now() - 30 * 24 * HOUR) }),
    );
    await runMaintenance({}, JOB_CONTEXT);
    expect(await subscriberRow("never-confirmed@example.com")).toBeUndefined();
    expect(await subscriberRow("left-once@example.com")).toBeDefined();
  });
});

describe("the alert form's other refusals", () => {
  it.each([["1e1"], [true], ["0x10"], [1.5], ["24"], [-1], [""], [[7]]])("hour %j is a 400 naming the field, storing nothing", async (hour) => {
    const email = `hour-${String(hour).replace(/\W/g, "_")}@example.com`;
    const answer = await postJson(alertsApi, "/api/alerts", { email, view: "", frequency: "daily", hour });
    expect(answer.status).toBe(400);
    expect((await answer.json()).message).toBe("'hour' must be a whole number from 0 to 23.");
    expect(await alertRows(email)).toEqual([]);
  });

  it.each([[7], ["7"], [0], ["23"]])("hour %j is taken", async (hour) => {
    const email = `hour-ok-${String(hour)}@example.com`;
    expect((await postJson(alertsApi, "/api/alerts", { email, view: "", frequency: "daily", hour })).status).toBe(202);
    expect((await alertRows(email))[0].hour).toBe(Number(hour));
  });

  it.each([
    ["a line feed", "q=a\nb"],
    ["a carriage return", "q=a\rb&category=regulatory-rollbacks"],
    ["non-Latin-1 text", "q=環境規制 🚫&agency=Environmental Protection Agency"],
  ])("a view holding %s goes back to the view percent-encoded, as stored", async (_what, view) => {
    const email = `view-${++views}@example.com`;
    const answer = await postForm("/alerts", { email, view, frequency: "daily", hour: "8" });
    expect(answer.status).toBe(302);
    const location = answer.headers.get("Location")!;
    expect(location).toMatch(/^\/\?[\x21-\x7e]*#follow-view$/);
    const [row] = await alertRows(email);
    expect(location).toBe(`/?${row.view}#follow-view`);
    // The search as the feed reads it: a control character in it reads as a space (app/feed/filters.ts).
    expect(new URLSearchParams(row.view).get("q")).toBe(
      new URLSearchParams(view)
        .get("q")!
        .replace(/[\r\n]/g, " ")
        .trim(),
    );
  });

  it("a cross-site post without an Origin (Sec-Fetch-Site: cross-site) is a 403 that stores nothing", async () => {
    const email = "cross-site@example.com";
    const answer = await postForm("/alerts", { email, view: "", frequency: "daily", hour: "8" }, { "Sec-Fetch-Site": "cross-site" });
    expect(answer.status).toBe(403);
    expect((await answer.json()).error).toBe("Cross-site request refused.");
    expect(
      await all(
        db()
          .select()
          .from(t.alerts)
          .where(and(eq(t.alerts.email, email))),
      ),
    ).toEqual([]);
  });
});
