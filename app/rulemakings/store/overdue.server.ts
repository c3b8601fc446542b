// Slipping rulemakings: the loaded Unified Agenda edition's entries whose next action is past due with nothing of the
// RIN published since the edition (the rule: app/agenda/next-action.ts, docs/decisions/049). Reads the due day kept
// in agenda_entries.next_action_date (indexed with the edition) and the RIN's documents by date in
// article_rulemakings (article_rulemakings_key_date_idx), so a count costs one probe per entry past due.
import { sql, type SQL } from "drizzle-orm";
import { all, first } from "../../db.server";
import { config } from "../../config.server";
import { dayAfter, editionStartDay, overdueSince } from "../../agenda/next-action";
import { startOfDayInZone } from "../../time";

/**
 * The agency an overdue rulemaking is counted under: the agenda's PARENT_AGENCY/NAME (the department or independent
 * agency, "Environmental Protection Agency", "Department of the Interior"), else its AGENCY/NAME. These are the
 * agenda's names, which are not always the Federal Register's ("Interior Department").
 */
const AGENCY = sql`coalesce(e.parent_agency, e.agency)`;

/** The loaded edition: the newest one read. A RIN the newest edition no longer lists is no plan of it. */
async function loadedEdition() {
  const row = await first<{ edition: string | null }>(sql`SELECT max(publication_id) AS edition FROM agenda_entries`);
  return row?.edition ?? null;
}

/**
 * The condition on agenda_entries `e` of an overdue entry of the loaded edition on `asOf`, or null when no edition is
 * loaded. Documents count from the edition's first day to the end of `asOf`, both in the product's time zone.
 */
async function overdueCondition(asOf: string): Promise<SQL | null> {
  const edition = await loadedEdition();
  const start = edition && editionStartDay(edition);
  if (!edition || !start) return null;
  const timeZone = config().APP_TIMEZONE;
  const from = startOfDayInZone(start, timeZone).getTime();
  const until = startOfDayInZone(dayAfter(asOf), timeZone).getTime();
  return sql`e.publication_id = ${edition} AND e.next_action_date < ${asOf}
    AND NOT EXISTS (SELECT 1 FROM article_rulemakings ar WHERE ar.key = e.rin AND ar.publish_date >= ${from} AND ar.publish_date < ${until})`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function requireDay(asOf: string) {
  if (!DAY.test(asOf)) throw new TypeError(`asOf must be a day, YYYY-MM-DD: ${JSON.stringify(asOf)}`);
}

/**
 * How many rulemakings of the loaded edition are overdue on `asOf` (YYYY-MM-DD, the product's day), per agency as the
 * agenda names it (AGENCY above: the parent agency, else the agency). Entries naming no agency are not counted.
 */
export async function countOverdueByAgency(asOf: string): Promise<Map<string, number>> {
  const query = await overdueCountQuery(asOf);
  if (!query) return new Map();
  const rows = await all<{ agency: string; n: number | string }>(query);
  return new Map(rows.map((row) => [row.agency, Number(row.n)]));
}

/** countOverdueByAgency's query (its plan is tested), or null when no edition is loaded. */
export async function overdueCountQuery(asOf: string): Promise<SQL | null> {
  requireDay(asOf);
  const condition = await overdueCondition(asOf);
  if (!condition) return null;
  return sql`SELECT ${AGENCY} AS agency, count(*) AS n FROM agenda_entries e WHERE ${condition} AND ${AGENCY} IS NOT NULL GROUP BY ${AGENCY}`;
}

/** Of these RINs (upper-case), the overdue ones on `asOf`, each with the first day it was overdue. */
export async function overdueSinceOf(rins: readonly string[], asOf: string): Promise<Map<string, string>> {
  requireDay(asOf);
  const wanted = [...new Set(rins)];
  if (!wanted.length) return new Map();
  const condition = await overdueCondition(asOf);
  if (!condition) return new Map();
  const rows = await all<{ rin: string; due: string }>(
    sql`SELECT e.rin AS rin, e.next_action_date AS due FROM agenda_entries e
      WHERE e.rin IN (${sql.join(
        wanted.map((rin) => sql`${rin}`),
        sql`, `,
      )}) AND ${condition}`,
  );
  const found = new Map<string, string>();
  for (const row of rows) {
    const since = overdueSince(row.due, asOf, false);
    if (since) found.set(row.rin, since);
  }
  return found;
}

/**
 * The feed's `overdue` filter (app/feed/filters.ts): the condition that `articleId` is a document of a rulemaking
 * overdue on `asOf`, of one agency as the agenda names it when given. Null when it can match nothing.
 */
export async function overdueArticlesCondition(articleId: SQL, asOf: string, agency?: string): Promise<SQL | null> {
  const condition = await overdueCondition(asOf);
  if (!condition) return null;
  const ofAgency = agency === undefined ? sql`` : sql` AND ${AGENCY} = ${agency}`;
  return sql`${articleId} IN (SELECT ar2.article_id FROM article_rulemakings ar2
    WHERE ar2.key IN (SELECT e.rin FROM agenda_entries e WHERE ${condition}${ofAgency}))`;
}
