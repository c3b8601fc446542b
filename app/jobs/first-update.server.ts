// What a site with no articles at all is waiting for: its first update (the scrape the runner queues on its first
// start, app/jobs/registry.server.ts), queued, running, or finished with how many sources failed. The feed says it
// instead of "no articles match" (app/components/FeedEmptyState.tsx), so a fresh install explains itself.
import { hasArticles } from "../classify/store.server";
import { failuresOf } from "./outcome";
import { latestJobPerKind } from "./store.server";

export type FirstUpdate = {
  /** The scrape's state: "none" before any scrape was queued (the runner has not started yet). */
  status: "none" | "queued" | "running" | "succeeded" | "partly-failed" | "failed";
  /** For a finished scrape: how many of the sources it tried failed. */
  failedSources: number;
  triedSources: number;
};

/** The state of the first update, or null once any article is stored (then the feed's usual empty state applies). */
export async function firstUpdateState(): Promise<FirstUpdate | null> {
  if (await hasArticles()) return null;
  const scrape = (await latestJobPerKind()).find((job) => job.kind === "scrape");
  if (!scrape) return { status: "none", failedSources: 0, triedSources: 0 };
  const failures = scrape.status === "queued" || scrape.status === "running" ? null : failuresOf(scrape.result);
  return { status: scrape.status as FirstUpdate["status"], failedSources: failures?.failed ?? 0, triedSources: failures?.of ?? 0 };
}
