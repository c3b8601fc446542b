// The admin's view of newsletter subscribers.
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { db, t } from "../db.server";
import { booleanField } from "../http/fields";
import { jsonError } from "../http/responses.server";

export const subscriberStatusSchema = z.object({ isActive: booleanField });

export type SubscriberJson = {
  id: number;
  email: string;
  isActive: boolean;
  source: string;
  createdAt: string;
  lastEmailSent: string | null;
};

function toSubscriberJson(row: typeof t.subscribers.$inferSelect): SubscriberJson {
  return {
    id: row.id,
    email: row.email,
    isActive: row.isActive,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    lastEmailSent: row.lastEmailSent?.toISOString() ?? null,
  };
}

export function listSubscribers(): SubscriberJson[] {
  return db().select().from(t.subscribers).orderBy(desc(t.subscribers.createdAt), desc(t.subscribers.id)).all().map(toSubscriberJson);
}

export function setSubscriberActive(id: number, isActive: boolean) {
  const row = db()
    .update(t.subscribers)
    .set({ isActive, unsubscribedAt: isActive ? null : new Date() })
    .where(eq(t.subscribers.id, id))
    .returning()
    .get();
  if (!row) throw jsonError(404, "Subscriber not found");
  return toSubscriberJson(row);
}
