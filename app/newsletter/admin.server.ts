// The admin's view of newsletter subscribers (the public side, sign-up to unsubscribe, is subscribers.server.ts).
import { desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { db, t } from "../db.server";
import { booleanField } from "../validation";
import { AppError } from "../errors";

export const subscriberStatusSchema = z.object({ isActive: booleanField });

/** pending: waiting for the address to confirm (double opt-in); unsubscribed: left, or turned off by an admin. */
export type SubscriberStatus = "pending" | "active" | "unsubscribed";

export type SubscriberJson = {
  id: number;
  email: string;
  isActive: boolean;
  status: SubscriberStatus;
  source: string;
  createdAt: string;
  lastEmailSent: string | null;
};

function toSubscriberJson(row: typeof t.subscribers.$inferSelect): SubscriberJson {
  return {
    id: row.id,
    email: row.email,
    isActive: row.isActive,
    status: row.isActive ? "active" : row.confirmationTokenHash ? "pending" : "unsubscribed",
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    lastEmailSent: row.lastEmailSent?.toISOString() ?? null,
  };
}

export function listSubscribers(): SubscriberJson[] {
  return db().select().from(t.subscribers).orderBy(desc(t.subscribers.createdAt), desc(t.subscribers.id)).all().map(toSubscriberJson);
}

/** An admin activating a pending address confirms it on the reader's behalf (for example, asked in person). */
export function setSubscriberActive(id: number, isActive: boolean) {
  const now = new Date();
  const row = db()
    .update(t.subscribers)
    .set(
      isActive
        ? { isActive, unsubscribedAt: null, confirmedAt: sql`coalesce(${t.subscribers.confirmedAt}, ${now.getTime()})`, confirmationTokenHash: null }
        : { isActive, unsubscribedAt: now, confirmationTokenHash: null },
    )
    .where(eq(t.subscribers.id, id))
    .returning()
    .get();
  if (!row) throw new AppError("not-found", "Subscriber not found");
  return toSubscriberJson(row);
}
