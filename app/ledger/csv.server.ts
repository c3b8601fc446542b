// The ledger of a fiscal year as CSV (/ledger.csv?fy=): one line per agency and a last line for all agencies, with
// the stated amounts in one pair of columns per discount rate (never added across rates) and the feed view of each
// count. Cells a spreadsheet would run as a formula are written as text (app/feed/export.server.ts spreadsheetSafe).
import { stringify } from "csv-stringify/sync";
import { spreadsheetSafe } from "../feed/export.server";
import type { LedgerJson, LedgerRow } from "./answer.server";

function rateLabel(rate: number | null) {
  return rate === null ? "rate unstated" : `${rate}%`;
}

/** The ledger as CSV text, with a byte order mark so spreadsheets read the accents right. */
export function ledgerCsv(ledger: LedgerJson, site: string): string {
  const rows = [...ledger.agencies, ledger.total];
  const rates = [...new Set(rows.flatMap((row) => row.statedCosts.map((rate) => rate.discountRate)))].sort(
    (a, b) => (a === null ? Infinity : a) - (b === null ? Infinity : b),
  );
  const header = [
    "fiscal year",
    "agency",
    "deregulatory final actions (official)",
    "of which stated by the document",
    "regulatory final actions (official)",
    "of which stated by the document",
    "deregulatory per regulatory",
    "meets 10:1",
    "deregulatory proposals without a final rule (official)",
    "deregulatory final actions (product's judgement, not official)",
    "regulatory final actions (product's judgement, not official)",
    ...rates.flatMap((rate) => [`stated annualized savings, $ millions (${rateLabel(rate)})`, `stated annualized costs, $ millions (${rateLabel(rate)})`]),
    "CFR restriction words removed",
    "CFR restriction words added",
    "deregulatory view",
    "regulatory view",
    "proposals view",
  ];
  const line = (row: LedgerRow) => {
    const at = (rate: number | null) => row.statedCosts.find((entry) => entry.discountRate === rate);
    return [
      String(ledger.fiscalYear),
      row.agency ?? "All agencies",
      String(row.deregulatoryFinal.count),
      String(row.deregulatoryFinal.statement),
      String(row.regulatoryFinal.count),
      String(row.regulatoryFinal.statement),
      row.ratio === null ? "" : row.ratio.toFixed(2),
      row.meetsTenToOne === null ? "" : row.meetsTenToOne ? "yes" : "no",
      String(row.deregulatoryProposalsOpen.count),
      String(row.judgement.deregulatoryFinal.count),
      String(row.judgement.regulatoryFinal.count),
      ...rates.flatMap((rate) => {
        const entry = at(rate);
        return entry ? [String(entry.savingsMillions), String(entry.costsMillions)] : ["", ""];
      }),
      String(row.restrictions.removed),
      String(row.restrictions.added),
      `${site}${row.deregulatoryFinal.feed}`,
      `${site}${row.regulatoryFinal.feed}`,
      `${site}${row.deregulatoryProposalsOpen.feed}`,
    ].map(spreadsheetSafe);
  };
  return stringify([header, ...rows.map(line)], { bom: true, quoted_string: true });
}
