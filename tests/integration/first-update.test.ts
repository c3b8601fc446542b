// A site with no article at all says how its first update goes instead of "no articles match": the feed's loader
// reads the first scrape's state (queued, running, finished and for how many sources it failed), the shared feed
// page changes with it, and once one article is stored every empty view is the usual one again.
import { describe, expect, it } from "vitest";
import { feedRevision } from "~/feed/shared-feed.server";
import { claimNextJob, enqueueJob, finishJob } from "~/jobs/store.server";
import { loader as feedLoader } from "~/routes/_index";
import { addArticle } from "../support/articles";
import { callRoute } from "../support/load-context";

async function emptyHelp(url = "/") {
  const data = await (await callRoute(feedLoader, url)).json();
  expect(data.total).toBe(0);
  return data.emptyHelp;
}

const scrapeResult = (sources: number, failed: number) => ({
  totals: { sources, failed, fetched: 0, new: 0, duplicates: 0, skippedByKeywords: 0 },
  sources: Array.from({ length: sources }, (_, i) => ({ name: `Source ${i + 1}`, ...(i < failed ? { error: "connect ECONNREFUSED" } : {}) })),
});

describe("the feed of a site with no articles", () => {
  it("follows the first update from before it is queued to its failure, on every view, and the shared page with it", async () => {
    expect(await emptyHelp()).toEqual({ firstUpdate: { status: "none", failedSources: 0, triedSources: 0 } });
    const revisions = [await feedRevision()];

    const { job } = await enqueueJob("scrape", {}, "first start");
    expect((await emptyHelp()).firstUpdate.status).toBe("queued");
    revisions.push(await feedRevision());

    expect((await claimNextJob("runner-1", ["scrape"]))?.id).toBe(job.id);
    expect((await emptyHelp()).firstUpdate.status).toBe("running");
    revisions.push(await feedRevision());

    await finishJob(job.id, { result: scrapeResult(3, 3) });
    expect(await emptyHelp()).toEqual({ firstUpdate: { status: "failed", failedSources: 3, triedSources: 3 } });
    // Any view of an empty site is empty for the same reason.
    expect((await emptyHelp("/?q=methane&category=regulatory-rollbacks")).firstUpdate.status).toBe("failed");
    revisions.push(await feedRevision());

    const second = (await enqueueJob("scrape", {}, "schedule")).job;
    await claimNextJob("runner-1", ["scrape"]);
    await finishJob(second.id, { result: scrapeResult(4, 1) });
    expect(await emptyHelp()).toEqual({ firstUpdate: { status: "partly-failed", failedSources: 1, triedSources: 4 } });
    revisions.push(await feedRevision());

    const crashed = (await enqueueJob("scrape", {}, "schedule")).job;
    await finishJob(crashed.id, { error: "Stopped 5 times before finishing" });
    expect(await emptyHelp()).toEqual({ firstUpdate: { status: "failed", failedSources: 0, triedSources: 0 } });
    revisions.push(await feedRevision());

    expect(new Set(revisions).size).toBe(revisions.length);
  });

  it("is the usual empty state once any article is stored, and scrapes no longer change the shared page", async () => {
    await addArticle({ title: "Methane rule delayed" });
    expect(await emptyHelp("/?q=nothing-matches-this")).toEqual({ newestAnyTime: undefined, hasSaved: undefined });
    expect((await emptyHelp("/?saved=1")).firstUpdate).toBeUndefined();

    const before = await feedRevision();
    const { job } = await enqueueJob("scrape", {}, "schedule");
    await claimNextJob("runner-1", ["scrape"]);
    await finishJob(job.id, { result: scrapeResult(2, 2) });
    expect(await feedRevision()).toBe(before);
  });
});
