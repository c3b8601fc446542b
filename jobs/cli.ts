// `npm run jobs` runs the job runner; `npm run jobs -- <kind> [options]` runs one job now, in this process,
// printing its progress and result (operators, and scripts without the web).
import { parseArgs } from "node:util";
import { ConfigError } from "../app/config.server";
import { describeJob, statusLabel } from "../app/jobs/outcome";
import { JOB_KINDS, type JobKind } from "../app/jobs/queue.server";
import { jobById, recentJobs, recordDirectRun } from "../app/jobs/store.server";
import { migrate } from "../app/schema-store.server";
import { jobHandlers } from "../app/jobs/registry.server";
import { executeJob, runnerIdFor, startRunner } from "./runner";
import type { IngestResult } from "../app/ingest/scrape.server";

function usage() {
  const kinds = Object.keys(jobHandlers).join(" | ");
  return `Usage:
  npm run jobs                      start the job runner (schedules + queue)
  npm run jobs -- list              recent jobs and their outcome
  npm run jobs -- <kind> [options]  run one job now: ${kinds}
    scrape [--source ID] [--force]  every due source (--force: also those backing off), or one source
    backfill [--days 30]            re-read the last N days (at most 365)`;
}

/** Runs one job in this process, recorded in the jobs table like the runner's, so the list and the dashboard show it. */
async function runOnce(kind: JobKind, options: Record<string, string | boolean | undefined>) {
  if (!jobHandlers[kind]) {
    console.error(`Unknown job "${kind}".\n${usage()}`);
    process.exit(2);
  }
  const params: Record<string, unknown> = {};
  if (options.source) params.sourceId = options.source;
  if (options.days) params.daysBack = options.days;
  if (options.force) params.force = true;
  const controller = new AbortController();
  process.on("SIGINT", () => controller.abort());
  const job = await recordDirectRun(kind, params, "cli", runnerIdFor(process.pid));
  const result = await executeJob(job, controller.signal, {
    requeueOnStop: false,
    onProgress: (progress) => console.log(`[${kind}] ${describeProgress(progress)}`),
    log: (message) => console.log(`[${kind}] ${message}`),
  });
  if (result) console.log(Array.isArray(result.sources) ? formatIngestTable(result as IngestResult) : JSON.stringify(result, null, 2));
  const finished = (await jobById(job.id))!;
  console.log(`#${job.id} ${kind} ${statusLabel(finished.status)}: ${describeJob(finished)}`);
  if (finished.status === "failed") process.exitCode = 1;
}

/** The per-source table the operator CLI prints after a scrape or backfill (the summary line follows it). */
function formatIngestTable(result: IngestResult) {
  const header = ["source", "fetched", "new", "duplicates", "skipped by keywords", "error"];
  const rows = result.sources.map((s) => [
    `#${s.sourceId} ${s.name}`,
    String(s.fetched),
    String(s.new),
    String(s.duplicates),
    String(s.skippedByKeywords),
    s.error ?? (s.notModified ? "(not modified)" : s.agenda ? `(Unified Agenda: ${s.agenda.read} RINs read, ${s.agenda.stored} stored)` : ""),
  ]);
  const widths = header.map((h, i) => Math.min(60, Math.max(h.length, ...rows.map((r) => r[i].length))));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === cells.length - 1 ? cell : i === 0 ? cell.slice(0, widths[i]).padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  return [line(header), ...rows.map(line), ""].join("\n");
}

function describeProgress(progress: Record<string, unknown>) {
  if (typeof progress.sourcesDone === "number")
    return `${progress.sourcesDone}/${progress.sourcesTotal} sources done (${progress.new} new so far; last: ${progress.lastSource})`;
  return JSON.stringify(progress);
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { source: { type: "string" }, days: { type: "string" }, force: { type: "boolean" }, help: { type: "boolean" } },
  });
  const [command] = positionals;
  if (values.help) return console.log(usage());
  if (!command) return startRunner();
  await migrate();
  if (command === "list") {
    for (const job of await recentJobs(30))
      console.log(`#${job.id}\t${job.kind}\t${statusLabel(job.status)}\t${job.createdAt.toISOString()}\t${describeJob(job)}`);
    return;
  }
  if (!(JOB_KINDS as readonly string[]).includes(command)) {
    console.error(`Unknown command "${command}".\n${usage()}`);
    process.exit(2);
  }
  await runOnce(command as JobKind, values);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
