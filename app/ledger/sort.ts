// The ledger table's orders, by column, as GET links (`?sort=ratio&dir=asc`): shared by the page and its tests.
import type { LedgerRow } from "./answer.server";

export const LEDGER_SORTS = [
  "agency",
  "deregulatory",
  "regulatory",
  "ratio",
  "proposals",
  "judged-deregulatory",
  "judged-regulatory",
  "savings",
  "costs",
  "removed",
  "added",
] as const;
export type LedgerSort = (typeof LEDGER_SORTS)[number];
export const LEDGER_SORT_DIRECTIONS = ["asc", "desc"] as const;
export type LedgerSortDirection = (typeof LEDGER_SORT_DIRECTIONS)[number];

/** The largest amount stated at any one rate: amounts at different rates are never added (docs/ledger.md). */
const largest = (row: LedgerRow, field: "savingsMillions" | "costsMillions") => Math.max(0, ...row.statedCosts.map((rate) => rate[field]));

const KEYS: Record<Exclude<LedgerSort, "agency">, (row: LedgerRow) => number | null> = {
  deregulatory: (row) => row.deregulatoryFinal.count,
  regulatory: (row) => row.regulatoryFinal.count,
  ratio: (row) => row.ratio,
  proposals: (row) => row.deregulatoryProposalsOpen.count,
  "judged-deregulatory": (row) => row.judgement.deregulatoryFinal.count,
  "judged-regulatory": (row) => row.judgement.regulatoryFinal.count,
  savings: (row) => largest(row, "savingsMillions"),
  costs: (row) => largest(row, "costsMillions"),
  removed: (row) => row.restrictions.removed,
  added: (row) => row.restrictions.added,
};

/** The rows in a column's order; ties (and a ratio without regulatory actions, always last) by agency name. */
export function sortLedgerRows(rows: readonly LedgerRow[], sort: LedgerSort, dir: LedgerSortDirection) {
  const sign = dir === "asc" ? 1 : -1;
  const byName = (a: LedgerRow, b: LedgerRow) => (a.agency ?? "").localeCompare(b.agency ?? "");
  if (sort === "agency") return [...rows].sort((a, b) => sign * byName(a, b));
  const key = KEYS[sort];
  return [...rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || byName(a, b);
  });
}

/** The direction a column's link asks for: names A to Z first, numbers largest first, the other way when already so. */
export function nextDirection(column: LedgerSort, sort: LedgerSort, dir: LedgerSortDirection): LedgerSortDirection {
  const first: LedgerSortDirection = column === "agency" ? "asc" : "desc";
  if (column !== sort) return first;
  return dir === "asc" ? "desc" : "asc";
}
