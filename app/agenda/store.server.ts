// The Unified Agenda's entries (agenda_entries): writing an edition's RINs, a newer edition replacing an older one
// and never the reverse, and reading the entries of a set of RINs in one query for the articles that cite them.
import { sql, type SQL } from "drizzle-orm";
import { all, engine, statement, t, transaction, type Transaction, type TransactionPart } from "../db.server";
import { editionLabel, isDeregulatory, type OfficialDesignation, type OfficialDesignationDetail, type TimetableEntry } from "./edition";
import { nextActionOf } from "./next-action";

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

type StoredRow = {
  rin: string;
  publicationId: string;
  designation: string | null;
  stage: string | null;
  priority: string | null;
  /** 0 or 1 on SQLite, a boolean on PostgreSQL. */
  major: number | boolean | null;
  timetable: string;
  title: string;
  agency: string | null;
  parentAgency: string | null;
  /** The next action's due day (YYYY-MM-DD), written with the entry (app/agenda/next-action.ts). */
  nextActionDate: string | null;
};

// The alias is quoted: PostgreSQL folds an unquoted one to lower case.
const STORED_COLUMNS = `rin, publication_id AS "publicationId", designation, stage, priority, major, timetable, title, agency,
  parent_agency AS "parentAgency", next_action_date AS "nextActionDate"`;

// Same edition: written only when something differs, so re-reading an unchanged file changes nothing (and leaves the
// shared pages' revision alone); a newer edition always replaces; an older one never does.
// next_action_date follows from the stage and the timetable, so comparing those compares it.
// `IS DISTINCT FROM` compares the rows with NULL equal to NULL, on both engines. `major` is bound as 0 or 1, which
// SQLite stores as they are and PostgreSQL reads as a boolean.
function upsertEntry(entry: AgendaEntry, updatedAt: number) {
  const major = entry.major === null ? null : entry.major ? 1 : 0;
  const nextActionDate = nextActionOf(entry)?.dueOn ?? null;
  return sql`INSERT INTO agenda_entries (rin, publication_id, designation, stage, priority, major, timetable, title, agency, parent_agency, next_action_date, updated_at)
    VALUES (${entry.rin}, ${entry.publicationId}, ${entry.designation}, ${entry.stage}, ${entry.priority}, ${major}, ${JSON.stringify(entry.timetable)},
      ${entry.title}, ${entry.agency}, ${entry.parentAgency}, ${nextActionDate}, ${updatedAt})
    ON CONFLICT (rin) DO UPDATE SET publication_id = excluded.publication_id, designation = excluded.designation, stage = excluded.stage,
      priority = excluded.priority, major = excluded.major, timetable = excluded.timetable, title = excluded.title, agency = excluded.agency,
      parent_agency = excluded.parent_agency, next_action_date = excluded.next_action_date, updated_at = excluded.updated_at
    WHERE excluded.publication_id > agenda_entries.publication_id
      OR (excluded.publication_id = agenda_entries.publication_id
        AND (agenda_entries.designation, agenda_entries.stage, agenda_entries.priority, agenda_entries.major, agenda_entries.timetable,
             agenda_entries.title, agenda_entries.agency, agenda_entries.parent_agency)
          IS DISTINCT FROM (excluded.designation, excluded.stage, excluded.priority, excluded.major, excluded.timetable, excluded.title,
             excluded.agency, excluded.parent_agency))`;
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

/** What else changes, in the same transaction, for the RINs whose designation a batch changed; answers how many articles. */
export type DesignationChangePart = (tx: Transaction, rins: readonly string[], now: Date) => TransactionPart<number>;

/**
 * Writes a batch of entries and, in the same transaction, whatever depends on the designations it changed (the
 * articles citing those RINs are judged again): a run stopped half-way leaves no entry without its consequences.
 */
export async function saveAgendaBatch(entries: AgendaEntry[], now: Date, onDesignationChange: DesignationChangePart) {
  return transaction(
    function* (tx) {
      const saved = yield* saveAgendaEntries(tx, entries, now);
      const rejudged = yield* onDesignationChange(tx, saved.designationChanged, now);
      return { ...saved, rejudged };
    },
    { behavior: "immediate" },
  );
}

/** Writes entries, as part of the caller's transaction (so a batch is written whole or not at all). */
export function* saveAgendaEntries(tx: Transaction, entries: AgendaEntry[], now = new Date()) {
  const outcome: SaveOutcome = { stored: 0, unchanged: 0, older: 0, designationChanged: [] };
  // Past every earlier write, even one stamped by a clock that ran ahead: the newest write is the pages' revision.
  const newest = yield* tx.first<{ newest: number | null }>(sql`SELECT max(updated_at) AS newest FROM agenda_entries`);
  const updatedAt = Math.max(now.getTime(), (newest?.newest ?? 0) + 1);
  for (const entry of entries) {
    const before = yield* tx.first<{ publicationId: string; designation: string | null }>(
      sql`SELECT publication_id AS "publicationId", designation FROM agenda_entries WHERE rin = ${entry.rin}`,
    );
    if (before && entry.publicationId < before.publicationId) {
      outcome.older++;
      continue;
    }
    const written = yield* tx.execute(upsertEntry(entry, updatedAt));
    if (!written) {
      outcome.unchanged++;
      continue;
    }
    outcome.stored++;
    if (!before || before.designation !== entry.designation || before.publicationId !== entry.publicationId) outcome.designationChanged.push(entry.rin);
  }
  return outcome;
}

export type AgendaEntries = Map<string, StoredRow>;

function wantedRins(rins: Iterable<string>) {
  return [...new Set([...rins].map((rin) => rin.trim().toUpperCase()))];
}

/** The RINs as one JSON array parameter, read back as a set of values in the engine's own spelling. */
function rinsIn(engineName: "sqlite" | "postgres", wanted: string[]) {
  const json = JSON.stringify(wanted);
  return engineName === "postgres" ? sql`(SELECT jsonb_array_elements_text(${json}::jsonb))` : sql`(SELECT value FROM json_each(${json}))`;
}

/**
 * The stored entries of these RINs (upper-case), in one query: on SQLite a raw prepared statement, as every feed
 * page reads the entries of its cards.
 */
export async function agendaEntriesOf(rins: Iterable<string>): Promise<AgendaEntries> {
  const wanted = wantedRins(rins);
  if (!wanted.length) return new Map();
  const rows =
    engine() === "postgres"
      ? await all<StoredRow>(sql`SELECT ${sql.raw(STORED_COLUMNS)} FROM agenda_entries WHERE rin IN ${rinsIn("postgres", wanted)}`)
      : (statement(`SELECT ${STORED_COLUMNS} FROM agenda_entries WHERE rin IN (SELECT value FROM json_each(?))`).all(JSON.stringify(wanted)) as StoredRow[]);
  return new Map(rows.map((row) => [row.rin, row]));
}

/** agendaEntriesOf, as part of the caller's transaction (it sees the entries the transaction wrote). */
export function* agendaEntriesIn(tx: Transaction, rins: Iterable<string>) {
  const wanted = wantedRins(rins);
  if (!wanted.length) return new Map();
  const rows = yield* tx.all<StoredRow>(sql`SELECT ${sql.raw(STORED_COLUMNS)} FROM agenda_entries WHERE rin IN ${rinsIn(engine(), wanted)}`);
  return new Map(rows.map((row) => [row.rin, row]));
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

/** The condition that an article cites one of these RINs (any case), on either engine. */
export function citesAnyRin(rins: readonly string[]): SQL {
  return engine() === "postgres"
    ? sql`${t.articles.regulationIdNumbers} <> '[]'::jsonb AND EXISTS (
    SELECT 1 FROM jsonb_array_elements_text(${t.articles.regulationIdNumbers}) AS rin(value)
    WHERE upper(rin.value) IN (SELECT value FROM jsonb_array_elements_text(${JSON.stringify(rins)}::jsonb) AS wanted(value)))`
    : sql`${t.articles.regulationIdNumbers} <> '[]' AND EXISTS (
    SELECT 1 FROM json_each(${t.articles.regulationIdNumbers}) WHERE upper(json_each.value) IN (SELECT value FROM json_each(${JSON.stringify(rins)})))`;
}
