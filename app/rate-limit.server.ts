// Fixed-window rate limits kept in SQLite, so they hold across restarts and processes.
import { sql } from "drizzle-orm";
import ipaddr from "ipaddr.js";
import { config } from "./config.server";
import { db } from "./db.server";
import { AppError } from "./errors";

/**
 * The address as a rate-limit key: IPv4 as is, IPv6 by its /64 network, because one IPv6 subscriber usually
 * holds a whole /64 and could otherwise walk through fresh addresses to dodge every limit.
 */
export function addressRateKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(":")}::/64`;
}

export type RateLimitRule = { name: string; limit: number; windowMs: number };

export const RATE_LIMITS = {
  /** Failed logins for one account from one address: password guessing against one account. */
  loginFailuresPerAccount: { name: "login-failures", limit: 10, windowMs: 15 * 60_000 },
  /** Failed logins from one address, any account: spraying guesses over many accounts. */
  loginFailuresPerAddress: { name: "login-failures-address", limit: 50, windowMs: 15 * 60_000 },
  /** Wrong current passwords when changing email or password, per account: a stolen session guessing it. */
  currentPasswordFailures: { name: "current-password-failures", limit: 10, windowMs: 15 * 60_000 },
  forgotPasswordPerAccount: { name: "forgot-password", limit: 5, windowMs: 15 * 60_000 },
  forgotPasswordPerAddress: { name: "forgot-password-address", limit: 20, windowMs: 15 * 60_000 },
  /** Reset and invitation tokens that were wrong, per address: guessing tokens. Valid tokens never count. */
  resetPasswordFailures: { name: "reset-password-failures", limit: 10, windowMs: 15 * 60_000 },
  acceptInvitationFailures: { name: "accept-invitation-failures", limit: 10, windowMs: 15 * 60_000 },
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

/** What a refusal says: the message and the Retry-After seconds. */
function refusal(waitMs: number, what?: string) {
  return { message: rateLimitMessage(waitMs, what), retryAfterSeconds: Math.ceil(waitMs / 1000) };
}

function tooManyAttempts(waitMs: number) {
  const { message, retryAfterSeconds } = refusal(waitMs);
  return new AppError("rate-limited", message, { retryAfterSeconds });
}

/** Counts the call; when the caller is over the limit, the refusal for forms that answer with an outcome, else null. */
export function rateLimitRefusal(rule: RateLimitRule, key: string, what?: string) {
  const waitMs = hitRateLimit(rule, key);
  return waitMs > 0 ? refusal(waitMs, what) : null;
}

/** Counts the call and throws a "rate-limited" AppError (a 429 with Retry-After) when the caller is over the limit. */
export function enforceRateLimit(rule: RateLimitRule, key: string) {
  const waitMs = hitRateLimit(rule, key);
  if (waitMs > 0) throw tooManyAttempts(waitMs);
}

export type RateLimitCheck = { rule: RateLimitRule; key: string };

/**
 * Runs `attempt` unless one of the checks already has the caller waiting (429), and counts a hit on every
 * check only when the attempt fails with a refusal (a thrown AppError). Successes never count, so a
 * person who gets it right is never held back by what others, or their own earlier typos, did.
 */
export async function limitFailures<T>(checks: RateLimitCheck[], attempt: () => Promise<T>): Promise<T> {
  const waitMs = Math.max(...checks.map(({ rule, key }) => rateLimitWait(rule, key)));
  if (waitMs > 0) throw tooManyAttempts(waitMs);
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof AppError) for (const { rule, key } of checks) hitRateLimit(rule, key);
    throw error;
  }
}

export function purgeExpiredRateLimits(now = Date.now()) {
  const longestWindow = Math.max(...Object.values(RATE_LIMITS).map((r) => r.windowMs));
  return db().run(sql`DELETE FROM rate_limits WHERE window_start < ${now - longestWindow}`).changes;
}
