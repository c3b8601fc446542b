// Source health in one home: the statuses the scrape outcome writes, the monitor's counts and the labels
// the admin panel shows all read the same rules (app/sources/health.server.ts, app/sources/health.ts).
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db, execute, first, t } from "~/db.server";
import { SOURCE_HEALTH_STATUSES, sourceHealthLabel } from "~/sources/health";
import { ERROR_AFTER_FAILURES, recordScrapeFailure, recordScrapeSuccess } from "~/sources/health.server";
import { sourceHealthCounts } from "~/sources/store.server";
import { addSource, type SourceValues } from "../support/sources";

const now = new Date("2026-03-01T12:00:00Z");

const addHealthSource = (values: SourceValues = {}) => addSource({ createdAt: now, ...values });

const row = async (id: number) => (await first(db().select().from(t.sources).where(eq(t.sources.id, id))))!;

async function failTimes(id: number, times: number) {
  for (let i = 0; i < times; i++) await recordScrapeFailure(await row(id), "HTTP 503 from health.example.gov", now);
}

beforeEach(async () => {
  await execute(db().delete(t.sources));
});

describe("source health", () => {
  it("counts and labels exactly the statuses a scrape writes", async () => {
    const healthy = await addHealthSource();
    await recordScrapeSuccess(await row(healthy.id), { now, newestItemAt: now });
    const issues = await addHealthSource();
    await failTimes(issues.id, 1);
    const failed = await addHealthSource();
    await failTimes(failed.id, ERROR_AFTER_FAILURES);
    await addHealthSource();
    const disabled = await addHealthSource({ isActive: false });
    await recordScrapeSuccess(await row(disabled.id), { now, newestItemAt: now });

    const written = await Promise.all([healthy, issues, failed].map(async (s) => (await row(s.id)).status));
    expect(written).toEqual(["healthy", "warning", "error"]);
    for (const status of written) expect(SOURCE_HEALTH_STATUSES).toContain(status);
    expect(written.map((status) => sourceHealthLabel({ status }).label)).toEqual(["Connected", "Issues", "Failed"]);
    expect(sourceHealthLabel({ status: null }).label).toBe("Not checked yet");
    expect(await sourceHealthCounts()).toEqual({ healthy: 1, warning: 1, error: 1, unchecked: 2 });
  });

  it("reads any other status as Failed, never as Connected, and counts it nowhere", async () => {
    const odd = await addHealthSource({ status: "active" });
    expect(sourceHealthLabel(await row(odd.id)).label).toBe("Failed");
    expect(await sourceHealthCounts()).toEqual({ healthy: 0, warning: 0, error: 0, unchecked: 0 });
  });
});
