import { describe, expect, it } from "vitest";
import { backfillSchema } from "~/jobs/start.server";
import { BACKFILL_MAX_DAYS } from "~/jobs/buttons";
import { runBackfill, runScrape } from "~/jobs/kinds/ingest.server";

// The dashboard, the admin API and `npm run jobs -- backfill --days N` share one limit.
describe("the backfill limit", () => {
  const context = { signal: new AbortController().signal, progress: () => {}, log: () => {} };

  it("is one year for the API and the job alike", async () => {
    expect(BACKFILL_MAX_DAYS).toBe(365);
    expect(backfillSchema.safeParse({ daysBack: BACKFILL_MAX_DAYS + 1 }).success).toBe(false);
    await expect(runBackfill({ daysBack: String(BACKFILL_MAX_DAYS + 1) }, context)).rejects.toThrow(/^Invalid job parameter daysBack: /);
    await expect(runBackfill({ daysBack: "0" }, context)).rejects.toThrow(/^Invalid job parameter daysBack: /);
  });

  it.each(["1e1", "0x1F", " 7", true, [7], 7.5])("a job's number is a JSON integer or decimal digits, never %j", async (value) => {
    await expect(runBackfill({ daysBack: value }, context)).rejects.toThrow(/^Invalid job parameter daysBack: must be a whole number$/);
    await expect(runScrape({ sourceId: value }, context)).rejects.toThrow(/^Invalid job parameter sourceId: must be a whole number$/);
  });
});
