// Fixed-window rate limits kept in the database (app/rate-limit-store.server.ts), so they hold across restarts and
// processes; a key's window opens at its first hit.
import ipaddr from "ipaddr.js";
import { config } from "./config.server";
import { AppError } from "./errors";
import {
  attemptsCountedInDatabase,
  countHit,
  deleteWindowsOpenedBefore,
  openWindow,
  reserveAttempt,
  settleAttempt,
  type AttemptCheck,
} from "./rate-limit-store.server";

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
  /** Webhook addresses saved or tried on the manage page, per address: each try resolves a name and checks a port. */
  webhookAddress: { name: "webhook-address", limit: 10, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/** The whole site's hourly allowance of summaries from a paid model provider (AI_MAX_SUMMARIES_PER_HOUR). */
export function aiSummaryBudget(): RateLimitRule {
  return { name: "ai-summary-budget", limit: config().AI_MAX_SUMMARIES_PER_HOUR, windowMs: 60 * 60_000 };
}

/**
 * The hits counted for the key in its current window, and how long (ms) until the window ends. A key's window
 * opens at its first hit and lasts `windowMs` (not a window aligned to the clock, which a burst straddling its
 * edge would split in two, each half under the limit).
 */
async function currentWindow(rule: RateLimitRule, key: string, now = Date.now()) {
  const row = await openWindow(`${rule.name}:${key}`, now - rule.windowMs);
  return row ? { count: row.count, msLeft: row.windowStart + rule.windowMs - now } : { count: 0, msLeft: 0 };
}

/** Counts one hit for the key; returns how long to wait (ms) when over the limit, else 0. */
export async function hitRateLimit(rule: RateLimitRule, key: string, now = Date.now()): Promise<number> {
  const row = await countHit(`${rule.name}:${key}`, now, now - rule.windowMs);
  return row.count > rule.limit ? row.windowStart + rule.windowMs - now : 0;
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

function tooManyAttempts(waitMs: number, what?: string) {
  const { message, retryAfterSeconds } = refusal(waitMs, what);
  return new AppError("rate-limited", message, { retryAfterSeconds });
}

/**
 * Counts the call and throws a "rate-limited" AppError (a 429 with Retry-After) when the caller is over the limit;
 * `what` names what was counted in the message ("Too many submissions").
 */
export async function enforceRateLimit(rule: RateLimitRule, key: string, what?: string) {
  const waitMs = await hitRateLimit(rule, key);
  if (waitMs > 0) throw tooManyAttempts(waitMs, what);
}

export type RateLimitCheck = { rule: RateLimitRule; key: string };

// On SQLite the attempts in flight are counted in this process's memory: an embedded database is one server's, and
// the count costs no write. On PostgreSQL, which several web nodes share, they are rows (limitFailuresAcrossProcesses).

/** Attempts running now per check (`rule:key`): each may still turn out a failure, so it counts until it ends. */
const attemptsInFlight = new Map<string, number>();
/** Callers waiting for an attempt in flight on a check to end, to look again. */
const waitingOnCheck = new Map<string, (() => void)[]>();

/**
 * How many attempts have ended in this process. An attempt that ends while the windows are being read may have
 * counted its failure after the read and left the attempts in flight before it is looked at: the read is then
 * stale, and is done again.
 */
let attemptsEnded = 0;

const checkId = ({ rule, key }: RateLimitCheck) => `${rule.name}:${key}`;

function countInFlight(checks: RateLimitCheck[], change: 1 | -1) {
  for (const id of checks.map(checkId)) {
    const left = (attemptsInFlight.get(id) ?? 0) + change;
    if (left > 0) attemptsInFlight.set(id, left);
    else attemptsInFlight.delete(id);
  }
}

/**
 * Runs `attempt` unless one of the checks already has the caller waiting (429), and counts a hit on every
 * check only when the attempt fails with a refusal (a thrown AppError other than a busy server's "rate-limited").
 * Successes never count, so a person who gets it right is never held back by what others, or their own
 * earlier typos, did.
 *
 * Attempts still running count too, until they end: otherwise a burst sent all at once would pass the check
 * before its first failure was counted, and run every one of its password hashes. A caller who finds the
 * limit reached only by attempts in flight waits for one to end and looks again: refused if it failed, let
 * through if it succeeded. So no more than the limit's attempts run per key and window.
 */
export async function limitFailures<T>(checks: RateLimitCheck[], attempt: () => Promise<T>): Promise<T> {
  if (attemptsCountedInDatabase()) return limitFailuresAcrossProcesses(checks, attempt);
  for (;;) {
    const endedBefore = attemptsEnded;
    const windows = [];
    for (const check of checks) windows.push({ check, ...(await currentWindow(check.rule, check.key)) });
    if (attemptsEnded !== endedBefore) continue;
    // From here to counting this attempt in flight nothing is awaited, so no other attempt can slip in between.
    const waitMs = Math.max(...windows.map(({ check, count, msLeft }) => (count >= check.rule.limit ? msLeft : 0)));
    if (waitMs > 0) throw tooManyAttempts(waitMs);
    const full = windows.find(({ check, count }) => count + (attemptsInFlight.get(checkId(check)) ?? 0) >= check.rule.limit);
    if (!full) break;
    const id = checkId(full.check);
    const waiting = waitingOnCheck.get(id) ?? [];
    waitingOnCheck.set(id, waiting);
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  countInFlight(checks, 1);
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof AppError && error.kind !== "rate-limited") for (const { rule, key } of checks) await hitRateLimit(rule, key);
    throw error;
  } finally {
    // The failure is counted (above) before the attempt stops counting in flight.
    countInFlight(checks, -1);
    attemptsEnded += 1;
    for (const id of checks.map(checkId)) {
      const waiting = waitingOnCheck.get(id) ?? [];
      waitingOnCheck.delete(id);
      for (const wake of waiting) wake();
    }
  }
}

/**
 * How soon a caller who found every place taken by attempts in flight looks again: soon at first (a hash takes
 * about 0.3 s), then less often, so that a crowd of waiters does not keep the database busy.
 */
const IN_FLIGHT_RECHECK_MS = { first: 25, most: 250 };

/** An attempt that is a failure to count: a refusal, not a busy server's "rate-limited". */
const isFailure = (error: unknown) => error instanceof AppError && error.kind !== "rate-limited";

/**
 * limitFailures where several processes share the database: the attempts in flight are rows there, so the limit
 * holds across every process and web node. An attempt takes its place before it runs and gives it back after, its
 * failure counted in the same transaction. A caller who finds the places taken by attempts in flight (anywhere)
 * looks again shortly, as the in-process version waits for one of them to end.
 */
async function limitFailuresAcrossProcesses<T>(checks: RateLimitCheck[], attempt: () => Promise<T>): Promise<T> {
  const stored: AttemptCheck[] = checks.map((check) => ({ id: checkId(check), limit: check.rule.limit, windowMs: check.rule.windowMs }));
  let place: string;
  for (let recheckMs = IN_FLIGHT_RECHECK_MS.first; ; recheckMs = Math.min(2 * recheckMs, IN_FLIGHT_RECHECK_MS.most)) {
    const reservation = await reserveAttempt(stored);
    if ("refusedMs" in reservation) throw tooManyAttempts(reservation.refusedMs);
    if ("reserved" in reservation) {
      place = reservation.reserved;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, recheckMs));
  }
  let failed = false;
  try {
    return await attempt();
  } catch (error) {
    failed = isFailure(error);
    throw error;
  } finally {
    await settleAttempt(place, stored, failed);
  }
}

export async function purgeExpiredRateLimits(now = Date.now()) {
  const longestWindow = Math.max(...Object.values(RATE_LIMITS).map((r) => r.windowMs));
  return deleteWindowsOpenedBefore(now - longestWindow);
}
