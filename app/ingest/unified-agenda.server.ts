// The Unified Agenda (reginfo.gov): an edition's XML (REGINFO_RIN_DATA, one RIN_INFO per rulemaking) read as a
// stream, never held whole (an edition is tens of megabytes), into agenda_entries a batch at a time; the articles
// whose RINs gained or changed a designation are judged again in the same transaction as their batch, so a run
// stopped half-way leaves no entry stored without its articles re-judged.
import { formatCount } from "../text/count";
import type { SaxesTagPlain } from "saxes";
import { type AgendaEntry, saveAgendaBatch } from "../agenda/store.server";
import { rejudgeArticlesCiting } from "../classify/reclassify.server";
import { writeDesignationsCiting } from "../designations/store.server";
import { FetchError } from "../fetcher/http-client.server";
import { BoundedXmlParser, textChunks, XmlBoundPassed } from "../text/bounded-xml";
import { normalizeTitle } from "./normalize";

export const UNIFIED_AGENDA_ROOT = "REGINFO_RIN_DATA";

/** reginfo.gov or one of its hosts: only there is an XML answer taken for the Unified Agenda without an editor saying so. */
export function isReginfoUrl(url: string) {
  try {
    return /(^|\.)reginfo\.gov$/i.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** Whether the start of a body (its first few kilobytes) opens with the root element REGINFO_RIN_DATA. */
export function hasUnifiedAgendaRoot(head: string) {
  return /^\uFEFF?\s*(?:(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<REGINFO_RIN_DATA[\s/>]/.test(head);
}

/** The text fields read, by their path inside RIN_INFO. */
const FIELDS = {
  RIN: "rin",
  "PUBLICATION/PUBLICATION_ID": "publicationId",
  "AGENCY/NAME": "agency",
  "PARENT_AGENCY/NAME": "parentAgency",
  RULE_TITLE: "title",
  PRIORITY_CATEGORY: "priority",
  RULE_STAGE: "stage",
  MAJOR: "major",
  // The element kept the name of EO 13771 (2017); since 2025 it carries the EO 14192 designation.
  EO_13771_DESIGNATION: "designation",
  "TIMETABLE_LIST/TIMETABLE/TTBL_ACTION": "action",
  "TIMETABLE_LIST/TIMETABLE/TTBL_DATE": "date",
  // Given on the rows that were published: the rest are planned (app/agenda/next-action.ts).
  "TIMETABLE_LIST/TIMETABLE/FR_CITATION": "frCitation",
} as const;
type Field = (typeof FIELDS)[keyof typeof FIELDS];

const RIN = /^\d{4}-[A-Z0-9]{4}$/;
const PUBLICATION_ID = /^\d{6}$/;

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
const orNull = (text: string | undefined) => (text ? collapse(text) || null : null);

/** A RIN_INFO's fields as read, made into an entry; null when it has no usable RIN, edition or title. */
type TimetableRow = { action: string; date: string; frCitation: string };

function entryOf(fields: Partial<Record<Field, string>>, timetable: TimetableRow[]): AgendaEntry | null {
  const rin = collapse(fields.rin ?? "").toUpperCase();
  const publicationId = collapse(fields.publicationId ?? "");
  const title = normalizeTitle(fields.title);
  if (!RIN.test(rin) || !PUBLICATION_ID.test(publicationId) || !title) return null;
  const major = collapse(fields.major ?? "").toLowerCase();
  return {
    rin,
    publicationId,
    designation: orNull(fields.designation),
    stage: orNull(fields.stage),
    priority: orNull(fields.priority),
    major: major === "yes" ? true : major === "no" ? false : null,
    timetable: timetable
      .map((row) => ({ action: collapse(row.action), date: orNull(row.date), frCitation: orNull(row.frCitation) }))
      .filter((row) => row.action),
    title,
    agency: orNull(fields.agency),
    parentAgency: orNull(fields.parentAgency),
  };
}

export type AgendaRecord = { entry: AgendaEntry } | { invalid: true };

// Bounds that hold whatever a source sends (an editor's mistake, or a compromised upstream): the real editions
// (tests/fixtures/unified-agenda) hold about 4,000 entries, nest 5 deep and have no field near 10,000 characters.
/** Entries read from one edition at most; the rest of the file is not read. */
export const AGENDA_MAX_ENTRIES = 20_000;
/** Elements nested deeper than this are no Unified Agenda: the file is refused. */
export const AGENDA_MAX_DEPTH = 32;
/** A field's text kept at most; the rest is dropped as it arrives. */
export const AGENDA_FIELD_MAX_CHARS = 10_000;
/** Timetable rows kept per entry at most. */
const AGENDA_MAX_TIMETABLE_ROWS = 100;
/**
 * Characters the parser may take in without reaching the end of a piece (a text, a tag, a comment): saxes holds a
 * piece whole until it ends, so a longer one refuses the file rather than fill memory.
 */
export const AGENDA_MAX_PIECE_CHARS = 1_000_000;
/** No field's path within RIN_INFO is longer: deeper or longer paths are not followed. */
const FIELD_PATH_MAX = Math.max(...Object.keys(FIELDS).map((key) => key.length));

const notAgenda = (reason: string) => new FetchError(`Not a Unified Agenda file: ${reason}`);

/**
 * Reads an edition's XML chunk by chunk, yielding each RIN_INFO as soon as it closes: memory holds one chunk, the
 * entries it completed and at most AGENDA_MAX_PIECE_CHARS of one piece, whatever the file. Throws FetchError (a
 * message for the source health monitor) when the document is not well-formed, its root is not REGINFO_RIN_DATA,
 * it nests deeper than AGENDA_MAX_DEPTH or a piece of it runs past AGENDA_MAX_PIECE_CHARS.
 */
export async function* readUnifiedAgenda(body: AsyncIterable<Buffer | string>): AsyncGenerator<AgendaRecord> {
  const done: AgendaRecord[] = [];
  /** The open elements' names, from the root. */
  const path: string[] = [];
  /** For each open element inside a RIN_INFO, its path within it ("TIMETABLE_LIST/TIMETABLE"), or null past any field's. */
  const within: (string | null)[] = [];
  let fields: Partial<Record<Field, string>> | null = null;
  let timetable: TimetableRow[] = [];
  let capturing: Field | null = null;
  let text = "";

  const opentag = (tag: SaxesTagPlain) => {
    if (!path.length && tag.name !== UNIFIED_AGENDA_ROOT) throw notAgenda(`its root element is <${tag.name}>, not <${UNIFIED_AGENDA_ROOT}>`);
    if (path.length >= AGENDA_MAX_DEPTH) throw notAgenda(`its elements nest more than ${AGENDA_MAX_DEPTH} deep`);
    path.push(tag.name);
    if (tag.name === "RIN_INFO" && path.length === 2) {
      fields = {};
      timetable = [];
      return;
    }
    if (!fields) return;
    // One step per tag, from the parent's path: never the whole path joined again.
    const parent = within.length ? within[within.length - 1] : "";
    const here = parent === null ? null : parent ? `${parent}/${tag.name}` : tag.name;
    within.push(here !== null && here.length <= FIELD_PATH_MAX ? here : null);
    if (here === "TIMETABLE_LIST/TIMETABLE" && timetable.length < AGENDA_MAX_TIMETABLE_ROWS) timetable.push({ action: "", date: "", frCitation: "" });
    const field = here === null ? undefined : FIELDS[here as keyof typeof FIELDS];
    if (field) {
      capturing = field;
      text = "";
    }
  };
  const keepText = (chunk: string) => {
    if (capturing && text.length < AGENDA_FIELD_MAX_CHARS) text += chunk.slice(0, AGENDA_FIELD_MAX_CHARS - text.length);
  };
  const closetag = (tag: SaxesTagPlain) => {
    if (fields && capturing) {
      const append = (before: string) => (before + text).slice(0, AGENDA_FIELD_MAX_CHARS);
      if (capturing === "action" || capturing === "date" || capturing === "frCitation") {
        const row = timetable[timetable.length - 1];
        if (row) row[capturing] = append(row[capturing]);
      } else fields[capturing] = append(fields[capturing] ?? "");
      capturing = null;
    }
    if (fields && path.length > 2) within.pop();
    path.pop();
    if (tag.name === "RIN_INFO" && path.length === 1 && fields) {
      const entry = entryOf(fields, timetable);
      done.push(entry ? { entry } : { invalid: true });
      fields = null;
    }
  };

  const parser = new BoundedXmlParser({ opentag, closetag, text: keepText, cdata: keepText }, { maxPieceChars: AGENDA_MAX_PIECE_CHARS });
  const parse = (write: () => void) => {
    try {
      write();
    } catch (error) {
      if (error instanceof FetchError) throw error;
      if (error instanceof XmlBoundPassed) throw notAgenda(`one piece of it runs past ${formatCount(AGENDA_MAX_PIECE_CHARS)} characters`);
      throw notAgenda(`the XML is not well-formed (${error instanceof Error ? error.message : String(error)})`);
    }
  };
  for await (const chunk of textChunks(body)) {
    parse(() => parser.write(chunk));
    yield* done.splice(0);
  }
  parse(() => parser.close());
  yield* done.splice(0);
}

export type AgendaLoad = {
  /** RIN_INFO entries read (usable or not). */
  read: number;
  /** New RINs, and RINs a newer (or changed) edition replaced. */
  stored: number;
  unchanged: number;
  /** Entries of an older edition than the one stored, left alone. */
  older: number;
  /** RIN_INFO entries without a usable RIN, edition or title. */
  invalid: number;
  /** Articles judged again because their rulemaking gained or changed a designation. */
  rejudged: number;
  /** Set when the edition held more than AGENDA_MAX_ENTRIES entries: the rest was not read. */
  cut?: boolean;
};

/** Entries written per transaction. */
const BATCH = 500;

/**
 * Reads an edition from its body and stores it, a batch of entries per transaction together with re-judging the
 * articles whose RINs gained or changed a designation. `checkCancelled` is called between batches.
 */
export async function loadUnifiedAgenda(body: AsyncIterable<Buffer | string>, options: { now?: Date; checkCancelled?: () => void } = {}): Promise<AgendaLoad> {
  const now = options.now ?? new Date();
  const load: AgendaLoad = { read: 0, stored: 0, unchanged: 0, older: 0, invalid: 0, rejudged: 0 };
  let batch: AgendaEntry[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const entries = batch;
    batch = [];
    const saved = await saveAgendaBatch(entries, now, function* (tx, rins, at) {
      // The official designations the ledger counts follow the agenda for every citing article, tagged by hand or not.
      yield* writeDesignationsCiting(tx, rins);
      return yield* rejudgeArticlesCiting(tx, rins, at);
    });
    load.stored += saved.stored;
    load.unchanged += saved.unchanged;
    load.older += saved.older;
    load.rejudged += saved.rejudged;
  };
  for await (const record of readUnifiedAgenda(body)) {
    if (load.read >= AGENDA_MAX_ENTRIES) {
      // Leaving the loop stops the reading, and the download with it.
      load.cut = true;
      break;
    }
    load.read++;
    if ("invalid" in record) load.invalid++;
    else batch.push(record.entry);
    if (batch.length >= BATCH) {
      options.checkCancelled?.();
      await flush();
    }
  }
  options.checkCancelled?.();
  await flush();
  return load;
}
