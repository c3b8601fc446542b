// The write transactions of the newsletter, alerts and confirmation cap stores: each check and its writes happen
// together, and a claim that finds the ground moved writes nothing.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { claimAlertPeriod } from "~/alerts/store.server";
import { all, db, engine, execute, first, t } from "~/db.server";
import { CONFIRMATION_CAP, claimConfirmationEmail } from "~/email/confirmation-cap.server";
import { markDeliverySent } from "~/newsletter/store.server";
import { addConfirmedSubscriber } from "../support/subscribers";

async function addRunningAlert(email: string, cursorArticleId: number) {
  const alert = await first(
    db().insert(t.alerts).values({ email, view: "q=store", frequency: "daily", hour: 7, confirmedAt: new Date(), cursorArticleId }).returning(),
  );
  return alert!;
}

const deliveriesOf = (alertId: number) => all(db().select().from(t.alertDeliveries).where(eq(t.alertDeliveries.alertId, alertId)));
const cursorOf = async (alertId: number) => (await first(db().select().from(t.alerts).where(eq(t.alerts.id, alertId))))!.cursorArticleId;

/** The error's message and those of the errors it wraps. */
function errorMessages(error: Error): string {
  return error.cause instanceof Error ? `${error.message}\n${errorMessages(error.cause)}` : error.message;
}

describe("an alert's period claim", () => {
  it("records the delivery and moves the cursor together", async () => {
    const alert = await addRunningAlert("claim@example.com", 5);
    expect(await claimAlertPeriod(alert.id, "2026-11-24", { cursor: 5, newest: 9, articleCount: 2 })).toBe("claimed");
    expect(await deliveriesOf(alert.id)).toMatchObject([{ period: "2026-11-24", status: "sending", articleCount: 2 }]);
    expect(await cursorOf(alert.id)).toBe(9);
    // An empty period is recorded as such, and the cursor never moves back.
    expect(await claimAlertPeriod(alert.id, "2026-11-25", { cursor: 9, newest: 3, articleCount: 0 })).toBe("claimed");
    expect((await deliveriesOf(alert.id)).map((d) => [d.period, d.status])).toEqual([
      ["2026-11-24", "sending"],
      ["2026-11-25", "empty"],
    ]);
    expect(await cursorOf(alert.id)).toBe(9);
  });

  it("writes nothing when the period is claimed already or the cursor moved since the articles were chosen", async () => {
    const alert = await addRunningAlert("taken@example.com", 5);
    expect(await claimAlertPeriod(alert.id, "2026-11-24", { cursor: 5, newest: 9, articleCount: 1 })).toBe("claimed");
    expect(await claimAlertPeriod(alert.id, "2026-11-24", { cursor: 9, newest: 12, articleCount: 1 })).toBe("taken");
    expect(await cursorOf(alert.id)).toBe(9);
    expect(await claimAlertPeriod(alert.id, "2026-11-25", { cursor: 5, newest: 12, articleCount: 1 })).toBe("moved");
    expect(await deliveriesOf(alert.id)).toHaveLength(1);
    expect(await cursorOf(alert.id)).toBe(9);
  });
});

describe("the confirmation cap", () => {
  it("lets only one of many simultaneous requests take an address's next email", async () => {
    const now = new Date();
    const answers = await Promise.all(Array.from({ length: 5 }, () => claimConfirmationEmail("crowd@example.com", "newsletter", now)));
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await all(db().select().from(t.confirmationEmails).where(eq(t.confirmationEmails.recipient, "crowd@example.com")))).toHaveLength(1);
  });

  it("allows a few a day, never two within the gap", async () => {
    const start = new Date("2026-11-20T08:00:00Z");
    const later = (ms: number) => new Date(start.getTime() + ms);
    expect(await claimConfirmationEmail("spaced@example.com", "alert", start)).toBe(true);
    expect(await claimConfirmationEmail("spaced@example.com", "alert", later(CONFIRMATION_CAP.minimumGapMs - 1))).toBe(false);
    expect(await claimConfirmationEmail("spaced@example.com", "alert", later(CONFIRMATION_CAP.minimumGapMs))).toBe(true);
    expect(await claimConfirmationEmail("spaced@example.com", "alert", later(2 * CONFIRMATION_CAP.minimumGapMs))).toBe(true);
    expect(await claimConfirmationEmail("spaced@example.com", "alert", later(3 * CONFIRMATION_CAP.minimumGapMs))).toBe(false);
  });
});

describe("a newsletter delivery the mail server accepted", () => {
  it("is recorded as sent together with the subscriber's last email", async () => {
    const subscriber = await addConfirmedSubscriber("accepted@example.com");
    const issue = (await first(db().insert(t.newsletterIssues).values({ weekOf: "2026-11-16", subject: "s", text: "t", html: "h" }).returning()))!;
    await execute(db().insert(t.newsletterDeliveries).values({ issueId: issue.id, subscriberId: subscriber.id, status: "sending" }));
    const at = new Date("2026-11-16T09:00:00Z");
    await markDeliverySent(issue.id, subscriber.id, "<id@example>", at);
    expect(await first(db().select().from(t.newsletterDeliveries).where(eq(t.newsletterDeliveries.subscriberId, subscriber.id)))).toMatchObject({
      status: "sent",
      messageId: "<id@example>",
      sentAt: at,
    });
    expect((await first(db().select().from(t.subscribers).where(eq(t.subscribers.id, subscriber.id))))!.lastEmailSent).toEqual(at);
  });

  it("leaves the delivery as it was when the subscriber's row cannot be written", async () => {
    const subscriber = await addConfirmedSubscriber("rollback@example.com");
    const issue = (await first(db().insert(t.newsletterIssues).values({ weekOf: "2026-11-23", subject: "s", text: "t", html: "h" }).returning()))!;
    await execute(db().insert(t.newsletterDeliveries).values({ issueId: issue.id, subscriberId: subscriber.id, status: "sending" }));
    // A trigger refusing the subscriber's update makes the transaction's second step fail.
    if (engine() === "postgres") {
      await execute(sql.raw(`CREATE FUNCTION refuse_last_email() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`));
      await execute(
        sql.raw(
          `CREATE TRIGGER refuse_last_email BEFORE UPDATE OF last_email_sent ON subscribers FOR EACH ROW WHEN (NEW.id = ${subscriber.id}) EXECUTE FUNCTION refuse_last_email()`,
        ),
      );
    } else {
      await execute(
        sql.raw(
          `CREATE TRIGGER refuse_last_email BEFORE UPDATE OF last_email_sent ON subscribers WHEN NEW.id = ${subscriber.id} BEGIN SELECT RAISE(ABORT, 'refused'); END`,
        ),
      );
    }
    try {
      const error = await markDeliverySent(issue.id, subscriber.id, "<id@example>", new Date()).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      // PostgreSQL's driver wraps the database's error in one naming the query: the trigger's message is its cause.
      expect(error).toBeInstanceOf(Error);
      expect(errorMessages(error as Error)).toContain("refused");
    } finally {
      await execute(sql.raw(engine() === "postgres" ? "DROP TRIGGER refuse_last_email ON subscribers" : "DROP TRIGGER refuse_last_email"));
    }
    expect(await first(db().select().from(t.newsletterDeliveries).where(eq(t.newsletterDeliveries.subscriberId, subscriber.id)))).toMatchObject({
      status: "sending",
      messageId: null,
    });
  });
});
