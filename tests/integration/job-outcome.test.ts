// A job says how it went: a scrape whose sources all fail is failed, one where some fail is partly failed
// (naming them and why), and the operator's CLI, its `list` and the runner record and word it the same way.
// Sources are real HTTP servers on loopback: one serving a feed, one answering 500, and a closed port.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { all, db, execute, t } from "~/db.server";
import { toJobJson } from "~/jobs/start.server";
import { claimNextJob, enqueueJob, jobById } from "~/jobs/store.server";
import { executeJob } from "../../jobs/runner";
import { serveFixture, startServer, type TestServer } from "../support/http-server";
import { freePort } from "../support/ports";
import { addSource } from "../support/sources";

const run = promisify(execFile);
let server: TestServer;
let closedPort: number;

/** `npm run jobs -- <args>` as an operator runs it, against this test's database. */
async function jobsCli(...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "jobs/cli.ts", ...args], { env: process.env });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

const addFeed = async (name: string, url: string) => (await addSource({ name, url, type: "rss" })).id;
const latestJob = async () => (await all(db().select().from(t.jobs).orderBy(t.jobs.id))).at(-1)!;

beforeAll(async () => {
  server = await startServer({
    "/sec.rss": serveFixture("sec-press-releases.rss", "application/rss+xml"),
    "/broken.rss": (_req, res) => void res.writeHead(500).end("oops"),
  });
  closedPort = await freePort();
  await execute(db().delete(t.sources));
});
afterAll(() => server.close());

describe("a scrape's outcome", () => {
  let working: number;

  it("some sources failing: partly failed, naming each failed source and its reason, in the CLI and its list", { timeout: 60_000 }, async () => {
    working = await addFeed("Working feed", `${server.origin}/sec.rss`);
    await addFeed("Broken feed", `${server.origin}/broken.rss`);
    await addFeed("Offline feed", `http://127.0.0.1:${closedPort}/feed.rss`);

    const cli = await jobsCli("scrape");
    const job = await latestJob();
    expect(job).toMatchObject({ kind: "scrape", status: "partly-failed", requestedBy: "cli", error: null });
    const summary = toJobJson(job).summary;
    expect(summary).toMatch(/^2 of 3 sources failed: Broken feed: .*500.*; Offline feed: .+\. 1 source read: \d+ new/);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain(`#${job.id} scrape partly failed: ${summary}`);

    const list = await jobsCli("list");
    expect(list.stdout).toContain(`#${job.id}\tscrape\tpartly failed\t`);
    expect(list.stdout).toContain(summary);
  });

  it("sources waiting out a back-off are said to be waiting, not counted as read", { timeout: 30_000 }, async () => {
    await jobsCli("scrape");
    const job = await latestJob();
    expect(job.status).toBe("succeeded");
    expect(toJobJson(job).summary).toMatch(
      /^1 source read: 0 new, \d+ already known, 0 skipped by keywords\. 2 more sources waiting out a back-off after failing, not tried this time\.$/,
    );
  });

  it("every source failing: failed, and the CLI exits with an error", { timeout: 30_000 }, async () => {
    await execute(db().update(t.sources).set({ isActive: false }).where(eq(t.sources.id, working)));
    const cli = await jobsCli("scrape", "--force");
    const job = await latestJob();
    expect(job.status).toBe("failed");
    expect(toJobJson(job).summary).toMatch(/^All 2 sources failed: Broken feed: .+; Offline feed: .+\.$/);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain(`#${job.id} scrape failed: All 2 sources failed`);
  });

  it("the runner records the same outcome for a queued scrape", async () => {
    const { job } = await enqueueJob("scrape", { force: true }, "admin@example.com");
    const claimed = (await claimNextJob("test-runner", ["scrape"]))!;
    expect(claimed.id).toBe(job.id);
    await executeJob(claimed, new AbortController().signal, { requeueOnStop: true, log: () => {} });
    const finished = (await jobById(job.id))!;
    expect(finished.status).toBe("failed");
    expect(toJobJson(finished).summary).toMatch(/^All 2 sources failed: Broken feed: /);
  });

  it("nothing due: says every source is waiting, not that it succeeded at something", async () => {
    const { job } = await enqueueJob("scrape", {}, "schedule");
    await executeJob((await claimNextJob("test-runner", ["scrape"]))!, new AbortController().signal, { requeueOnStop: true, log: () => {} });
    expect(toJobJson((await jobById(job.id))!).summary).toBe("No source was tried: all 2 active sources are waiting out a back-off after failing.");
  });
});
