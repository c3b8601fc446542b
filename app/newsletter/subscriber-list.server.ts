// The admin's view of newsletter subscribers (the public side, sign-up to unsubscribe, is subscribers.server.ts).
import { z } from "zod";
import { booleanField } from "../validation";
import { AppError } from "../errors";
import { allSubscribers, updateSubscriberActive, type Subscriber } from "./store.server";
import type { SubscriberJson, SubscriberStatus } from "./answer.server";

export const subscriberStatusSchema = z.object({ isActive: booleanField });

export type { SubscriberJson, SubscriberStatus };

function toSubscriberJson(row: Subscriber): SubscriberJson {
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

export async function listSubscribers(): Promise<SubscriberJson[]> {
  return (await allSubscribers()).map(toSubscriberJson);
}

/** An admin activating a pending address confirms it on the reader's behalf (for example, asked in person). */
export async function setSubscriberActive(id: number, isActive: boolean) {
  const row = await updateSubscriberActive(id, isActive, new Date());
  if (!row) throw new AppError("not-found", "Subscriber not found");
  return toSubscriberJson(row);
}
