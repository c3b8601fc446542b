// GET /healthz: for load balancers and uptime checks. 200 when the database answers and every migration is
// applied; 503 otherwise. The job runner's heartbeat age is reported (a stale runner does not stop the web).
import { sql } from "drizzle-orm";
import { db } from "~/db.server";
import { migrationStatus } from "~/health.server";
import { runnerHealth } from "~/jobs/admin.server";
import { methodNotAllowed, secureJson } from "~/http/responses.server";

export function loader() {
  let database: "ok" | string = "ok";
  try {
    db().get(sql`SELECT 1`);
  } catch (error) {
    database = (error as Error).message;
  }
  const migrations = database === "ok" ? migrationStatus() : undefined;
  const runner = runnerHealth();
  const healthy = database === "ok" && migrations?.pending === 0;
  const lastSeen = runner.lastSeen ? Date.parse(runner.lastSeen) : undefined;
  return secureJson(
    {
      status: healthy ? "ok" : "unavailable",
      database,
      migrations,
      runner: {
        status: runner.lastSeen ? (runner.stale ? "stale" : "ok") : "never-seen",
        lastHeartbeat: runner.lastSeen,
        heartbeatAgeSeconds: lastSeen === undefined ? null : Math.round((Date.now() - lastSeen) / 1000),
      },
    },
    { status: healthy ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}

export const action = methodNotAllowed;
