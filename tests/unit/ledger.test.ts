// The ledger's pure parts: federal fiscal years in a time zone, where a designation comes from, the amounts a
// document states per discount rate, and the table's orders.
import { describe, expect, it } from "vitest";
import { agendaDesignation, articleDesignation, judgedDesignation } from "~/designations/designation";
import { fiscalYearDays, fiscalYearMonths, fiscalYearOf, fiscalYearOfDay, fiscalYearRange, parseFiscalYear } from "~/designations/fiscal-year";
import type { LedgerRow } from "~/ledger/answer.server";
import { documentCosts } from "~/ledger/ledger.server";
import { nextDirection, sortLedgerRows } from "~/ledger/sort";

describe("fiscal years", () => {
  it("run from 1 October to 30 September, days in the time zone", () => {
    expect(fiscalYearOfDay("2025-09-30")).toBe(2025);
    expect(fiscalYearOfDay("2025-10-01")).toBe(2026);
    expect(fiscalYearDays(2026)).toEqual({ first: "2025-10-01", last: "2026-09-30" });
    // 23:59 on 30 September in Washington is 03:59 on 1 October in UTC.
    expect(fiscalYearOf(new Date("2025-10-01T03:59:00Z"), "America/New_York")).toBe(2025);
    expect(fiscalYearOf(new Date("2025-10-01T04:00:00Z"), "America/New_York")).toBe(2026);
    expect(fiscalYearOf(new Date("2025-10-01T03:59:00Z"), "UTC")).toBe(2026);
    const range = fiscalYearRange(2026, "America/Los_Angeles");
    expect(range.start.toISOString()).toBe("2025-10-01T07:00:00.000Z");
    expect(range.end.toISOString()).toBe("2026-10-01T07:00:00.000Z");
    expect(fiscalYearMonths(2026)[0]).toBe("2025-10");
    expect(fiscalYearMonths(2026)[11]).toBe("2026-09");
  });

  it("are read strictly", () => {
    expect(parseFiscalYear("2026")).toBe(2026);
    expect(parseFiscalYear(" 2026 ")).toBe(2026);
    for (const bad of ["26", "20x6", "2026.0", "1989", "2101", "", null]) expect(parseFiscalYear(bad)).toBeUndefined();
  });
});

describe("a document's designation", () => {
  it("is its own statement, else the agenda's, deregulatory first; never its category", () => {
    expect(articleDesignation("regulatory", ["Deregulatory"])).toEqual({ designation: "regulatory", basis: "statement" });
    expect(articleDesignation("not-subject", ["Deregulatory"])).toEqual({ designation: "not-subject", basis: "statement" });
    expect(articleDesignation(null, ["Regulatory", " deregulatory "])).toEqual({ designation: "deregulatory", basis: "agenda" });
    expect(articleDesignation(null, ["Not significant", "Regulatory"])).toEqual({ designation: "regulatory", basis: "agenda" });
    expect(articleDesignation(null, ["Fully or Partially Exempt"])).toEqual({ designation: "not-subject", basis: "agenda" });
    expect(articleDesignation(null, ["Other", null])).toEqual({ designation: null, basis: null });
    expect(agendaDesignation("Independent agency")).toBeNull();
    expect(judgedDesignation("regulatory-rollbacks")).toBe("deregulatory");
    expect(judgedDesignation("legal-decisions")).toBeNull();
  });
});

describe("the amounts a document states", () => {
  it("are one per direction and discount rate, the first statement of each", () => {
    const cost = (direction: string, amountMillions: number, discountRate: number | null) => ({ kind: "cost", direction, amountMillions, discountRate });
    expect(
      documentCosts([
        cost("savings", 14.2, 7),
        cost("savings", 11.9, 3),
        cost("savings", 14.2, 7),
        cost("savings", 99, 7),
        cost("costs", 2, null),
        { kind: "major-rule" },
      ]),
    ).toEqual([
      { direction: "savings", rate: 7, amount: 14.2 },
      { direction: "savings", rate: 3, amount: 11.9 },
      { direction: "costs", rate: null, amount: 2 },
    ]);
  });
});

describe("the table's orders", () => {
  const row = (agency: string, deregulatory: number, regulatory: number): LedgerRow =>
    ({
      agency,
      deregulatoryFinal: { count: deregulatory },
      regulatoryFinal: { count: regulatory },
      ratio: regulatory ? deregulatory / regulatory : null,
      statedCosts: [],
    }) as unknown as LedgerRow;
  const rows = [row("B", 4, 2), row("A", 4, 0), row("C", 1, 1)];

  it("sort by any column, a ratio without regulatory actions last either way, ties by name", () => {
    expect(sortLedgerRows(rows, "deregulatory", "desc").map((r) => r.agency)).toEqual(["A", "B", "C"]);
    expect(sortLedgerRows(rows, "ratio", "desc").map((r) => r.agency)).toEqual(["B", "C", "A"]);
    expect(sortLedgerRows(rows, "ratio", "asc").map((r) => r.agency)).toEqual(["C", "B", "A"]);
    expect(sortLedgerRows(rows, "agency", "desc").map((r) => r.agency)).toEqual(["C", "B", "A"]);
    expect(nextDirection("agency", "ratio", "desc")).toBe("asc");
    expect(nextDirection("ratio", "ratio", "desc")).toBe("asc");
    expect(nextDirection("ratio", "agency", "asc")).toBe("desc");
  });
});
