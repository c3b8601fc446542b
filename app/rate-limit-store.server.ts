// Rate-limit windows in the database, so they hold across restarts and are shared by every process and web node.
// One row per `rule:key`: the hits counted since its window opened (app/rate-limit.server.ts decides what they mean).
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { engine, execute, first, transaction } from "./db.server";

export type RateWindow = { count: number; windowStart: number };

/** The hits counted for the id in a window opened after `openedAfter` (ms), if there is such a window. */
export async function openWindow(id: string, openedAfter: number) {
  return first<RateWindow>(windowQuery(id, openedAfter));
}

/**
 * Counts one hit at `now` (ms) for the id: in its window when that opened after `openedAfter`, else in a new
 * window opening now. Answers the window as it stands after the hit.
 */
export async function countHit(id: string, now: number, openedAfter: number): Promise<RateWindow> {
  const row = await first<RateWindow>(countHitQuery(id, now, openedAfter));
  return row!;
}

/** Deletes the windows opened before `before` (ms); answers how many. */
export async function deleteWindowsOpenedBefore(before: number) {
  return execute(sql`DELETE FROM rate_limits WHERE window_start < ${before}`);
}

// Attempts in flight, counted in the database where several processes share it (PostgreSQL): each attempt holds one
// row per check, `<check>|in-flight|<attempt>`, opened when the attempt starts and deleted when it ends. A process
// that dies mid-attempt leaves its rows behind: they stop counting after IN_FLIGHT_TTL_MS and are purged with the
// old windows.

/** Longer than any attempt runs (a password hash, after at most a few seconds in line). */
const IN_FLIGHT_TTL_MS = 2 * 60_000;

/** One check of an attempt: its window's id, limit and length (ms). */
export type AttemptCheck = { id: string; limit: number; windowMs: number };

/** An attempt's place: `reserved` (run it, then settle), `refusedMs` (over the limit: wait that long), or `full` (look again soon). */
export type Reservation = { reserved: string } | { refusedMs: number } | { full: true };

const inFlightPrefix = (id: string) => `${id}|in-flight|`;

/**
 * Whether attempts in flight must be counted in the database: several processes may share a PostgreSQL one, and
 * the web workers of WEB_CONCURRENCY > 1 share a SQLite one.
 */
export function attemptsCountedInDatabase() {
  return engine() === "postgres" || cluster.isWorker;
}

function windowQuery(id: string, openedAfter: number) {
  return sql`SELECT count, window_start AS "windowStart" FROM rate_limits WHERE key = ${id} AND window_start > ${openedAfter}`;
}

function countHitQuery(id: string, now: number, openedAfter: number) {
  return sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${id}, ${now}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start > ${openedAfter} THEN rate_limits.count + 1 ELSE 1 END,
      window_start = CASE WHEN rate_limits.window_start > ${openedAfter} THEN rate_limits.window_start ELSE excluded.window_start END
    RETURNING count, window_start AS "windowStart"`;
}

/**
 * Takes a place for an attempt when every check has room for it: failures counted in the window plus attempts in
 * flight (in any process) below the limit. Immediate, so no two processes read the same free place.
 */
export function reserveAttempt(checks: AttemptCheck[], now = Date.now()): Promise<Reservation> {
  return transaction(
    function* (tx) {
      let refusedMs = 0;
      let full = false;
      for (const check of checks) {
        const prefix = inFlightPrefix(check.id);
        const window = yield* tx.first<RateWindow>(windowQuery(check.id, now - check.windowMs));
        const failures = window?.count ?? 0;
        if (window && failures >= check.limit) refusedMs = Math.max(refusedMs, window.windowStart + check.windowMs - now);
        const inFlight = yield* tx.first<{ n: number }>(
          sql`SELECT count(*) AS n FROM rate_limits WHERE substr(key, 1, ${prefix.length}) = ${prefix} AND window_start > ${now - IN_FLIGHT_TTL_MS}`,
        );
        if (failures + Number(inFlight?.n ?? 0) >= check.limit) full = true;
      }
      if (refusedMs > 0) return { refusedMs };
      if (full) return { full: true };
      const attempt = randomUUID();
      for (const check of checks)
        yield* tx.execute(sql`INSERT INTO rate_limits (key, window_start, count) VALUES (${inFlightPrefix(check.id) + attempt}, ${now}, 1)`);
      return { reserved: attempt };
    },
    { behavior: "immediate" },
  );
}

/** Ends a reserved attempt: counts its failure on every check (when it failed) and gives its place back, at once. */
export function settleAttempt(attempt: string, checks: AttemptCheck[], failed: boolean, now = Date.now()): Promise<void> {
  return transaction(
    function* (tx) {
      if (failed) for (const check of checks) yield* tx.first(countHitQuery(check.id, now, now - check.windowMs));
      for (const check of checks) yield* tx.execute(sql`DELETE FROM rate_limits WHERE key = ${inFlightPrefix(check.id) + attempt}`);
    },
    { behavior: "immediate" },
  );
}
