// Whether the database schema is the one this build expects (every migration of its engine's folder applied), and
// whether a job has been running far past its usual time.
import fs from "node:fs";
import path from "node:path";
import { recentJobDurations, runningJobs } from "./jobs/store.server";
import { appliedMigrationCount, migrationsFolder } from "./schema-store.server";

const shipped = new Map<string, number>();

/** Migrations this build ships for the open engine (its meta/_journal.json, resolved from the project root). */
function shippedMigrations() {
  const folder = migrationsFolder();
  if (!shipped.has(folder)) {
    const journal = JSON.parse(fs.readFileSync(path.resolve(folder, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
    shipped.set(folder, journal.entries.length);
  }
  return shipped.get(folder)!;
}

export async function migrationStatus() {
  const applied = await appliedMigrationCount();
  const shipped = shippedMigrations();
  return { applied, expected: shipped, pending: Math.max(0, shipped - applied) };
}

/** A job is overdue after this many times its kind's usual (median) run, and never before OVERDUE_FLOOR_MS. */
const OVERDUE_FACTOR = 3;
const OVERDUE_FLOOR_MS = 10 * 60_000;
/** The finished runs of a kind its usual time is taken from. */
const USUAL_RUNS = 20;

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The running jobs that have run far past their usual time: longer than OVERDUE_FACTOR times the median of their
 * kind's latest finished runs, and at least OVERDUE_FLOOR_MS. A runner whose heartbeat is fresh may still be stuck
 * in one job, with everything queued behind it waiting (docs/scaling.md, "Health checks").
 */
export async function overdueJobs(now = Date.now()) {
  const overdue = [];
  for (const job of await runningJobs()) {
    if (!job.startedAt) continue;
    const durations = await recentJobDurations(job.kind, USUAL_RUNS);
    const usualMs = durations.length ? median(durations) : 0;
    const runningMs = now - job.startedAt.getTime();
    if (runningMs > Math.max(OVERDUE_FACTOR * usualMs, OVERDUE_FLOOR_MS))
      overdue.push({ id: job.id, kind: job.kind, runningSeconds: Math.round(runningMs / 1000), usualSeconds: Math.round(usualMs / 1000) });
  }
  return overdue;
}
