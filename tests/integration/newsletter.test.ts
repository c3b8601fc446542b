// The weekly newsletter through a real SMTP server on loopback: content, one-click unsubscribe headers,
// exactly-once delivery across an SMTP outage, a crash mid-send, and permanent rejections.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { fiscalYearOf } from "~/designations/fiscal-year";
import { all, db, execute, first, t } from "~/db.server";
import { NewsletterDeliveryError, sendTestNewsletter, sendWeeklyNewsletter } from "~/newsletter/newsletter.server";
import { addConfirmedSubscriber } from "../support/subscribers";
import { action as unsubscribeAction } from "~/routes/unsubscribe";
import { addArticle } from "../support/articles";
import { LOOPBACK } from "../support/load-context";
import { bracketed, startMailServer, type MailServer } from "../support/mail";

let smtp: MailServer;

beforeAll(async () => {
  smtp = await startMailServer();
  smtp.refuses = (address) => address.startsWith("bounce@");
  // The configuration is read once per process; point this test process's mail at the local server.
  Object.assign(config(), { SMTP_URL: smtp.url, PUBLIC_URL: "https://dereg.example" });

  const now = Date.now();
  await addArticle({ title: "Agency proposes routine paperwork notice", summary: "Information collection.", publishDate: new Date(now - 86_400_000) });
  const high = await addArticle({
    title: "Executive order rescinds emissions rule",
    summary: "A major rollback <b>now</b>.",
    publishDate: new Date(now - 2 * 86_400_000),
  });
  await execute(db().update(t.articles).set({ priority: "high", category: "regulatory-rollbacks" }).where(eq(t.articles.id, high)));
  await addArticle({ title: "Old story from last year", summary: "Stale.", publishDate: new Date(now - 400 * 86_400_000) });
  // The ledger's lines: a final rule officially deregulatory this week, and one only the product judges a rollback.
  const designated = await addArticle({ title: "Rule removing widget reports", documentType: "Rule", publishDate: new Date(now - 3 * 86_400_000) });
  await execute(db().update(t.articles).set({ designation: "deregulatory", designationBasis: "statement" }).where(eq(t.articles.id, designated)));
  const judged = await addArticle({ title: "Rule easing widget labels", documentType: "Rule", publishDate: new Date(now - 3 * 86_400_000) });
  await execute(db().update(t.articles).set({ category: "regulatory-rollbacks" }).where(eq(t.articles.id, judged)));
  await execute(
    db()
      .insert(t.trends)
      .values({ date: "2025-01-01", trendsAnalysis: "x", keyInsights: ["Rollbacks doubled this month"] }),
  );
});

afterAll(() => smtp.close());

const deliveries = async () => await all(db().select().from(t.newsletterDeliveries));
const subscriberByEmail = async (email: string) => (await first(db().select().from(t.subscribers).where(eq(t.subscribers.email, email))))!;
const countFor = (email: string) => smtp.to(email).length;

describe("weekly newsletter", () => {
  const active = ["ann@example.com", "ben@example.com", "cat@example.com", "dan@example.com", "eve@example.com", "bounce@example.com"];

  it("survives an SMTP outage: a re-run sends the rest, nobody twice; rejections are recorded", async () => {
    for (const email of [...active, "gone@example.com"]) await addConfirmedSubscriber(email);
    await execute(db().update(t.subscribers).set({ isActive: false }).where(eq(t.subscribers.email, "gone@example.com")));

    smtp.acceptLimit = 3;
    await expect(sendWeeklyNewsletter({ retryDelaysMs: [5, 5] })).rejects.toBeInstanceOf(NewsletterDeliveryError);
    expect(smtp.accepted).toHaveLength(3);

    smtp.acceptLimit = Infinity;
    const result = await sendWeeklyNewsletter({ retryDelaysMs: [5, 5] });
    expect(result).toMatchObject({ sent: 2, rejected: 1, alreadySent: 3, uncertain: 0 });
    for (const email of active.filter((e) => !e.startsWith("bounce"))) {
      expect(countFor(email)).toBe(1);
      expect((await subscriberByEmail(email)).lastEmailSent).toBeInstanceOf(Date);
    }
    expect(countFor("bounce@example.com")).toBe(0);
    expect(countFor("gone@example.com")).toBe(0);
    const bounceId = (await subscriberByEmail("bounce@example.com")).id;
    const bounce = (await deliveries()).find((d) => d.subscriberId === bounceId)!;
    expect(bounce).toMatchObject({ status: "rejected", lastError: expect.stringContaining("No such user") });
    expect((await first(db().select().from(t.newsletterIssues)))!.completedAt).toBeInstanceOf(Date);

    const again = await sendWeeklyNewsletter({ retryDelaysMs: [5] });
    expect(again).toMatchObject({ sent: 0, alreadySent: 5 });
    expect(smtp.accepted).toHaveLength(5);
  });

  it("has the week's articles, high priority first, grouped by category, trends and one-click unsubscribe", async () => {
    const message = smtp.to("ann@example.com")[0];
    const { text } = message;
    expect(message.subject).toMatch(/weekly briefing/);
    const listUnsubscribe = message.headers["list-unsubscribe"];
    expect(listUnsubscribe).toMatch(/^<https:\/\/dereg\.example\/unsubscribe\?token=[^>]+>$/);
    expect(message.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(text).toContain("REGULATORY ROLLBACKS");
    expect(text.indexOf("Executive order rescinds emissions rule")).toBeLessThan(text.indexOf("Agency proposes routine paperwork notice"));
    expect(text).not.toContain("Old story from last year");
    expect(text).toContain("Rollbacks doubled this month");
    // The ledger's lines count official designations only, each linking to its view.
    const fy = fiscalYearOf(new Date(), config().APP_TIMEZONE);
    expect(text).toContain("THE DEREGULATION LEDGER");
    expect(text).toContain(
      "- This week: 1 deregulatory final action, as the documents or the Unified Agenda designate them. https://dereg.example/?time=week&type=rule&designation=deregulatory",
    );
    expect(text).toContain(`- FY${fy} so far: 1 deregulatory final action and 0 regulatory final actions. https://dereg.example/ledger?fy=${fy}`);
    expect(message.html).toContain(`<a href="https://dereg.example/ledger?fy=${fy}">FY${fy} so far:`);
    expect(message.html).toContain("A major rollback &lt;b&gt;now&lt;/b&gt;.");

    const url = new URL(listUnsubscribe.slice(1, -1));
    expect(text).toContain(`Unsubscribe: ${url.href}`);
    const response = await unsubscribeAction({
      request: new Request(`http://localhost${url.pathname}${url.search}`, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: {},
      context: { clientAddress: LOOPBACK },
    });
    expect(response.status).toBe(200);
    expect((await subscriberByEmail("ann@example.com")).isActive).toBe(false);
  });

  it("never resends a delivery interrupted mid-call, and stops cleanly when asked", async () => {
    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    const stop = new AbortController();
    const before = smtp.accepted.length;
    const firstRun = await sendWeeklyNewsletter({ now: nextWeek, signal: stop.signal, progress: () => stop.abort() });
    expect(firstRun).toMatchObject({ sent: 1, interrupted: true });
    // As if the process died during the next SMTP call: the row says "sending".
    const issue = (await all(db().select().from(t.newsletterIssues).orderBy(t.newsletterIssues.id))).at(-1)!;
    const pending = (await deliveries()).filter((d) => d.issueId === issue.id && d.status === "pending");
    await execute(db().update(t.newsletterDeliveries).set({ status: "sending" }).where(eq(t.newsletterDeliveries.subscriberId, pending[0].subscriberId)));

    const rest = await sendWeeklyNewsletter({ now: nextWeek, retryDelaysMs: [5] });
    expect(rest).toMatchObject({ uncertain: 1, alreadySent: 1 });
    const perRecipient = smtp.accepted.slice(before).flatMap((m) => m.to);
    expect(new Set(perRecipient).size).toBe(perRecipient.length);
    const interrupted = (await first(db().select().from(t.subscribers).where(eq(t.subscribers.id, pending[0].subscriberId))))!;
    expect(perRecipient).not.toContain(interrupted.email);
  });

  it("sends the test newsletter to one address only, recording nothing", async () => {
    const before = smtp.accepted.length;
    const rows = (await deliveries()).length;
    await sendTestNewsletter("admin@example.com");
    expect(smtp.accepted.length).toBe(before + 1);
    expect(smtp.accepted.at(-1)!.to).toEqual(["admin@example.com"]);
    const sent = smtp.accepted.at(-1)!;
    expect(sent.subject).toMatch(/^\[Test\] /);
    expect(await deliveries()).toHaveLength(rows);
    // Not a subscriber: no unsubscribe link that could only lead to an error page, and a word on why.
    expect(sent.headers["list-unsubscribe"]).toBeUndefined();
    expect(sent.text + sent.html).not.toContain("/unsubscribe");
    expect(sent.text.replace(/\s+/g, " ")).toContain("is not subscribed, so it has no unsubscribe link");
  });

  it("a test newsletter to a subscribed address carries that subscriber's working unsubscribe link", async () => {
    const subscriber = await addConfirmedSubscriber("tester@example.com");
    await sendTestNewsletter("tester@example.com");
    const link = bracketed(smtp.accepted.at(-1)!.headers["list-unsubscribe"])!;
    expect(link).toMatch(/^https:\/\/dereg\.example\/unsubscribe\?token=/);
    const url = new URL(link);
    const response = await unsubscribeAction({
      request: new Request(`http://localhost${url.pathname}${url.search}`, { method: "POST" }),
      params: {},
      context: { clientAddress: LOOPBACK },
    });
    expect(response.status).toBe(200);
    expect((await first(db().select().from(t.subscribers).where(eq(t.subscribers.id, subscriber.id))))!.isActive).toBe(false);
  });
});
