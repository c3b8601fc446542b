// The eCFR versioner's list of a part's versions (GET /api/versioner/v1/versions/title-{n}.json?part=P), and the
// choice of the two dates whose text a redline compares for a final rule: the part as in force the day before the
// rule's effective date, and as in force on it. Shape: tests/fixtures/ecfr/README.md.
import { z } from "zod";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date as YYYY-MM-DD");

/** One version of one section or appendix, as content_versions lists it. */
export const ecfrContentVersion = z.object({
  date: isoDate.describe("The day this version took effect: it is in force from then until the next version's date."),
  amendment_date: isoDate.describe("The effective date of the amendment that made this version."),
  issue_date: isoDate.describe("The eCFR issue that published it, usually a day or more after the Federal Register."),
  identifier: z.string().describe('The section or appendix, e.g. "63.1" or "Appendix A to Part 63".'),
  name: z.string().describe('Its heading as listed, e.g. "§ 63.1   Applicability."'),
  part: z.string(),
  substantive: z.boolean().describe("False when the text was re-issued without a change."),
  removed: z.boolean().describe("True when the section was removed on this date."),
  subpart: z.string().nullable(),
  title: z.string(),
  type: z.string().describe('"section" or "appendix".'),
});
export type EcfrContentVersion = z.output<typeof ecfrContentVersion>;

/** More versions than any part has (40 CFR 52, the longest history, lists a few thousand): a bigger answer is refused. */
export const ECFR_MAX_VERSIONS = 200_000;

/** The versions answer. meta is informational (the title, a count, the latest dates) and may carry more keys. */
export const ecfrVersionsAnswer = z.object({
  content_versions: z.array(ecfrContentVersion).max(ECFR_MAX_VERSIONS),
  meta: z
    .looseObject({
      title: z.union([z.string(), z.number()]).optional(),
      result_count: z.union([z.string(), z.number()]).optional(),
      latest_amendment_date: isoDate.nullish(),
      latest_issue_date: isoDate.nullish(),
    })
    .optional(),
});
export type EcfrVersionsAnswer = z.output<typeof ecfrVersionsAnswer>;

/**
 * Which texts to compare for an effective date. Dates are version dates, each one a valid `{date}` for
 * GET /api/versioner/v1/full/{date}/title-{n}.xml?part=P:
 * - "compare": `before` is the version in force the day before (null when the part did not exist yet), `after` the
 *   version that took effect on the effective date;
 * - "not-published": eCFR lists no version on or after the effective date, so the new text is not published yet
 *   (eCFR incorporates a rule some days after the Federal Register prints it); ask again later;
 * - "no-change-on-date": later versions exist but none on the effective date, so the text in force on it is the
 *   text in force the day before (the rule's date was moved, or eCFR dated the amendment otherwise); `next` is the
 *   first version after it.
 */
export type VersionsToCompare =
  | { status: "compare"; before: string | null; after: string }
  | { status: "not-published"; before: string | null }
  | { status: "no-change-on-date"; before: string | null; next: string };

/**
 * Chooses the two versions of a part to compare for a rule's effective date (YYYY-MM-DD). `part`, when given, keeps
 * only that part's versions (an answer asked for a whole title lists every part). Dates compare as text: YYYY-MM-DD
 * sorts as it reads.
 */
export function chooseVersionsToCompare(versions: readonly EcfrContentVersion[], effectiveDate: string, part?: string): VersionsToCompare {
  if (!isoDate.safeParse(effectiveDate).success) throw new Error(`Not a date as YYYY-MM-DD: ${effectiveDate}`);
  const dates = new Set<string>();
  for (const version of versions) if (part === undefined || version.part === part) dates.add(version.date);
  const sorted = [...dates].sort();

  const earlier = sorted.filter((date) => date < effectiveDate);
  const before = earlier.length ? earlier[earlier.length - 1] : null;
  const onOrAfter = sorted.filter((date) => date >= effectiveDate);
  if (!onOrAfter.length) return { status: "not-published", before };
  if (onOrAfter[0] === effectiveDate) return { status: "compare", before, after: effectiveDate };
  return { status: "no-change-on-date", before, next: onOrAfter[0] };
}
