// The Unified Agenda (reginfo.gov): an edition's XML (REGINFO_RIN_DATA, one RIN_INFO per rulemaking) read as a
// stream, never held whole (an edition is tens of megabytes), into agenda_entries a batch at a time; the articles
// whose RINs gained or changed a designation are judged again in the same transaction as their batch, so a run
// stopped half-way leaves no entry stored without its articles re-judged.
import { SaxesParser } from "saxes";
import { type AgendaEntry, saveAgendaBatch } from "../agenda/store.server";
import { rejudgeArticlesCiting } from "../articles/reclassify.server";
import { FetchError } from "../fetcher/http-client.server";
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
} as const;
type Field = (typeof FIELDS)[keyof typeof FIELDS];

const RIN = /^\d{4}-[A-Z0-9]{4}$/;
const PUBLICATION_ID = /^\d{6}$/;

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
const orNull = (text: string | undefined) => (text ? collapse(text) || null : null);

/** A RIN_INFO's fields as read, made into an entry; null when it has no usable RIN, edition or title. */
function entryOf(fields: Partial<Record<Field, string>>, timetable: { action: string; date: string }[]): AgendaEntry | null {
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
    timetable: timetable.map((row) => ({ action: collapse(row.action), date: orNull(row.date) })).filter((row) => row.action),
    title,
    agency: orNull(fields.agency),
    parentAgency: orNull(fields.parentAgency),
  };
}

export type AgendaRecord = { entry: AgendaEntry } | { invalid: true };

/**
 * Reads an edition's XML chunk by chunk, yielding each RIN_INFO as soon as it closes: memory holds one chunk and
 * the entries it completed, whatever the file's size. Throws FetchError (a message for the source health monitor)
 * when the document is not well-formed or its root is not REGINFO_RIN_DATA.
 */
export async function* readUnifiedAgenda(body: AsyncIterable<Buffer | string>): AsyncGenerator<AgendaRecord> {
  const parser = new SaxesParser({ position: false });
  const decoder = new TextDecoder("utf-8");
  const done: AgendaRecord[] = [];
  const path: string[] = [];
  let fields: Partial<Record<Field, string>> | null = null;
  let timetable: { action: string; date: string }[] = [];
  let capturing: Field | null = null;
  let text = "";
  const inRecord = () => path.slice(path.indexOf("RIN_INFO") + 1).join("/");

  parser.on("opentag", (tag) => {
    if (!path.length && tag.name !== UNIFIED_AGENDA_ROOT)
      throw new FetchError(`Not a Unified Agenda file: its root element is <${tag.name}>, not <${UNIFIED_AGENDA_ROOT}>`);
    path.push(tag.name);
    if (tag.name === "RIN_INFO" && path.length === 2) {
      fields = {};
      timetable = [];
      return;
    }
    if (!fields) return;
    const within = inRecord();
    if (within === "TIMETABLE_LIST/TIMETABLE") timetable.push({ action: "", date: "" });
    const field = FIELDS[within as keyof typeof FIELDS];
    if (field) {
      capturing = field;
      text = "";
    }
  });
  const keepText = (chunk: string) => {
    if (capturing) text += chunk;
  };
  parser.on("text", keepText);
  parser.on("cdata", keepText);
  parser.on("closetag", (tag) => {
    if (fields && capturing) {
      if (capturing === "action" || capturing === "date") {
        const row = timetable[timetable.length - 1];
        if (row) row[capturing] += text;
      } else fields[capturing] = (fields[capturing] ?? "") + text;
      capturing = null;
    }
    path.pop();
    if (tag.name === "RIN_INFO" && path.length === 1 && fields) {
      const entry = entryOf(fields, timetable);
      done.push(entry ? { entry } : { invalid: true });
      fields = null;
    }
  });

  const parse = (chunk: string | null) => {
    try {
      if (chunk === null) parser.close();
      else parser.write(chunk);
    } catch (error) {
      if (error instanceof FetchError) throw error;
      throw new FetchError(`Not a Unified Agenda file: the XML is not well-formed (${error instanceof Error ? error.message : String(error)})`);
    }
  };
  for await (const chunk of body) {
    parse(typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }));
    yield* done.splice(0);
  }
  parse(decoder.decode());
  parse(null);
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
    const saved = await saveAgendaBatch(entries, now, rejudgeArticlesCiting);
    load.stored += saved.stored;
    load.unchanged += saved.unchanged;
    load.older += saved.older;
    load.rejudged += saved.rejudged;
  };
  for await (const record of readUnifiedAgenda(body)) {
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
