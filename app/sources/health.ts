// Source health as people see it: the statuses the scraper writes (app/sources/health.server.ts) and their
// labels. Pure, so the admin panel and the server share one reading.

/** What a checked source's `status` holds; a source never checked has none. */
export const SOURCE_HEALTH_STATUSES = ["healthy", "warning", "error"] as const;
export type HealthStatus = (typeof SOURCE_HEALTH_STATUSES)[number];

/** Connected (healthy), Issues (warning), Failed (otherwise); plus never checked. */
export function sourceHealthLabel(source: { status: string | null }) {
  if (!source.status) return { label: "Not checked yet", color: "gray" };
  if (source.status === "healthy") return { label: "Connected", color: "green" };
  if (source.status === "warning") return { label: "Issues", color: "yellow" };
  return { label: "Failed", color: "red" };
}
