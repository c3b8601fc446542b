// Shared pieces of the hardening suite: mode, ports, and the product served against this file's test DB.
import { claimNextJob, finishJob } from "~/jobs/store.server";
import { startProductionServer } from "../support/prod-server";

/** `npm test` runs the quick mode (HARDENING_QUICK=1): same checks, shorter load, fewer generated cases. */
export const QUICK = process.env.HARDENING_QUICK === "1";

/**
 * Each hardening file serves on its own port (HARDENING_PORT, default 3263, plus the file's offset),
 * so a crashed run's leftover server cannot answer for the next file.
 */
export const PORT_OFFSETS = {
  headers: 0,
  hostileInput: 1,
  xss: 2,
  load: 3,
  auth: 4,
  ssrf: 5,
  server: 6,
  precompressed: 7,
  worstInput: 8,
  // 9-12 are the fault files' fixed ports (3272-3275 by default).
  emailBombing: 13,
  cluster: 14,
  streaming: 15,
  nulReads: 16,
  // The web server's tests other than server-requests.test.ts (which serves on `server`).
  serverSharedPages: 17,
  serverExport: 18,
  serverStop: 19,
} as const;

export function hardeningPort(file: keyof typeof PORT_OFFSETS) {
  return Number(process.env.HARDENING_PORT ?? 3263) + PORT_OFFSETS[file];
}

/** The production build serving the database this test file was given by tests/support/setup-env.ts. */
export function serveTestDatabase(file: keyof typeof PORT_OFFSETS, env?: Record<string, string>) {
  return startProductionServer({ port: hardeningPort(file), databaseFile: process.env.DATABASE_URL!, env });
}

/**
 * recategorize and fix-priorities wait for their job: a stand-in runner, polling in this process, finishes them
 * at once. Answers the function that stops it.
 */
export function startStandInRunner(name: string) {
  const timer = setInterval(async () => {
    const job = await claimNextJob(name, ["recategorize", "fix-priorities"]);
    if (job) await finishJob(job.id, { result: { updated: 0 } });
  }, 50);
  return () => clearInterval(timer);
}
