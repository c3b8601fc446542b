// Subscribers: signup (normalised, idempotent, re-activating), and the signed per-subscriber unsubscribe token.
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { config } from "../config.server";
import { db, t } from "../db.server";
import { isValidEmail, normalizeEmail } from "../email/address";
import { siteUrl } from "../email/mailer.server";
import { hitRateLimit, rateLimitMessage, RATE_LIMITS } from "../http/rate-limit.server";
import { SUBSCRIBE_TOASTS, SUBSCRIBED_MESSAGE } from "./signup";

export type Subscriber = typeof t.subscribers.$inferSelect;

export type SubscribeOutcome =
  | { ok: true; message: string; subscriber: Subscriber }
  | { ok: false; status: 400 | 429; message: string; retryAfterSeconds?: number };

const MAX_SOURCE_LENGTH = 40;

/**
 * Subscribes an address. Subscribing twice is not an error and adds no row; an address that had
 * unsubscribed becomes active again. Only valid attempts count against the rate limit.
 */
export function subscribe(rawEmail: unknown, rawSource: unknown, clientKey: string): SubscribeOutcome {
  const email = typeof rawEmail === "string" ? normalizeEmail(rawEmail) : "";
  if (!isValidEmail(email)) return { ok: false, status: 400, message: SUBSCRIBE_TOASTS.invalidEmail.message };
  const source = typeof rawSource === "string" && rawSource.trim() ? rawSource.trim().slice(0, MAX_SOURCE_LENGTH) : "homepage";
  const waitMs = hitRateLimit(RATE_LIMITS.subscribe, clientKey);
  if (waitMs > 0) {
    return {
      ok: false,
      status: 429,
      retryAfterSeconds: Math.ceil(waitMs / 1000),
      message: rateLimitMessage(waitMs),
    };
  }
  const subscriber = db()
    .insert(t.subscribers)
    .values({ email, source })
    .onConflictDoUpdate({ target: t.subscribers.email, set: { isActive: true, unsubscribedAt: null } })
    .returning()
    .get();
  return { ok: true, message: SUBSCRIBED_MESSAGE, subscriber };
}

function signature(id: number, email: string) {
  return createHmac("sha256", config().SESSION_SECRET).update(`unsubscribe:${id}:${email}`).digest("base64url");
}

/** A token naming the subscriber, signed with the server secret: it cannot be guessed or altered. */
export function unsubscribeToken(subscriber: Pick<Subscriber, "id" | "email">) {
  return `${subscriber.id}.${signature(subscriber.id, subscriber.email)}`;
}

export function unsubscribeUrl(subscriber: Pick<Subscriber, "id" | "email">) {
  return siteUrl(`/unsubscribe?token=${encodeURIComponent(unsubscribeToken(subscriber))}`);
}

/** The subscriber a token belongs to, or undefined for a forged, altered or stale token. */
export function subscriberFromToken(token: string | null | undefined): Subscriber | undefined {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!match) return undefined;
  const subscriber = db().select().from(t.subscribers).where(eq(t.subscribers.id, Number(match[1]))).get();
  if (!subscriber) return undefined;
  const expected = Buffer.from(signature(subscriber.id, subscriber.email));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? subscriber : undefined;
}

export function deactivateSubscriber(id: number) {
  db().update(t.subscribers).set({ isActive: false, unsubscribedAt: new Date() }).where(eq(t.subscribers.id, id)).run();
}
