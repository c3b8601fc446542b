// The status a finished job gets from its result, and the words its row shows, for the jobs besides scraping
// (tests/integration/job-outcome.test.ts runs real scrapes).
import { describe, expect, it } from "vitest";
import { describeJob, finishedStatus } from "~/jobs/outcome";

const finished = (result: Record<string, unknown>) => ({ status: finishedStatus(result), result, progress: null, error: null });

describe("job outcome", () => {
  it("a newsletter refused for some addresses partly failed; refused for every one, failed", () => {
    const some = finished({ weekOf: "2025-06-30", sent: 4, rejected: 1, skipped: 0, uncertain: 0, alreadySent: 0 });
    expect(some.status).toBe("partly-failed");
    expect(describeJob(some)).toBe("Sent to 4 subscribers; 1 address refused by the mail server.");
    expect(finishedStatus({ sent: 0, rejected: 2 })).toBe("failed");
    expect(finishedStatus({ sent: 3, rejected: 0 })).toBe("succeeded");
  });

  it("counts, trends and errors read as sentences", () => {
    expect(describeJob(finished({ updated: 1 }))).toBe("1 article updated.");
    expect(describeJob(finished({ date: "2025-06-30", articleCount: 120, provider: "local", model: "m", modelFailure: "timeout" }))).toBe(
      "Analysed 120 articles for 2025-06-30. The model failed (timeout): the statistical narrative was stored.",
    );
    expect(describeJob({ status: "failed", result: null, progress: null, error: "Source 9 does not exist" })).toBe("Source 9 does not exist");
    expect(describeJob({ status: "queued", result: null, progress: null, error: null })).toBe("Waiting for the job runner.");
    expect(describeJob({ status: "running", result: null, progress: { sourcesDone: 3, sourcesTotal: 32, new: 7 }, error: null })).toBe(
      "3 of 32 sources done (7 new so far).",
    );
  });

  it("a backfill names its window; an interrupted run says the next one completes it", () => {
    const result = {
      daysBack: 30,
      waiting: 0,
      interrupted: true,
      sources: [],
      totals: { sources: 2, failed: 0, fetched: 5, new: 5, duplicates: 0, skippedByKeywords: 0, invalid: 0 },
    };
    expect(describeJob(finished(result))).toBe(
      "Last 30 days. 2 sources read: 5 new, 0 already known, 0 skipped by keywords. Interrupted: the next run completes it.",
    );
  });
});

describe("a scrape of one source", () => {
  it("that failed says so with the reason", () => {
    const result = {
      waiting: 0,
      sources: [{ name: "Agency feed", error: "HTTP 500 from agency.example" }],
      totals: { sources: 1, failed: 1, fetched: 0, new: 0, duplicates: 0, skippedByKeywords: 0, invalid: 0 },
    };
    expect(finishedStatus(result)).toBe("failed");
    expect(describeJob(finished(result))).toBe("The source failed: Agency feed: HTTP 500 from agency.example.");
  });
});
