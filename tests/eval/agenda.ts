// The Unified Agenda designations (tests/fixtures/classification/unified-agenda-designations-2017-2019.csv): real
// rulemaking abstracts with the designation OIRA gave each under EO 13771, the government's own answer to "is this
// a rollback?". Rules recur from edition to edition with small edits, so they are split by edition, never at random:
// HELD_OUT_EDITION is kept out of everything trained or tuned and only measured.
import fs from "node:fs";
import { parse } from "csv-parse/sync";
import type { ClassifyInput } from "~/classify/classifier";

export const AGENDA_PATH = "tests/fixtures/classification/unified-agenda-designations-2017-2019.csv";
export const EDITIONS = ["Fall_2017", "Spring_2018", "Fall_2018", "Spring_2019", "Fall_2019"] as const;
export type Edition = (typeof EDITIONS)[number];
/** The latest edition: never trained or tuned on. */
export const HELD_OUT_EDITION: Edition = "Fall_2019";

export type AgendaItem = { edition: Edition; deregulatory: boolean; abstract: string };

/** Windows-1252's characters above 0x7f that are not Latin-1, by the byte each stands for. */
const CP1252: Record<string, number> = Object.fromEntries([..."€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ"].map((char, i) => [char, 0x80 + i]));

/**
 * Undoes UTF-8 read as Windows-1252 ("USDAâ€™s" back to "USDA’s", "Â " back to a space), as some abstracts in
 * the file carry it; a text that does not decode cleanly is left as it is.
 */
export function repairMojibake(text: string) {
  if (!/[ÂÃâ]/.test(text)) return text;
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const byte = code < 0x100 ? code : CP1252[char];
    if (byte === undefined) return text;
    bytes.push(byte);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bytes)).replace(/\u00a0/g, " ");
  } catch {
    return text;
  }
}

export function readAgenda(file = AGENDA_PATH): AgendaItem[] {
  const rows = parse(fs.readFileSync(file, "utf8"), { columns: true, skip_empty_lines: true }) as { designation: string; season: string; abstract: string }[];
  return rows.map((row) => {
    if (!EDITIONS.includes(row.season as Edition)) throw new Error(`unknown agenda edition ${row.season}`);
    return { edition: row.season as Edition, deregulatory: row.designation === "Deregulatory", abstract: repairMojibake(row.abstract) };
  });
}

/** An agenda entry as the classifier sees it: an abstract with no title, from a government source. */
export const agendaInput = (item: AgendaItem): ClassifyInput => ({ title: "", summary: item.abstract, sourceCategory: "government" });
