// Federal fiscal years: FY N runs from 1 October of N-1 to 30 September of N, days as seen in the product's time
// zone (APP_TIMEZONE). Shared with the browser: no configuration read here.
import { dayInZone, startOfDayInZone } from "../time";

/** The fiscal years the ledger and the `fy` view parameter take. */
export const FIRST_FISCAL_YEAR = 1990;
export const LAST_FISCAL_YEAR = 2100;

/** The fiscal year a day (YYYY-MM-DD) falls in. */
export function fiscalYearOfDay(day: string) {
  const [year, month] = day.split("-").map(Number);
  return month >= 10 ? year + 1 : year;
}

/** The fiscal year an instant falls in, as its day is seen in the time zone. */
export function fiscalYearOf(instant: Date | number, timeZone: string) {
  return fiscalYearOfDay(dayInZone(instant, timeZone));
}

/** The first and last day (YYYY-MM-DD) of a fiscal year. */
export function fiscalYearDays(fy: number) {
  return { first: `${fy - 1}-10-01`, last: `${fy}-09-30` };
}

/** The instants a fiscal year begins (inclusive) and ends (exclusive) in the time zone. */
export function fiscalYearRange(fy: number, timeZone: string) {
  return { start: startOfDayInZone(`${fy - 1}-10-01`, timeZone), end: startOfDayInZone(`${fy}-10-01`, timeZone) };
}

/** The twelve months of a fiscal year, October first: "2025-10" ... "2026-09". */
export function fiscalYearMonths(fy: number) {
  return Array.from({ length: 12 }, (_, i) => {
    const month = ((9 + i) % 12) + 1;
    return `${month >= 10 ? fy - 1 : fy}-${String(month).padStart(2, "0")}`;
  });
}

/** A fiscal year's text read strictly ("2026"); undefined when it is none the ledger takes. */
export function parseFiscalYear(text: string | null | undefined) {
  if (!text || !/^\d{4}$/.test(text.trim())) return undefined;
  const fy = Number(text.trim());
  return fy >= FIRST_FISCAL_YEAR && fy <= LAST_FISCAL_YEAR ? fy : undefined;
}

export const FISCAL_YEAR_PROBLEM = `must be a federal fiscal year, four digits from ${FIRST_FISCAL_YEAR} to ${LAST_FISCAL_YEAR} ("2026" runs 1 October 2025 to 30 September 2026)`;
