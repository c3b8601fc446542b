// Rate-limit windows in the database, so they hold across restarts and are shared by every process and web node.
// One row per `rule:key`: the hits counted since its window opened (app/rate-limit.server.ts decides what they mean).
import { sql } from "drizzle-orm";
import { execute, first } from "./db.server";

export type RateWindow = { count: number; windowStart: number };

/** The hits counted for the id in a window opened after `openedAfter` (ms), if there is such a window. */
export async function openWindow(id: string, openedAfter: number) {
  return first<RateWindow>(sql`SELECT count, window_start AS "windowStart" FROM rate_limits WHERE key = ${id} AND window_start > ${openedAfter}`);
}

/**
 * Counts one hit at `now` (ms) for the id: in its window when that opened after `openedAfter`, else in a new
 * window opening now. Answers the window as it stands after the hit.
 */
export async function countHit(id: string, now: number, openedAfter: number): Promise<RateWindow> {
  const row = await first<RateWindow>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${id}, ${now}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start > ${openedAfter} THEN rate_limits.count + 1 ELSE 1 END,
      window_start = CASE WHEN rate_limits.window_start > ${openedAfter} THEN rate_limits.window_start ELSE excluded.window_start END
    RETURNING count, window_start AS "windowStart"`);
  return row!;
}

/** Deletes the windows opened before `before` (ms); answers how many. */
export async function deleteWindowsOpenedBefore(before: number) {
  return execute(sql`DELETE FROM rate_limits WHERE window_start < ${before}`);
}
