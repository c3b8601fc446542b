// The public inspection badge's words: the desk's publication day until it has passed in the product's time zone,
// then that the document was due that day.
import { describe, expect, it } from "vitest";
import { publicInspectionDayPassed, publicInspectionLabel } from "~/articles/public-inspection";
import { dayInZone } from "~/time";

const ZONE = "America/New_York";

describe("the public inspection badge", () => {
  it("says when the document publishes, up to and on that day", () => {
    expect(publicInspectionLabel("2025-09-15", "2025-09-12", ZONE)).toBe("On public inspection: publishes Sep 15, 2025");
    expect(publicInspectionLabel("2025-09-15", "2025-09-15", ZONE)).toBe("On public inspection: publishes Sep 15, 2025");
    expect(publicInspectionDayPassed("2025-09-15", "2025-09-15")).toBe(false);
  });

  it("says the document was due once the day has passed without the published version", () => {
    expect(publicInspectionDayPassed("2025-09-15", "2025-09-16")).toBe(true);
    expect(publicInspectionLabel("2025-09-15", "2025-09-16", ZONE)).toBe("Was on public inspection: due to publish Sep 15, 2025");
    // Across a month and a year.
    expect(publicInspectionDayPassed("2025-12-31", "2026-01-01")).toBe(true);
    expect(publicInspectionDayPassed("2026-01-01", "2025-12-31")).toBe(false);
  });

  it("judges the day in the product's time zone, not the server's or UTC", () => {
    // 22:30 in New York on the 15th is already the 16th in UTC: in New York the document still publishes today.
    const lateEvening = new Date("2025-09-16T02:30:00Z");
    expect(publicInspectionDayPassed("2025-09-15", dayInZone(lateEvening, ZONE))).toBe(false);
    expect(publicInspectionDayPassed("2025-09-15", dayInZone(lateEvening, "UTC"))).toBe(true);
    // The date shown is that calendar day in every US zone.
    expect(publicInspectionLabel("2025-09-15", undefined, "Pacific/Honolulu")).toBe("On public inspection: publishes Sep 15, 2025");
  });

  it("keeps the desk's word when today is not known or the day is not a calendar day", () => {
    expect(publicInspectionDayPassed("2025-09-15", undefined)).toBe(false);
    expect(publicInspectionDayPassed("not a day", "2025-09-16")).toBe(false);
  });
});
