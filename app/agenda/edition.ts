// The Unified Agenda's words as the product shows them: editions ("Spring 2025") and OIRA's EO 14192 designation.
// Shared by the server and the browser (the feed card and the article page render them).

import type { OfficialDesignation } from "./answer.server";

/** Declared with the API's answers (app/agenda/answer.server.ts); only its type reaches the browser. */
export type { OfficialDesignation };

/**
 * One timetable row: `frCitation` is the Federal Register citation of a row that was published ("90 FR 16102"), null
 * for a planned one; absent in entries stored before it was read (app/agenda/next-action.ts).
 */
export type TimetableEntry = { action: string; date: string | null; frCitation?: string | null };

/** What the article page shows beyond the card: the rulemaking's title, agency and timetable. */
export type OfficialDesignationDetail = OfficialDesignation & { title: string; agency: string | null; timetable: TimetableEntry[] };

export const DEREGULATORY = "Deregulatory";
export const OFFICIALLY_DEREGULATORY_LABEL = "Officially deregulatory (EO 14192)";

/**
 * "202504" -> "Spring 2025", "202510" -> "Fall 2025". The agenda appears twice a year, its spring edition dated
 * April and its fall edition October; an edition dated another month is named by its half of the year.
 */
export function editionLabel(publicationId: string) {
  const match = /^(\d{4})(\d{2})$/.exec(publicationId);
  if (!match) return publicationId;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return publicationId;
  return `${month <= 6 ? "Spring" : "Fall"} ${match[1]}`;
}

export function isDeregulatory(designation: string | null | undefined) {
  return designation?.trim().toLowerCase() === DEREGULATORY.toLowerCase();
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * A timetable date as people read it: the agenda writes "04/17/2025" for a day and "07/00/2025" for a month it
 * only plans ("April 17, 2025", "July 2025"); anything else ("To Be Determined") as given.
 */
export function timetableDateLabel(date: string) {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(date.trim());
  const month = match ? MONTHS[Number(match[1]) - 1] : undefined;
  if (!match || !month) return date;
  return match[2] === "00" ? `${month} ${match[3]}` : `${month} ${Number(match[2])}, ${match[3]}`;
}
