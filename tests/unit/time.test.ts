import { describe, expect, it } from "vitest";
import { dayInZone, formatDate, formatMonthDay, rememberZoneOffsets, sleep, startOfDayInZone, startOfDaysAgo, zoneOffsets } from "~/time";
import { seededRandom } from "../support/seeded-random";

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

describe("dates written from a zone's offsets, without Intl", () => {
  const from = Date.UTC(1995, 0, 1);
  const to = Date.UTC(2030, 0, 1);
  // Daylight saving in both hemispheres, half-hour and quarter-hour offsets, a 30-minute DST shift, a zone that
  // moved its offset for good (Samoa skipped 2011-12-30), and one without DST.
  const zones = [
    "America/New_York",
    "Europe/London",
    "Australia/Sydney",
    "Asia/Kolkata",
    "Asia/Kathmandu",
    "Australia/Lord_Howe",
    "Pacific/Apia",
    "America/Sao_Paulo",
    "Asia/Tokyo",
  ];
  const intlFormats = new Map<string, Intl.DateTimeFormat>();
  const intl = (instant: number, timeZone: string, options: Intl.DateTimeFormatOptions = { year: "numeric" }) => {
    const key = `${timeZone} ${JSON.stringify(options)}`;
    if (!intlFormats.has(key)) intlFormats.set(key, new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric", ...options }));
    return intlFormats.get(key)!.format(instant);
  };

  it("lists each change of New York's offset to the minute", () => {
    const offsets = zoneOffsets("America/New_York", Date.UTC(2025, 0, 1), Date.UTC(2026, 0, 1));
    expect(offsets.changes.map((value, i) => (i % 2 ? value : new Date(value * 60_000).toISOString()))).toEqual([
      "2025-01-01T00:00:00.000Z",
      -300,
      "2025-03-09T07:00:00.000Z",
      -240,
      "2025-11-02T06:00:00.000Z",
      -300,
    ]);
  });

  it("writes every instant as Intl does, around each change and at random", () => {
    const random = seededRandom(67);
    for (const timeZone of zones) {
      const offsets = zoneOffsets(timeZone, from, to);
      rememberZoneOffsets(offsets);
      const instants: number[] = [];
      for (let i = 2; i < offsets.changes.length; i += 2) {
        const change = offsets.changes[i] * 60_000;
        for (const step of [-60_001, -60_000, -1, 0, 1, 59_999, 60_000]) instants.push(change + step);
      }
      for (let i = 0; i < 3_000; i++) instants.push(from + Math.floor(random() * (to - from)));
      for (const instant of instants) {
        const iso = new Date(instant).toISOString();
        expect(formatDate(iso, timeZone), `${timeZone} ${iso}`).toBe(intl(instant, timeZone));
        expect(formatMonthDay(iso, timeZone), `${timeZone} ${iso}`).toBe(intl(instant, timeZone, {}));
      }
    }
  });

  it("leaves instants outside the offsets, and invalid ones, to Intl", () => {
    rememberZoneOffsets(zoneOffsets("America/New_York", from, to));
    expect(formatDate("1990-07-04T03:00:00Z", "America/New_York")).toBe("Jul 3, 1990");
    expect(formatDate("2031-01-01T03:00:00Z", "America/New_York")).toBe("Dec 31, 2030");
    expect(formatDate("0999-06-01T12:00:00Z", "UTC")).toBe(intl(Date.parse("0999-06-01T12:00:00Z"), "UTC"));
    expect(() => formatDate("not a date", "America/New_York")).toThrow(RangeError);
    expect(() => formatDate("not a date", "UTC")).toThrow(RangeError);
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
