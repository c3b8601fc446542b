// Fixed-window rate limits kept in SQLite, so they hold across restarts and processes.
import { sql } from "drizzle-orm";
import { config } from "../config.server";
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

/** The whole site's hourly allowance of summaries from a paid model provider (AI_MAX_SUMMARIES_PER_HOUR). */
export function aiSummaryBudget(): RateLimitRule {
  return { name: "ai-summary-budget", limit: config().AI_MAX_SUMMARIES_PER_HOUR, windowMs: 60 * 60_000 };
}

/** How long to wait (ms) before the key may try again, without counting a hit; 0 when it may. */
export function rateLimitWait(rule: RateLimitRule, key: string, now = Date.now()): number {
  const windowStart = now - (now % rule.windowMs);
  const row = db().get<{ count: number } | undefined>(
    sql`SELECT count FROM rate_limits WHERE key = ${`${rule.name}:${key}`} AND window_start = ${windowStart}`,
  );
  return row && row.count >= rule.limit ? windowStart + rule.windowMs - now : 0;
}

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
