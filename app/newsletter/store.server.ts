// The newsletter's reads and writes: subscribers (sign-up, confirmation, unsubscribe, the admin's list), the weekly
// issues and their per-recipient deliveries, and the articles an issue carries. Policy (double opt-in, what an issue
// says, retries) is in subscribers.server.ts, newsletter.server.ts and subscriber-list.server.ts.
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { all, db, execute, first, t, transaction } from "../db.server";

export type Subscriber = typeof t.subscribers.$inferSelect;
export type NewsletterIssue = typeof t.newsletterIssues.$inferSelect;
type DeliveryValues = Partial<typeof t.newsletterDeliveries.$inferInsert>;
/** The columns a sign-up waiting for its link keeps (app/confirmations/confirmation.server.ts). */
type PendingSignup = { isActive: false; confirmedAt: null; confirmationTokenHash: string | null; confirmationSentAt: Date | null };

// Subscribers

export function subscriberByEmail(email: string): Promise<Subscriber | undefined> {
  return first(db().select().from(t.subscribers).where(eq(t.subscribers.email, email)));
}

export function subscriberById(id: number): Promise<Subscriber | undefined> {
  return first(db().select().from(t.subscribers).where(eq(t.subscribers.id, id)));
}

export function subscriberByConfirmationHash(tokenHash: string): Promise<Subscriber | undefined> {
  return first(db().select().from(t.subscribers).where(eq(t.subscribers.confirmationTokenHash, tokenHash)));
}

/** Subscribes an address at once (double opt-in switched off): a known address becomes active again. */
export async function addActiveSubscriber(email: string, source: string, now: Date) {
  await execute(
    db()
      .insert(t.subscribers)
      .values({ email, source, confirmedAt: now })
      .onConflictDoUpdate({ target: t.subscribers.email, set: { isActive: true, unsubscribedAt: null, confirmedAt: now } }),
  );
}

/** Stores a sign-up that waits for its confirmation link (a known, inactive address gets the new link). */
export async function addPendingSubscriber(email: string, source: string, pending: PendingSignup) {
  await execute(
    db()
      .insert(t.subscribers)
      .values({ email, source, ...pending })
      .onConflictDoUpdate({ target: t.subscribers.email, set: pending }),
  );
}

/** Forgets sign-ups that never confirmed and whose link was sent at or before `cutoff` (ms); answers how many. */
export function deleteUnconfirmedSignups(cutoff: number) {
  return execute(
    sql`DELETE FROM subscribers WHERE confirmation_token_hash IS NOT NULL AND is_active = FALSE AND confirmed_at IS NULL AND unsubscribed_at IS NULL AND coalesce(confirmation_sent_at, 0) <= ${cutoff}`,
  );
}

/** Makes a pending subscriber active; its link is used up. */
export function confirmSubscriber(id: number, now: Date): Promise<Subscriber | undefined> {
  return first(
    db()
      .update(t.subscribers)
      .set({ isActive: true, confirmedAt: now, confirmationTokenHash: null, unsubscribedAt: null })
      .where(eq(t.subscribers.id, id))
      .returning(),
  );
}

export async function deactivateSubscriber(id: number) {
  await execute(db().update(t.subscribers).set({ isActive: false, unsubscribedAt: new Date() }).where(eq(t.subscribers.id, id)));
}

/** Every subscriber, newest first (the admin's list). */
export function allSubscribers(): Promise<Subscriber[]> {
  return all(db().select().from(t.subscribers).orderBy(desc(t.subscribers.createdAt), desc(t.subscribers.id)));
}

/**
 * Turns a subscriber on or off by an admin; undefined when there is none with that id. Turning on confirms a pending
 * address on the reader's behalf (keeping an earlier confirmation's time); either way its link is used up.
 */
export function updateSubscriberActive(id: number, isActive: boolean, now: Date): Promise<Subscriber | undefined> {
  return first(
    db()
      .update(t.subscribers)
      .set(
        isActive
          ? { isActive, unsubscribedAt: null, confirmedAt: sql`coalesce(${t.subscribers.confirmedAt}, ${now.getTime()})`, confirmationTokenHash: null }
          : { isActive, unsubscribedAt: now, confirmationTokenHash: null },
      )
      .where(eq(t.subscribers.id, id))
      .returning(),
  );
}

// The articles an issue carries

export type NewsletterArticle = {
  id: number;
  title: string;
  summary: string;
  category: string;
  priority: string;
  sourceName: string;
  originalUrl: string;
  publishDate: Date;
};

const articleColumns = {
  id: t.articles.id,
  title: t.articles.title,
  summary: t.articles.summary,
  category: t.articles.category,
  priority: t.articles.priority,
  sourceName: t.articles.sourceName,
  originalUrl: t.articles.originalUrl,
  publishDate: t.articles.publishDate,
};

const PRIORITY_RANK = sql`CASE ${t.articles.priority} WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END`;

/** The most important articles published since `since`: high priority first, then the newest. */
export function mostImportantArticlesSince(since: Date, limit: number): Promise<NewsletterArticle[]> {
  return all(
    db()
      .select(articleColumns)
      .from(t.articles)
      .where(gte(t.articles.publishDate, since))
      .orderBy(PRIORITY_RANK, desc(t.articles.publishDate), desc(t.articles.id))
      .limit(limit),
  );
}

/** The newest articles, whenever they were published. */
export function newestArticles(limit: number): Promise<NewsletterArticle[]> {
  return all(db().select(articleColumns).from(t.articles).orderBy(desc(t.articles.publishDate), desc(t.articles.id)).limit(limit));
}

// Issues and deliveries

export function issueOfWeek(weekOf: string): Promise<NewsletterIssue | undefined> {
  return first(db().select().from(t.newsletterIssues).where(eq(t.newsletterIssues.weekOf, weekOf)));
}

/** Stores a week's issue unless one is already stored (another run made it first: theirs stays). */
export async function addIssue(issue: Pick<NewsletterIssue, "weekOf" | "subject" | "text" | "html">) {
  await execute(db().insert(t.newsletterIssues).values(issue).onConflictDoNothing());
}

/** A pending delivery of the issue for every active subscriber who has none yet. */
export async function addPendingDeliveries(issueId: number) {
  await execute(sql`
    INSERT INTO newsletter_deliveries (issue_id, subscriber_id)
    SELECT ${issueId}, id FROM subscribers WHERE is_active = TRUE
    ON CONFLICT DO NOTHING`);
}

/** Every delivery of the issue with its subscriber, in subscriber order. */
export function deliveriesOf(issueId: number) {
  return all(
    db()
      .select({ delivery: t.newsletterDeliveries, subscriber: t.subscribers })
      .from(t.newsletterDeliveries)
      .innerJoin(t.subscribers, eq(t.subscribers.id, t.newsletterDeliveries.subscriberId))
      .where(eq(t.newsletterDeliveries.issueId, issueId))
      .orderBy(t.newsletterDeliveries.subscriberId),
  );
}

function deliveryOf(issueId: number, subscriberId: number) {
  return and(eq(t.newsletterDeliveries.issueId, issueId), eq(t.newsletterDeliveries.subscriberId, subscriberId));
}

export async function setDelivery(issueId: number, subscriberId: number, values: DeliveryValues) {
  await execute(
    db()
      .update(t.newsletterDeliveries)
      .set({ ...values, updatedAt: new Date() })
      .where(deliveryOf(issueId, subscriberId)),
  );
}

/** Records a delivery the mail server accepted and when the subscriber last got an email, together. */
export async function markDeliverySent(issueId: number, subscriberId: number, messageId: string, at: Date) {
  await transaction(function* (tx) {
    yield* tx.execute(
      tx.db
        .update(t.newsletterDeliveries)
        .set({ status: "sent", messageId, sentAt: at, updatedAt: at, lastError: null })
        .where(deliveryOf(issueId, subscriberId)),
    );
    yield* tx.execute(tx.db.update(t.subscribers).set({ lastEmailSent: at }).where(eq(t.subscribers.id, subscriberId)));
  });
}

/** How many of the issue's deliveries are still to be sent (pending, or failed and to be retried). */
export async function openDeliveryCount(issueId: number) {
  const row = await first(
    db()
      .select({ n: sql<number>`count(*)` })
      .from(t.newsletterDeliveries)
      .where(and(eq(t.newsletterDeliveries.issueId, issueId), inArray(t.newsletterDeliveries.status, ["pending", "failed"]))),
  );
  return row!.n;
}

export async function markIssueCompleted(issueId: number, at: Date) {
  await execute(db().update(t.newsletterIssues).set({ completedAt: at }).where(eq(t.newsletterIssues.id, issueId)));
}
