// How a job went, in one place: the status a finished job is given from its result (a scrape where every
// source failed did not succeed), and the one-line summary that the dashboard and `npm run jobs -- list` show.
import { formatCount } from "../text/count";
import { plural } from "../text/plural";

const FINISHED_STATUSES = ["succeeded", "partly-failed", "failed"] as const;
type FinishedStatus = (typeof FINISHED_STATUSES)[number];

/** How a status reads to a person ("partly failed", not "partly-failed"). */
export function statusLabel(status: string) {
  return status.replace(/-/g, " ");
}

export function isFinished(status: string): status is FinishedStatus {
  return (FINISHED_STATUSES as readonly string[]).includes(status);
}

/** How many reasons a summary quotes before it says "and n more". */
const REASONS_SHOWN = 3;

type Result = Record<string, unknown>;
type SourceSummary = { name?: unknown; error?: unknown; cancelled?: unknown; agenda?: { read?: unknown; stored?: unknown; rejudged?: unknown } };
type IngestTotals = { sources: number; failed: number; fetched: number; new: number; duplicates: number; skippedByKeywords: number };

/** Units of work that failed, for the jobs made of many separate ones (sources of a scrape, recipients of a newsletter). */
export type Failures = { failed: number; of: number; reasons: string[] };

function ingestTotals(result: Result): IngestTotals | null {
  const totals = result.totals as Partial<IngestTotals> | undefined;
  return totals && typeof totals.sources === "number" && typeof totals.failed === "number" ? (totals as IngestTotals) : null;
}

export function failuresOf(result: Result | null | undefined): Failures | null {
  if (!result) return null;
  const totals = ingestTotals(result);
  if (totals) {
    const sources = Array.isArray(result.sources) ? (result.sources as SourceSummary[]) : [];
    const reasons = sources.filter((s) => s.error && !s.cancelled).map((s) => `${String(s.name)}: ${String(s.error)}`);
    return { failed: totals.failed, of: totals.sources, reasons };
  }
  if (typeof result.sent === "number" && typeof result.rejected === "number") {
    return { failed: result.rejected, of: result.sent + result.rejected, reasons: [] };
  }
  // Alerts: the emails that failed among those that had something to send.
  if (typeof result.due === "number" && typeof result.failed === "number" && typeof result.sent === "number") {
    return { failed: result.failed, of: result.sent + result.failed, reasons: [] };
  }
  return null;
}

/** The status of a job that ran to its end: failed when every unit of its work failed, partly failed when some did. */
export function finishedStatus(result: Result | null | undefined): FinishedStatus {
  const failures = failuresOf(result);
  if (!failures || failures.failed === 0) return "succeeded";
  return failures.failed >= failures.of ? "failed" : "partly-failed";
}

/** "1 source", "2,000 sources". */

function firstReasons(reasons: string[]) {
  if (!reasons.length) return "";
  const more = reasons.length - REASONS_SHOWN;
  return `: ${reasons.slice(0, REASONS_SHOWN).join("; ")}${more > 0 ? `; and ${more} more` : ""}`;
}

/** What the Unified Agenda sources of a scrape read: RINs, not articles. */
function describeAgenda(result: Result) {
  const loads = (Array.isArray(result.sources) ? (result.sources as SourceSummary[]) : []).flatMap((s) => (s.agenda ? [s.agenda] : []));
  if (!loads.length) return null;
  const sum = (key: "read" | "stored" | "rejudged") => loads.reduce((n, load) => n + (typeof load[key] === "number" ? load[key] : 0), 0);
  const rejudged = sum("rejudged");
  return (
    `Unified Agenda: ${plural(sum("read"), "RIN")} read, ${formatCount(sum("stored"))} stored` +
    (rejudged ? `, ${plural(rejudged, "article")} judged again by the designation.` : ".")
  );
}

function describeIngest(result: Result, totals: IngestTotals) {
  const waiting = typeof result.waiting === "number" ? result.waiting : 0;
  const parts: string[] = [];
  if (typeof result.daysBack === "number") parts.push(`Last ${plural(result.daysBack, "day")}.`);
  if (totals.sources === 0) {
    parts.push(
      waiting ? `No source was tried: all ${plural(waiting, "active source")} are waiting out a back-off after failing.` : "No active source to fetch.",
    );
  } else {
    const failures = failuresOf(result)!;
    if (failures.failed >= failures.of)
      parts.push(`${totals.sources === 1 ? "The source" : `All ${plural(totals.sources, "source")}`} failed${firstReasons(failures.reasons)}.`);
    else if (failures.failed) parts.push(`${failures.failed} of ${plural(totals.sources, "source")} failed${firstReasons(failures.reasons)}.`);
    if (failures.failed < failures.of)
      parts.push(
        `${plural(totals.sources - failures.failed, "source")} read: ${formatCount(totals.new)} new, ` +
          `${formatCount(totals.duplicates)} already known, ${formatCount(totals.skippedByKeywords)} skipped by keywords.`,
      );
    const agenda = describeAgenda(result);
    if (agenda) parts.push(agenda);
    if (waiting) parts.push(`${plural(waiting, "more source")} waiting out a back-off after failing, not tried this time.`);
  }
  if (result.interrupted) parts.push("Interrupted: the next run completes it.");
  return parts.join(" ");
}

function describeResult(result: Result) {
  const totals = ingestTotals(result);
  if (totals) return describeIngest(result, totals);
  if (typeof result.sent === "number" && typeof result.rejected === "number") {
    const { sent, rejected } = result;
    return `Sent to ${plural(sent, "subscriber")}` + (rejected ? `; ${plural(rejected, "address")} refused by the mail server.` : ".");
  }
  if (typeof result.updated === "number") return `${plural(result.updated, "article")} updated.`;
  if (typeof result.read === "number" && typeof result.designated === "number") {
    const { read, designated, failed, remaining } = result as { read: number; designated: number; failed: number; remaining: number };
    return (
      `Read ${plural(read, "full text")} (${designated} stating a designation)` +
      (failed ? `; ${failed} failed, tried again later` : "") +
      (remaining ? `; ${formatCount(remaining)} still to read.` : ".")
    );
  }
  if (typeof result.compared === "number" && typeof result.waiting === "number") {
    const { compared, waiting, failed } = result as { compared: number; waiting: number; failed: number };
    return `Compared ${plural(compared, "CFR part")}; ${waiting} waiting for eCFR` + (failed ? `, ${failed} failed.` : ".");
  }
  if (typeof result.due === "number" && typeof result.empty === "number") {
    const { due, sent, empty, failed } = result as { due: number; sent: number; empty: number; failed: number };
    if (!due) return "No alert due this hour.";
    return `${plural(due, "alert")} due: ${sent} sent, ${empty} with nothing new` + (failed ? `, ${failed} failed.` : ".");
  }
  if (typeof result.articleCount === "number" && typeof result.date === "string") {
    const fallback = result.modelFailure ? ` The model failed (${String(result.modelFailure)}): the statistical narrative was stored.` : "";
    return `Analysed ${plural(result.articleCount, "article")} for ${result.date}.${fallback}`;
  }
  return Object.entries(result)
    .filter(([, v]) => typeof v === "number" || typeof v === "string" || typeof v === "boolean")
    .map(([k, v]) => `${k}: ${v}`)
    .join(", ");
}

function describeProgress(progress: Result) {
  if (typeof progress.sourcesDone === "number" && typeof progress.sourcesTotal === "number")
    return `${progress.sourcesDone} of ${plural(progress.sourcesTotal, "source")} done (${formatCount(Number(progress.new ?? 0))} new so far).`;
  if (typeof progress.sent === "number" && typeof progress.total === "number") return `Sent ${progress.sent} of ${progress.total}.`;
  return describeResult(progress);
}

/** What happened (or is happening) in one sentence or a few, for the dashboard's job rows and the CLI's list. */
export function describeJob(job: { status: string; result: Result | null; progress: Result | null; error: string | null }) {
  if (job.error) return job.error;
  if (job.status === "queued") return "Waiting for the job runner.";
  if (job.status === "running") return job.progress ? describeProgress(job.progress) : "Running.";
  return job.result ? describeResult(job.result) : "";
}
