// A rulemaking's next action in its Unified Agenda timetable, and whether it is overdue on a day (docs/decisions/049).
// Pure: shared by the agenda's store (which keeps the due day in agenda_entries.next_action_date), the rulemaking
// page, the grouped view and the browser.
//
// The rule, as the real reginfo.gov XML writes a timetable (tests/fixtures/unified-agenda):
// - A row with an FR_CITATION happened: the agency published it. A row without one is planned.
// - Rows that follow a publication by the calendar ("NPRM Comment Period End", "Interim Final Rule Effective") are
//   never published and never carry a citation: they are no action to wait for.
// - The next action is the first planned row left, in the agenda's order (chronological). "Completed Actions" has
//   none. Its date "04/17/2025" is due that day; "07/00/2025" (a month only) is due on the month's last day;
//   "To Be Determined" (or anything else) is due on no day and never overdue.
// - It is overdue on a day (the product's day, APP_TIMEZONE) after its due day, when no Federal Register document of
//   the RIN was published from the first day of the edition's month (202504: April 1, 2025) to that day: a document
//   the agenda did not yet know of means the agency moved, whatever it published. "Overdue since" names the first
//   overdue day, the day after the due day.
// - An entry stored before the timetable's citations were read has rows without `frCitation`: its next action is
//   unknown, so it is never shown as overdue.
import type { TimetableEntry } from "./edition";

export type NextAction = {
  action: string;
  /** As the agenda writes it: "04/17/2025", "07/00/2025", "To Be Determined". */
  date: string | null;
  /** The day it is due (YYYY-MM-DD), or null when the agenda gives no date. */
  dueOn: string | null;
};

const AGENDA_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
/** Events that follow a publication by the calendar, never published themselves. */
const FOLLOWS_BY_CALENDAR = /(comment period end|effective)$/i;
const COMPLETED_STAGE = /^completed actions$/i;

const isoDay = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The day a timetable date is due: "04/17/2025" -> "2025-04-17", "07/00/2025" -> "2025-07-31"; null for any other text. */
export function timetableDueDay(date: string | null | undefined): string | null {
  const match = AGENDA_DATE.exec((date ?? "").trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || year < 1) return null;
  const last = daysInMonth(year, month);
  if (day === 0) return isoDay(year, month, last);
  return day <= last ? isoDay(year, month, day) : null;
}

/** Whether a row was published: the agenda gives its Federal Register citation. */
export function isDone(row: TimetableEntry) {
  return Boolean(row.frCitation?.trim());
}

/** The rulemaking's next planned action, or null when none is planned (or its citations were never read). */
export function nextActionOf(entry: { stage: string | null; timetable: readonly TimetableEntry[] }): NextAction | null {
  if (COMPLETED_STAGE.test(entry.stage?.trim() ?? "")) return null;
  if (entry.timetable.some((row) => !("frCitation" in row))) return null;
  const planned = entry.timetable.find((row) => !isDone(row) && !FOLLOWS_BY_CALENDAR.test(row.action.trim()));
  if (!planned) return null;
  return { action: planned.action, date: planned.date, dueOn: timetableDueDay(planned.date) };
}

/** The day after `day` (YYYY-MM-DD). */
export function dayAfter(day: string) {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** The first day of an edition's month ("202504" -> "2025-04-01"): documents from then on count as its next action. */
export function editionStartDay(publicationId: string) {
  const match = /^(\d{4})(\d{2})$/.exec(publicationId);
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? `${match[1]}-${match[2]}-01` : null;
}

/**
 * The first day the next action is overdue (YYYY-MM-DD), or null when it is not overdue on `asOf`: nothing due, due
 * on `asOf` or later, or a document of the RIN published since the edition's start.
 */
export function overdueSince(dueOn: string | null, asOf: string, publishedSinceEdition: boolean): string | null {
  if (!dueOn || publishedSinceEdition || asOf <= dueOn) return null;
  return dayAfter(dueOn);
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2025-08-01" -> "August 1, 2025". */
export function dayLabel(day: string) {
  const [year, month, date] = day.split("-").map(Number);
  return `${MONTHS[month - 1]} ${date}, ${year}`;
}

/** The badge's words: "Overdue since August 1, 2025". */
export function overdueLabel(since: string) {
  return `Overdue since ${dayLabel(since)}`;
}
