// The job buttons of the dashboard's Admin Controls. Shared by the server and the browser.

/**
 * Label, job kind, the failure toast title (the product's fixed wording), and the titles that say what happened:
 * `queued` when the job was handed to the runner, `finished` when the answer waited for its end.
 */
export const JOB_BUTTONS = [
  { kind: "scrape", label: "Update News", failure: "Scraping failed", queued: "News update queued", finished: "News updated" },
  {
    kind: "backfill",
    label: "Import 30 Days",
    failure: "Historical import failed",
    queued: "Historical import queued",
    finished: "Historical import finished",
  },
  { kind: "recategorize", label: "Fix Categories", failure: "Recategorization failed", queued: "Recategorization queued", finished: "Categories fixed" },
  { kind: "fix-priorities", label: "Fix Priorities", failure: "Priority update failed", queued: "Priority update queued", finished: "Priorities fixed" },
  { kind: "trends", label: "Generate Trends", failure: "Trends generation failed", queued: "Trends generation queued", finished: "Trends generated" },
] as const;
export type ButtonJobKind = (typeof JOB_BUTTONS)[number]["kind"];

/** After these jobs the dashboard reloads its article list: 10 s after a scrape, 30 s after a backfill. */
export const REFRESH_AFTER_MS: Partial<Record<string, number>> = { scrape: 10_000, backfill: 30_000 };

/** How far back a backfill reads: 30 days unless asked, at most a year (the dashboard, the API and the CLI alike). */
export const BACKFILL_DEFAULT_DAYS = 30;
export const BACKFILL_MAX_DAYS = 365;
