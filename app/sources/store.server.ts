// Sources as stored: reading them (the /api, the public pages, the scraper), adding, editing and deleting them
// (app/sources/manage.server.ts), recording each fetch's outcome (app/sources/health.server.ts), and the default
// sources of the first set-up (scripts/seed.ts).
import { and, asc, eq, inArray, isNull, ne, not, sql } from "drizzle-orm";
import { all, db, first, t, transaction } from "../db.server";
import type { SourceCategory, SourceType } from "../articles/vocabulary";
import type { SourceJson } from "./answer.server";

export type SourceRow = typeof t.sources.$inferSelect;
type NewSource = typeof t.sources.$inferInsert;

export type { SourceJson };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSourceJson(s: SourceRow): SourceJson {
  return {
    id: s.id,
    name: s.name,
    url: s.url,
    // The columns hold only the vocabulary's values: the source form's schema (manage.server.ts) checks them.
    type: s.type as SourceType | null,
    category: s.category as SourceCategory,
    keywords: s.keywords,
    isActive: s.isActive,
    status: s.status,
    lastScraped: iso(s.lastScraped),
    lastSuccessfulScrape: iso(s.lastSuccessfulScrape),
    consecutiveFailures: s.consecutiveFailures,
    errorMessage: s.errorMessage,
  };
}

export async function listSources(): Promise<SourceJson[]> {
  return (await all(db().select().from(t.sources).orderBy(asc(t.sources.category), asc(t.sources.name)))).map(toSourceJson);
}

/** Public list for the about page and FAQ: active sources only, without health details. */
export async function listPublicSources() {
  // Read on every feed page (the sources panel and FAQ): only the four columns it shows, not every source's
  // health record.
  return all(
    db()
      .select({ id: t.sources.id, name: t.sources.name, url: t.sources.url, category: t.sources.category })
      .from(t.sources)
      .where(eq(t.sources.isActive, true))
      .orderBy(asc(t.sources.category), asc(t.sources.name)),
  );
}

/** The sources a scrape or backfill reads, by id. */
export async function activeSources() {
  return all(db().select().from(t.sources).where(eq(t.sources.isActive, true)).orderBy(asc(t.sources.id)));
}

export async function sourceById(id: number) {
  return first(db().select().from(t.sources).where(eq(t.sources.id, id)));
}

/** Whether another source than `exceptId` has this URL. */
export async function urlTakenByOtherSource(url: string, exceptId: number) {
  return Boolean(
    await first(
      db()
        .select({ id: t.sources.id })
        .from(t.sources)
        .where(and(eq(t.sources.url, url), ne(t.sources.id, exceptId))),
    ),
  );
}

/** Adds a source; undefined when one with its URL exists already. */
export async function insertSource(fields: NewSource) {
  return first(db().insert(t.sources).values(fields).onConflictDoNothing().returning());
}

/** Changes a source's fields; the source as it now is, or undefined when there is none. */
export async function updateSourceFields(id: number, fields: Partial<NewSource>) {
  return first(db().update(t.sources).set(fields).where(eq(t.sources.id, id)).returning());
}

/**
 * Records a source's detected type, only while the row still has this URL and no type: an edit or a scrape in
 * the meantime has the last word. The source as it now is, or undefined when it was left alone.
 */
export async function setDetectedSourceType(id: number, url: string, type: string) {
  return first(
    db()
      .update(t.sources)
      .set({ type })
      .where(and(eq(t.sources.id, id), eq(t.sources.url, url), isNull(t.sources.type)))
      .returning(),
  );
}

/** Deletes a source (its articles stay, keeping its name); its name, or undefined when there is none. */
export async function deleteSourceRow(id: number) {
  return first(db().delete(t.sources).where(eq(t.sources.id, id)).returning({ name: t.sources.name }));
}

/** Turns a source on or off; the source as it now is, or undefined when there is none. */
export async function toggleSourceActive(id: number) {
  return first(
    db()
      .update(t.sources)
      .set({ isActive: not(t.sources.isActive) })
      .where(eq(t.sources.id, id))
      .returning(),
  );
}

/** The health monitor's four counters: disabled or never-checked sources count apart from the rest. */
export async function sourceHealthCounts() {
  // An aggregate without GROUP BY answers exactly one row. The flag is tested as a truth value, not against 0 or 1:
  // an integer on SQLite, a boolean on PostgreSQL.
  const counts = await first<{ healthy: number; warning: number; error: number; unchecked: number }>(sql`
    SELECT
      count(*) FILTER (WHERE is_active AND status = 'healthy') AS healthy,
      count(*) FILTER (WHERE is_active AND status = 'warning') AS warning,
      count(*) FILTER (WHERE is_active AND status = 'error') AS error,
      count(*) FILTER (WHERE NOT is_active OR status IS NULL) AS unchecked
    FROM ${t.sources}`);
  return counts!;
}

/**
 * Adds the given sources once: the first call inserts them (URLs already present are skipped) and records
 * `seededKey`, so a source an admin deletes later stays deleted. Answers how many were inserted.
 */
export async function seedSourcesOnce(seededKey: string, rows: NewSource[]): Promise<number> {
  if (await first(db().select().from(t.appState).where(eq(t.appState.key, seededKey)))) return 0;
  return transaction(function* (tx) {
    const inserted = yield* tx.all(tx.db.insert(t.sources).values(rows).onConflictDoNothing().returning({ id: t.sources.id }));
    yield* tx.execute(tx.db.insert(t.appState).values({ key: seededKey, value: true }));
    return inserted.length;
  });
}

/**
 * Brings a default source an older set-up stored under another type (or another address of the same thing) to the
 * type the seed gives it now: the stored source at `url` takes `type`; failing that, one at an older address in
 * `formerUrls` moves to `url` with `type`, its fetch validators dropped (they belonged to the old address). Nothing
 * changes when a source at `url` has `type` already. Answers how many sources changed (0 or 1).
 */
export function retypeDefaultSource({ url, type, formerUrls }: { url: string; type: string; formerUrls: string[] }): Promise<number> {
  return transaction(function* (tx) {
    const rows = yield* tx.all(
      tx.db
        .select({ id: t.sources.id, url: t.sources.url, type: t.sources.type })
        .from(t.sources)
        .where(inArray(t.sources.url, [url, ...formerUrls])),
    );
    const current = rows.find((row) => row.url === url);
    if (current?.type === type) return 0;
    const change = current ?? rows[0];
    if (!change) return 0;
    yield* tx.execute(
      tx.db
        .update(t.sources)
        .set(change.url === url ? { type } : { url, type, etag: null, lastModified: null })
        .where(eq(t.sources.id, change.id)),
    );
    return 1;
  });
}
