// The dashboard's job buttons (SPEC.md section 2, Admin Controls). Shared by the server and the browser.

/** Label, job kind, and the toast titles of SPEC.md section 8. */
export const JOB_BUTTONS = [
  { kind: "scrape", label: "Update News", failure: "Scraping failed", started: "News update started" },
  { kind: "backfill", label: "Import 30 Days", failure: "Historical import failed", started: "Historical import started" },
  { kind: "recategorize", label: "Fix Categories", failure: "Recategorization failed", started: "Recategorization started" },
  { kind: "fix-priorities", label: "Fix Priorities", failure: "Priority update failed", started: "Priority update started" },
  { kind: "trends", label: "Generate Trends", failure: "Trends generation failed", started: "Trends generation started" },
] as const;
export type ButtonJobKind = (typeof JOB_BUTTONS)[number]["kind"];

/** After these jobs the dashboard reloads its article list (SPEC.md section 4: 10 s and 30 s). */
export const REFRESH_AFTER_MS: Partial<Record<string, number>> = { scrape: 10_000, backfill: 30_000 };

export const BACKFILL_DEFAULT_DAYS = 30;
