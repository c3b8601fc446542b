// Double opt-in: an address gets a confirmation email and no newsletter until it follows the link;
// links expire; the admin sees pending, active and unsubscribed; NEWSLETTER_DOUBLE_OPT_IN=false turns it off.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { config, reloadConfig } from "~/config.server";
import { all, db, execute, first, t } from "~/db.server";
import { sendWeeklyNewsletter } from "~/newsletter/newsletter.server";
import { SUBSCRIBED_CONFIRM_MESSAGE, SUBSCRIBED_MESSAGE } from "~/newsletter/signup";
import { action as confirmAction, loader as confirmLoader } from "~/routes/confirm-subscription";
import { action as subscribeAction } from "~/routes/api.subscribe";
import { listSubscribers, setSubscriberActive } from "~/newsletter/subscriber-list.server";
import { callRoute } from "../support/load-context";
import { linkTo, outboxMailsTo } from "../support/mail";
import { poll } from "../support/wait";

const ORIGIN = "http://localhost";
let client = 0;

const call = callRoute;

const subscribeJson = (email: string) =>
  call(subscribeAction, "/api/subscribe", {
    method: "POST",
    body: JSON.stringify({ email, source: "homepage" }),
    headers: { "Content-Type": "application/json", Origin: ORIGIN, "X-Forwarded-For": `10.60.0.${++client}` },
  });

const row = async (email: string) => (await first(db().select().from(t.subscribers).where(eq(t.subscribers.email, email))))!;

/** The emails in the outbox sent to `to` (they are written just after the answer). */
const emailsTo = (to: string, atLeast = 1, waitMs = 3_000) =>
  poll(
    () => outboxMailsTo(config().OUTBOX_DIR, to),
    (found) => found.length >= atLeast,
    waitMs,
  );

const confirmLink = (mail: Parameters<typeof linkTo>[0]) => linkTo(mail, "/confirm-subscription?token=");

describe("double opt-in", () => {
  it("asks to check the inbox and waits for the link before activating", async () => {
    const answer = await subscribeJson("confirm-me@example.com");
    expect(answer.status).toBe(200);
    expect((await answer.json()).message).toBe(SUBSCRIBED_CONFIRM_MESSAGE);
    // The answer is true whether the address is new or already subscribed: it does not thank for a subscription.
    expect(SUBSCRIBED_CONFIRM_MESSAGE).toMatch(/^Check your inbox/);
    expect(SUBSCRIBED_CONFIRM_MESSAGE).not.toMatch(/Thank you for subscribing/);
    expect(await row("confirm-me@example.com")).toMatchObject({ isActive: false, confirmedAt: null });
    expect((await listSubscribers()).find((s) => s.email === "confirm-me@example.com")?.status).toBe("pending");
    await sendWeeklyNewsletter();
    const pendingId = (await row("confirm-me@example.com")).id;
    expect(await all(db().select().from(t.newsletterDeliveries).where(eq(t.newsletterDeliveries.subscriberId, pendingId)))).toEqual([]);

    const [email] = await emailsTo("confirm-me@example.com");
    expect(email.subject).toMatch(/Confirm your subscription/);
    const link = confirmLink(email);
    const target = `${link.pathname}${link.search}`;

    const page = await call(confirmLoader, target);
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({ email: "confirm-me@example.com" });
    expect((await row("confirm-me@example.com")).isActive).toBe(false);

    const done = await call(confirmAction, target, { method: "POST" });
    expect(await done.json()).toEqual({ confirmed: "confirm-me@example.com" });
    expect(await row("confirm-me@example.com")).toMatchObject({ isActive: true, confirmationTokenHash: null });
    expect((await listSubscribers()).find((s) => s.email === "confirm-me@example.com")?.status).toBe("active");

    const reused = await call(confirmAction, target, { method: "POST" });
    expect(reused.status).toBe(404);
  });

  it("refuses a link older than 48 hours and a forged one", async () => {
    await subscribeJson("late@example.com");
    const link = confirmLink((await emailsTo("late@example.com"))[0]);
    await execute(
      db()
        .update(t.subscribers)
        .set({ confirmationSentAt: new Date(Date.now() - 49 * 3_600_000) })
        .where(eq(t.subscribers.email, "late@example.com")),
    );
    expect((await call(confirmAction, `${link.pathname}${link.search}`, { method: "POST" })).status).toBe(404);
    expect((await call(confirmAction, "/confirm-subscription?token=forged", { method: "POST" })).status).toBe(404);
    expect((await row("late@example.com")).isActive).toBe(false);
  });

  it("answers a repeated signup the same way and sends at most one email per address in ten minutes", async () => {
    const first = await (await subscribeJson("twice@example.com")).json();
    await emailsTo("twice@example.com");
    const second = await (await subscribeJson("twice@example.com")).json();
    expect(second).toEqual(first);
    expect(await emailsTo("twice@example.com", 2, 300)).toHaveLength(1);
  });

  it("tells an already active address by email, not in the answer", async () => {
    await execute(db().insert(t.subscribers).values({ email: "known@example.com", isActive: true, confirmedAt: new Date() }));
    const answer = await (await subscribeJson("known@example.com")).json();
    expect(answer).toEqual(await (await subscribeJson("unknown@example.com")).json());
    expect(answer.message).toBe(SUBSCRIBED_CONFIRM_MESSAGE);
    const [notice] = await emailsTo("known@example.com");
    expect(notice.text).toMatch(/already subscribed/);
    expect((await row("known@example.com")).isActive).toBe(true);
  });

  it("lets an admin activate a pending address (confirmed on the reader's behalf) and lists unsubscribed ones", async () => {
    await subscribeJson("by-phone@example.com");
    await setSubscriberActive((await row("by-phone@example.com")).id, true);
    expect((await row("by-phone@example.com")).confirmedAt).toBeInstanceOf(Date);
    await setSubscriberActive((await row("by-phone@example.com")).id, false);
    expect((await listSubscribers()).find((s) => s.email === "by-phone@example.com")?.status).toBe("unsubscribed");
  });

  it("is off with NEWSLETTER_DOUBLE_OPT_IN=false: active at once, with the SPEC's message", async () => {
    process.env.NEWSLETTER_DOUBLE_OPT_IN = "false";
    reloadConfig();
    try {
      const answer = await subscribeJson("intranet@example.com");
      expect((await answer.json()).message).toBe(SUBSCRIBED_MESSAGE);
      expect(await row("intranet@example.com")).toMatchObject({ isActive: true });
      expect((await row("intranet@example.com")).confirmedAt).toBeInstanceOf(Date);
    } finally {
      delete process.env.NEWSLETTER_DOUBLE_OPT_IN;
      reloadConfig();
    }
  });
});
