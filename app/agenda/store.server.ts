// The Unified Agenda's entries (agenda_entries): writing an edition's RINs, a newer edition replacing an older one
// and never the reverse, and reading the entries of a set of RINs in one query for the articles that cite them.
import { db } from "../db.server";
import { editionLabel, isDeregulatory, type OfficialDesignation, type OfficialDesignationDetail, type TimetableEntry } from "./edition";

/** One RIN as an edition gives it. */
export type AgendaEntry = {
  rin: string;
  publicationId: string;
  designation: string | null;
  stage: string | null;
  priority: string | null;
  major: boolean | null;
  timetable: TimetableEntry[];
  title: string;
  agency: string | null;
  parentAgency: string | null;
};

type Client = ReturnType<typeof db>["$client"];
const statementsByClient = new WeakMap<Client, ReturnType<typeof prepareStatements>>();

type StoredRow = {
  rin: string;
  publicationId: string;
  designation: string | null;
  stage: string | null;
  priority: string | null;
  major: number | null;
  timetable: string;
  title: string;
  agency: string | null;
};

const STORED_COLUMNS = `rin, publication_id AS publicationId, designation, stage, priority, major, timetable, title, agency`;

function prepareStatements(client: Client) {
  return {
    current: client.prepare<[string], { publicationId: string; designation: string | null }>(
      "SELECT publication_id AS publicationId, designation FROM agenda_entries WHERE rin = ?",
    ),
    // Same edition: written only when something differs, so re-reading an unchanged file changes nothing (and
    // leaves the shared pages' revision alone); a newer edition always replaces; an older one never does.
    upsert: client.prepare(
      `INSERT INTO agenda_entries (rin, publication_id, designation, stage, priority, major, timetable, title, agency, parent_agency, updated_at)
       VALUES (@rin, @publicationId, @designation, @stage, @priority, @major, @timetable, @title, @agency, @parentAgency, @updatedAt)
       ON CONFLICT (rin) DO UPDATE SET publication_id = excluded.publication_id, designation = excluded.designation, stage = excluded.stage,
         priority = excluded.priority, major = excluded.major, timetable = excluded.timetable, title = excluded.title, agency = excluded.agency,
         parent_agency = excluded.parent_agency, updated_at = excluded.updated_at
       WHERE excluded.publication_id > agenda_entries.publication_id
         OR (excluded.publication_id = agenda_entries.publication_id
           AND (agenda_entries.designation, agenda_entries.stage, agenda_entries.priority, agenda_entries.major, agenda_entries.timetable,
                agenda_entries.title, agenda_entries.agency, agenda_entries.parent_agency)
             IS NOT (excluded.designation, excluded.stage, excluded.priority, excluded.major, excluded.timetable, excluded.title,
                excluded.agency, excluded.parent_agency))`,
    ),
    newestWrite: client.prepare<[], number | null>("SELECT max(updated_at) FROM agenda_entries").pluck(),
    byRins: client.prepare<[string], StoredRow>(`SELECT ${STORED_COLUMNS} FROM agenda_entries WHERE rin IN (SELECT value FROM json_each(?))`),
  };
}

function statements() {
  const client = db().$client;
  let prepared = statementsByClient.get(client);
  if (!prepared) statementsByClient.set(client, (prepared = prepareStatements(client)));
  return prepared;
}

export type SaveOutcome = {
  /** New RINs, and RINs whose entry a newer edition (or a changed one of the same edition) replaced. */
  stored: number;
  /** The same edition with nothing changed. */
  unchanged: number;
  /** Entries of an older edition than the one stored: never written. */
  older: number;
  /** RINs whose designation or edition changed: the articles citing them are judged again. */
  designationChanged: string[];
};

/** Writes entries (the caller holds the transaction, so a batch is written whole or not at all). */
export function saveAgendaEntries(entries: AgendaEntry[], now = new Date()): SaveOutcome {
  const { current, upsert, newestWrite } = statements();
  const outcome: SaveOutcome = { stored: 0, unchanged: 0, older: 0, designationChanged: [] };
  // Past every earlier write, even one stamped by a clock that ran ahead: the newest write is the pages' revision.
  const updatedAt = Math.max(now.getTime(), (newestWrite.get() ?? 0) + 1);
  for (const entry of entries) {
    const before = current.get(entry.rin);
    if (before && entry.publicationId < before.publicationId) {
      outcome.older++;
      continue;
    }
    const written = upsert.run({
      ...entry,
      major: entry.major === null ? null : entry.major ? 1 : 0,
      timetable: JSON.stringify(entry.timetable),
      updatedAt,
    }).changes;
    if (!written) {
      outcome.unchanged++;
      continue;
    }
    outcome.stored++;
    if (!before || before.designation !== entry.designation || before.publicationId !== entry.publicationId) outcome.designationChanged.push(entry.rin);
  }
  return outcome;
}

/** The stored entries of these RINs (upper-case), in one query. */
export function agendaEntriesOf(rins: Iterable<string>): Map<string, StoredRow> {
  const wanted = [...new Set([...rins].map((rin) => rin.trim().toUpperCase()))];
  if (!wanted.length) return new Map();
  return new Map(
    statements()
      .byRins.all(JSON.stringify(wanted))
      .map((row) => [row.rin, row]),
  );
}

/**
 * The designation a document gets from the RINs it cites: of those with a designated entry, a Deregulatory one
 * (it decides the category), else the first in the document's order. Null when none is designated.
 */
export function officialDesignationOf(rins: readonly string[], entries: Map<string, StoredRow>): OfficialDesignationDetail | null {
  const designated = rins.map((rin) => entries.get(rin.trim().toUpperCase())).filter((row): row is StoredRow => Boolean(row?.designation?.trim()));
  const row = designated.find((entry) => isDeregulatory(entry.designation)) ?? designated[0];
  if (!row) return null;
  return {
    designation: row.designation!.trim(),
    edition: editionLabel(row.publicationId),
    publicationId: row.publicationId,
    rin: row.rin,
    stage: row.stage,
    priority: row.priority,
    major: row.major === null ? null : Boolean(row.major),
    title: row.title,
    agency: row.agency,
    timetable: JSON.parse(row.timetable) as TimetableEntry[],
  };
}

/** The /api shape: the designation without the page's details. */
export function officialDesignationJson(detail: OfficialDesignationDetail | null): OfficialDesignation | null {
  if (!detail) return null;
  const { title: _title, agency: _agency, timetable: _timetable, ...shown } = detail;
  return shown;
}
