// The next action in a Unified Agenda timetable and since when it is overdue (app/agenda/next-action.ts), on rows in
// the shapes the reginfo.gov XML gives them (tests/fixtures/unified-agenda).
import { describe, expect, it } from "vitest";
import type { TimetableEntry } from "~/agenda/edition";
import { dayLabel, editionStartDay, nextActionOf, overdueLabel, overdueSince, timetableDueDay } from "~/agenda/next-action";
import { dayInZone } from "~/time";

const row = (action: string, date: string | null, frCitation: string | null = null): TimetableEntry => ({ action, date, frCitation });
const planned = (timetable: TimetableEntry[], stage = "Proposed Rule Stage") => nextActionOf({ stage, timetable });

describe("a timetable date's due day", () => {
  it("is the day itself for a day, and the month's last day for a month-only date", () => {
    expect(timetableDueDay("04/17/2025")).toBe("2025-04-17");
    expect(timetableDueDay("07/00/2025")).toBe("2025-07-31");
    expect(timetableDueDay("11/00/2025")).toBe("2025-11-30");
    expect(timetableDueDay("02/00/2024")).toBe("2024-02-29");
    expect(timetableDueDay("02/00/2025")).toBe("2025-02-28");
    expect(timetableDueDay(" 12/00/2025 ")).toBe("2025-12-31");
  });

  it("is none for To Be Determined, nothing, or a date no calendar has", () => {
    for (const date of ["To Be Determined", "", null, undefined, "13/00/2025", "00/10/2025", "02/30/2025", "2025-04-17", "4/17/2025"])
      expect(timetableDueDay(date)).toBeNull();
  });
});

describe("the next action", () => {
  it("is the first row without a Federal Register citation", () => {
    expect(planned([row("NPRM", "04/17/2025", "90 FR 16102"), row("Final Rule", "11/00/2025")])).toEqual({
      action: "Final Rule",
      date: "11/00/2025",
      dueOn: "2025-11-30",
    });
    expect(planned([row("NPRM", "07/00/2025"), row("Final Rule", "12/00/2025")])).toMatchObject({ action: "NPRM", dueOn: "2025-07-31" });
  });

  it("skips a comment period's end and an effective date, which follow a publication by the calendar", () => {
    const timetable = [row("NPRM", "04/17/2025", "90 FR 16102"), row("NPRM Comment Period End", "05/19/2025"), row("Final Rule", "11/00/2025")];
    expect(planned(timetable)?.action).toBe("Final Rule");
    expect(planned([row("Interim Final Rule", "03/12/2025", "90 FR 11793"), row("Interim Final Rule Effective", "04/11/2025")])).toBeNull();
    // A delay of the effective date is published: it is an action.
    expect(planned([row("Final Rule", "12/26/2024", "89 FR 104698"), row("Final Rule; Delay of Effective Date", "06/00/2025")])).toMatchObject({
      action: "Final Rule; Delay of Effective Date",
      dueOn: "2025-06-30",
    });
  });

  it("has no due day when the agenda gives no date, and is never overdue", () => {
    const next = planned([row("NPRM", "To Be Determined")], "Long-Term Actions");
    expect(next).toEqual({ action: "NPRM", date: "To Be Determined", dueOn: null });
    expect(overdueSince(next!.dueOn, "2099-01-01", false)).toBeNull();
  });

  it("is none when every row was published, for completed actions, and for an empty timetable", () => {
    expect(planned([row("NPRM", "07/28/2023", "88 FR 49058"), row("Final Rule", "12/26/2024", "89 FR 104698")])).toBeNull();
    expect(planned([row("Withdrawn", "03/00/2025")], "Completed Actions")).toBeNull();
    expect(planned([])).toBeNull();
  });

  it("is unknown (none) for an entry stored before the citations were read", () => {
    expect(
      nextActionOf({
        stage: "Final Rule Stage",
        timetable: [
          { action: "NPRM", date: "04/17/2025" },
          { action: "Final Rule", date: "11/00/2025" },
        ],
      }),
    ).toBeNull();
  });
});

describe("overdue", () => {
  it("is not on the due day, and is from the day after, named by that day", () => {
    expect(overdueSince("2025-11-14", "2025-11-13", false)).toBeNull();
    expect(overdueSince("2025-11-14", "2025-11-14", false)).toBeNull();
    expect(overdueSince("2025-11-14", "2025-11-15", false)).toBe("2025-11-15");
    expect(overdueSince("2025-11-14", "2026-03-01", false)).toBe("2025-11-15");
  });

  it("for a month-only date, from the first day of the next month, across a year's end", () => {
    const dueOn = timetableDueDay("12/00/2025");
    expect(overdueSince(dueOn, "2025-12-31", false)).toBeNull();
    expect(overdueSince(dueOn, "2026-01-01", false)).toBe("2026-01-01");
  });

  it("is not when a document of the RIN was published since the edition, nor when nothing is due", () => {
    expect(overdueSince("2025-11-14", "2026-01-01", true)).toBeNull();
    expect(overdueSince(null, "2026-01-01", false)).toBeNull();
  });

  it("turns at midnight in the product's time zone, not in UTC", () => {
    const timeZone = "America/New_York";
    // 11 pm on the due day in Washington is already the next day in UTC.
    const lateOnDueDay = dayInZone(new Date("2025-11-15T04:30:00Z"), timeZone);
    const justAfterMidnight = dayInZone(new Date("2025-11-15T05:00:00Z"), timeZone);
    expect(lateOnDueDay).toBe("2025-11-14");
    expect(overdueSince("2025-11-14", lateOnDueDay, false)).toBeNull();
    expect(overdueSince("2025-11-14", justAfterMidnight, false)).toBe("2025-11-15");
  });

  it("reads as a day in words, and counts documents from the edition's first day", () => {
    expect(overdueLabel("2025-08-01")).toBe("Overdue since August 1, 2025");
    expect(dayLabel("2026-01-01")).toBe("January 1, 2026");
    expect(editionStartDay("202510")).toBe("2025-10-01");
    expect(editionStartDay("202513")).toBeNull();
  });
});
