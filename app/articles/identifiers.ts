// The identifiers of Federal Register documents (RINs, docket ids, CFR references), each read by one function
// wherever it is read: when an article is written, into the lookup tables (app/articles/index-rows.ts), and when an
// address or a filter names one (app/feed/filters.ts, app/rulemakings/keys.ts). A value written and a value asked for
// therefore always agree (docs/decisions/045). Shared with the browser bundle: nothing of the server here.

/** A Regulation Identifier Number: four digits, a hyphen, four letters or digits ("2060-AV00"). */
export const RIN_PATTERN = /^\d{4}-[A-Z0-9]{4}$/;

/** Docket ids are short ("EPA-HQ-OAR-2021-0317", "Docket No. RM2024-9"); a longer value is no docket. */
export const MAX_DOCKET_LENGTH = 100;

/** What a rulemaking page's address may name: letters, digits and . _ - only, as regulations.gov writes dockets. */
const RULEMAKING_KEY_PATTERN = /^[A-Z0-9][A-Z0-9._-]{2,99}$/;

/** Never part of a docket id; a NUL cannot even be stored on PostgreSQL (docs/decisions/035). */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** "40", "40 CFR", "40-63", "40:63", "40 CFR 63", "40 CFR Part 63" (after upper-casing and C.F.R. read as CFR). */
const CFR_PATTERN = /^(\d{1,3})\s*(?:(?:CFR\s*(?:PARTS?\s*)?|[-:]\s*)(\d{1,6}))?(?:\s*CFR)?$/;

/** Trimmed and upper-case, so any letter case finds an identifier; "" for anything but a string. */
function normalized(raw: unknown) {
  return typeof raw === "string" ? raw.trim().toUpperCase() : "";
}

/** A RIN, upper-case ("2060-av83" -> "2060-AV83"), or undefined when the value is not one. */
export function parseRin(raw: unknown): string | undefined {
  const rin = normalized(raw);
  return RIN_PATTERN.test(rin) ? rin : undefined;
}

/** A docket id, trimmed and upper-case, or undefined when empty, over-long or holding control characters. */
export function parseDocket(raw: unknown): string | undefined {
  const docket = normalized(raw);
  return docket && docket.length <= MAX_DOCKET_LENGTH && !CONTROL_CHARACTERS.test(docket) ? docket : undefined;
}

/** A rulemaking key an address can name (a RIN or a docket id), upper-case, or null when it cannot be one. */
export function parseRulemakingKey(raw: unknown): string | null {
  const key = normalized(raw);
  return RULEMAKING_KEY_PATTERN.test(key) ? key : null;
}

/** A CFR title, and the part within it when the reference names one. */
export type CfrReference = { title: string; part?: string };

/**
 * The title and part a CFR reference names ("40 CFR 63", "40 C.F.R. Part 63", "40-63"), or the title alone ("40 CFR",
 * "40"), as numbers without leading zeros; undefined when the text names neither.
 */
export function parseCfr(raw: unknown): CfrReference | undefined {
  const match = CFR_PATTERN.exec(normalized(raw).replace(/C\.\s*F\.\s*R\.?/g, "CFR"));
  if (!match) return undefined;
  const title = Number(match[1]);
  if (title < 1) return undefined;
  return match[2] === undefined ? { title: String(title) } : { title: String(title), part: String(Number(match[2])) };
}

/** A CFR reference in the one form addresses and the lookup table use: "40-63" for a part, "40" for a whole title. */
export function cfrValue(cfr: CfrReference) {
  return cfr.part === undefined ? cfr.title : `${cfr.title}-${cfr.part}`;
}
