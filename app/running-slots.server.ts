// Costly reads running at once, per client (a rate-limit key: app/rate-limit.server.ts) and in all: a read past
// either bound is refused at once with a "rate-limited" AppError (429 with Retry-After) rather than queued, so
// one client's burst cannot hold the process's core from every other reader.
import { AppError } from "./errors";

export type RunningSlotLimits = {
  perClient: number;
  overall: number;
  /** What a refused client is told to wait, in seconds. */
  retryAfterSeconds: number;
  /** The refusals' messages: the client's own reads running (with their number), or the whole site's. */
  clientBusy(running: number): string;
  siteBusy: string;
};

/** A set of slots; `take(client)` takes one or throws "rate-limited", and returns its release (safe to call twice). */
export function runningSlots(limits: RunningSlotLimits) {
  const running = new Map<string, number>();
  let runningInAll = 0;
  function take(client: string): () => void {
    const mine = running.get(client) ?? 0;
    const refuse = (message: string) => new AppError("rate-limited", message, { retryAfterSeconds: limits.retryAfterSeconds });
    if (mine >= limits.perClient) throw refuse(limits.clientBusy(mine));
    if (runningInAll >= limits.overall) throw refuse(limits.siteBusy);
    running.set(client, mine + 1);
    runningInAll += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      runningInAll -= 1;
      const left = running.get(client)! - 1;
      if (left > 0) running.set(client, left);
      else running.delete(client);
    };
  }
  return { take };
}
