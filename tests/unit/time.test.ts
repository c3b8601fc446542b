import { describe, expect, it } from "vitest";
import { dayInZone, sleep, startOfDayInZone, startOfDaysAgo } from "~/time";

describe("time zone arithmetic", () => {
  it("finds local midnight in New York in winter and summer", () => {
    expect(startOfDayInZone("2025-01-15", "America/New_York").toISOString()).toBe("2025-01-15T05:00:00.000Z");
    expect(startOfDayInZone("2025-07-15", "America/New_York").toISOString()).toBe("2025-07-15T04:00:00.000Z");
  });

  it("handles the days daylight saving time starts and ends", () => {
    expect(startOfDayInZone("2025-03-09", "America/New_York").toISOString()).toBe("2025-03-09T05:00:00.000Z");
    expect(startOfDayInZone("2025-11-02", "America/New_York").toISOString()).toBe("2025-11-02T04:00:00.000Z");
  });

  it("names the local day of an instant", () => {
    expect(dayInZone(new Date("2025-01-15T03:00:00Z"), "America/New_York")).toBe("2025-01-14");
    expect(dayInZone(new Date("2025-01-15T03:00:00Z"), "UTC")).toBe("2025-01-15");
  });

  it("counts calendar days back across a month boundary", () => {
    const now = new Date("2025-03-02T15:00:00Z");
    expect(startOfDaysAgo(now, 0, "America/New_York").toISOString()).toBe("2025-03-02T05:00:00.000Z");
    expect(startOfDaysAgo(now, 6, "America/New_York").toISOString()).toBe("2025-02-24T05:00:00.000Z");
    expect(startOfDaysAgo(now, 29, "UTC").toISOString()).toBe("2025-02-01T00:00:00.000Z");
  });
});

describe("sleep", () => {
  it("waits, and ends at once when its signal aborts", async () => {
    const started = Date.now();
    await sleep(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort();
    await waiting;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
