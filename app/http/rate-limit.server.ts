// Fixed-window rate limits kept in SQLite, so they hold across restarts and processes.
import { sql } from "drizzle-orm";
import { config } from "../config.server";
import { readVisitorId } from "../visitors/visitor.server";
import { db } from "../db.server";
import { jsonError } from "./responses.server";

export type RateLimitRule = { name: string; limit: number; windowMs: number };

export const RATE_LIMITS = {
  login: { name: "login", limit: 10, windowMs: 15 * 60_000 },
  forgotPassword: { name: "forgot-password", limit: 5, windowMs: 15 * 60_000 },
  resetPassword: { name: "reset-password", limit: 10, windowMs: 15 * 60_000 },
  acceptInvitation: { name: "accept-invitation", limit: 10, windowMs: 15 * 60_000 },
  subscribe: { name: "subscribe", limit: 10, windowMs: 60 * 60_000 },
  feedback: { name: "feedback", limit: 10, windowMs: 60 * 60_000 },
  aiSummary: { name: "ai-summary", limit: 30, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/** Counts one hit for the key; returns how long to wait (ms) when over the limit, else 0. */
export function hitRateLimit(rule: RateLimitRule, key: string, now = Date.now()): number {
  const id = `${rule.name}:${key}`;
  const windowStart = now - (now % rule.windowMs);
  const row = db().get<{ count: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${id}, ${windowStart}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN window_start = excluded.window_start THEN count + 1 ELSE 1 END,
      window_start = excluded.window_start
    RETURNING count`);
  return row.count > rule.limit ? windowStart + rule.windowMs - now : 0;
}

/**
 * The client's address for rate limiting. Behind a reverse proxy (TRUST_PROXY=true) it is the first
 * X-Forwarded-For entry; otherwise that header is ignored, since any client could forge it to dodge limits,
 * and all direct clients share one key (the web server does not hand the socket address to the app).
 */
export function clientKey(request: Request) {
  if (!config().TRUST_PROXY) return "direct";
  return request.headers.get("x-forwarded-for")?.split(",")[0].trim() || request.headers.get("x-real-ip") || "direct";
}

/**
 * The key for limits on public forms: the address plus the visitor cookie when there is one, so people who
 * share an address (or every direct client, without a proxy) do not share one bucket; cookieless callers do.
 */
export async function visitorRateKey(request: Request) {
  return `${clientKey(request)}:${(await readVisitorId(request)) ?? "no-cookie"}`;
}

/** What a limited person reads: how long to wait, in whole minutes. */
export function rateLimitMessage(waitMs: number, what = "attempts") {
  const minutes = Math.ceil(waitMs / 60_000);
  return `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** Throws a 429 JSON answer when the caller is over the limit. */
export function enforceRateLimit(rule: RateLimitRule, key: string) {
  const waitMs = hitRateLimit(rule, key);
  if (waitMs > 0) {
    throw jsonError(429, rateLimitMessage(waitMs), {
      "Retry-After": String(Math.ceil(waitMs / 1000)),
    });
  }
}

export function purgeExpiredRateLimits(now = Date.now()) {
  const longestWindow = Math.max(...Object.values(RATE_LIMITS).map((r) => r.windowMs));
  return db().run(sql`DELETE FROM rate_limits WHERE window_start < ${now - longestWindow}`).changes;
}
