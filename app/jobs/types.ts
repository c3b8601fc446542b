import type { JobKind } from "./queue.server";
import type { JobRow } from "./store.server";

type JobContext = {
  /** Records progress (shown on the dashboard) and keeps the job's heartbeat fresh. */
  progress(progress: Record<string, unknown>): void | Promise<void>;
  /** Aborted when the runner is asked to stop; long jobs check it between units of work. */
  signal: AbortSignal;
  log(message: string): void;
};

export type JobHandler = (params: Record<string, unknown>, context: JobContext, job?: JobRow) => Promise<Record<string, unknown>>;

export type Schedule = {
  kind: JobKind;
  cron: string;
  params?: Record<string, unknown>;
  description: string;
  /**
   * Queued only when this says there is work. A schedule firing every minute would otherwise leave 1,440 job rows a
   * day in every install's history, most of them for nothing.
   */
  hasWork?: () => Promise<boolean>;
};
