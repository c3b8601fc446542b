// GET /healthz: for load balancers and uptime checks. 200 when the database answers and every migration is
// applied; 503 otherwise. The job runner's heartbeat age and any job running far past its usual time are reported
// (neither stops the web).
import { migrationStatus, overdueJobs } from "~/health.server";
import { runnerHealth } from "~/jobs/start.server";
import { allowOnly, secureJson } from "~/http/responses.server";
import { pingDatabase } from "~/schema-store.server";

/** Runs one check; a database that throws makes it a message instead of a 500 from the health check itself. */
async function attempt<T>(check: () => Promise<T>): Promise<{ value: T } | { error: string }> {
  try {
    return { value: await check() };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

export async function loader() {
  const ping = await attempt(pingDatabase);
  const database = "error" in ping ? ping.error : "ok";
  const migrations = database === "ok" ? await attempt(migrationStatus) : undefined;
  const runner = database === "ok" ? await attempt(() => runnerHealth()) : undefined;
  const overdue = database === "ok" ? await attempt(() => overdueJobs()) : undefined;
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
              overdueJobs: overdue && "value" in overdue ? overdue.value : [],
            }
          : { status: "unknown", lastHeartbeat: null, heartbeatAgeSeconds: null, overdueJobs: [] },
    },
    { status: healthy ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}

export const action = allowOnly("GET, HEAD");
