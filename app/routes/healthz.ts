// GET /healthz: for load balancers and uptime checks. 200 when the database answers and every migration is
// applied; 503 otherwise. The job runner's heartbeat age is reported (a stale runner does not stop the web).
import { sql } from "drizzle-orm";
import { db } from "~/db.server";
import { migrationStatus } from "~/health.server";
import { runnerHealth } from "~/jobs/admin.server";
import { allowOnly, secureJson } from "~/http/responses.server";

/** Runs one check; a database that throws makes it a message instead of a 500 from the health check itself. */
function attempt<T>(check: () => T): { value: T } | { error: string } {
  try {
    return { value: check() };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

export function loader() {
  // `SELECT 1` alone never reads the file; the schema table does, so a damaged or replaced file shows here.
  const ping = attempt(() => db().get(sql`SELECT count(*) FROM sqlite_master`));
  const database = "error" in ping ? ping.error : "ok";
  const migrations = database === "ok" ? attempt(migrationStatus) : undefined;
  const runner = database === "ok" ? attempt(() => runnerHealth()) : undefined;
  const healthy = database === "ok" && migrations !== undefined && "value" in migrations && migrations.value.pending === 0;
  const lastSeen = runner && "value" in runner && runner.value.lastSeen ? Date.parse(runner.value.lastSeen) : undefined;
  return secureJson(
    {
      status: healthy ? "ok" : "unavailable",
      database,
      migrations: migrations && ("value" in migrations ? migrations.value : { error: migrations.error }),
      runner:
        runner && "value" in runner
          ? {
              status: runner.value.lastSeen ? (runner.value.stale ? "stale" : "ok") : "never-seen",
              lastHeartbeat: runner.value.lastSeen,
              heartbeatAgeSeconds: lastSeen === undefined ? null : Math.round((Date.now() - lastSeen) / 1000),
            }
          : { status: "unknown", lastHeartbeat: null, heartbeatAgeSeconds: null },
    },
    { status: healthy ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}

export const action = allowOnly("GET, HEAD");
