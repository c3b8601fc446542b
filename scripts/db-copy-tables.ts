// The schema both ends of `npm run db:copy` (scripts/db-copy.ts) share: PostgreSQL's tables with their copied
// columns, keys and foreign-key order, and the check that the SQLite source is at the same migration.
import type Database from "better-sqlite3";
import type pg from "pg";

export class CopyError extends Error {}

export type Column = { name: string; type: string; identity: boolean };
export type Table = { name: string; columns: Column[]; key: string[] };

/** SQLite's own tables and the full-text index's, which PostgreSQL answers with a generated column instead. */
const SQLITE_ONLY = /^(sqlite_|__drizzle_migrations$|articles_fts)/;

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The target's tables, their copied columns (not generated ones), primary keys, and foreign-key order. */
export async function targetTables(client: pg.PoolClient): Promise<Table[]> {
  const columns = await client.query<{ table_name: string; column_name: string; data_type: string; is_identity: string }>(
    `SELECT table_name, column_name, data_type, is_identity FROM information_schema.columns
     WHERE table_schema = 'public' AND is_generated = 'NEVER' ORDER BY table_name, ordinal_position`,
  );
  const keys = await client.query<{ table_name: string; column_name: string }>(
    `SELECT c.relname AS table_name, a.attname AS column_name
     FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, position)
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
     WHERE i.indisprimary AND n.nspname = 'public' ORDER BY c.relname, k.position`,
  );
  const references = await client.query<{ child: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
     FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE c.contype = 'f' AND n.nspname = 'public'`,
  );
  const tables = new Map<string, Table>();
  for (const row of columns.rows) {
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: [], key: [] };
    table.columns.push({ name: row.column_name, type: row.data_type, identity: row.is_identity === "YES" });
    tables.set(row.table_name, table);
  }
  for (const row of keys.rows) tables.get(row.table_name)?.key.push(row.column_name);
  for (const table of tables.values()) if (table.key.length === 0) table.key = table.columns.map((column) => column.name);

  // Parents before children, so every foreign key finds its row; alphabetical among equals, for a stable log.
  const unquote = (name: string) => name.replace(/^"|"$/g, "");
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of references.rows) {
    if (child === parent) continue;
    const set = parents.get(unquote(child)) ?? new Set<string>();
    parents.set(unquote(child), set.add(unquote(parent)));
  }
  const ordered: Table[] = [];
  const placed = new Set<string>();
  const remaining = [...tables.keys()].sort();
  while (remaining.length) {
    const next = remaining.findIndex((name) => [...(parents.get(name) ?? [])].every((parent) => placed.has(parent) || !tables.has(parent)));
    if (next < 0) throw new CopyError(`the foreign keys of ${remaining.join(", ")} form a cycle`);
    const [name] = remaining.splice(next, 1);
    placed.add(name);
    ordered.push(tables.get(name)!);
  }
  return ordered;
}

/** Refuses a source whose tables or columns are not the target's: the two must be at the same migration. */
export function checkSameSchema(source: Database.Database, tables: Table[]) {
  const sourceTables = (source.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[])
    .map((row) => row.name)
    .filter((name) => !SQLITE_ONLY.test(name));
  const targetNames = new Set(tables.map((table) => table.name));
  const problems: string[] = [];
  for (const name of sourceTables) if (!targetNames.has(name)) problems.push(`table ${name} is not in the PostgreSQL schema`);
  for (const table of tables) {
    if (!sourceTables.includes(table.name)) {
      problems.push(`table ${table.name} is missing from the SQLite file`);
      continue;
    }
    const sourceColumns = (source.prepare(`PRAGMA table_info(${quote(table.name)})`).all() as { name: string }[]).map((row) => row.name);
    const targetColumns = table.columns.map((column) => column.name);
    const missing = targetColumns.filter((name) => !sourceColumns.includes(name));
    const extra = sourceColumns.filter((name) => !targetColumns.includes(name));
    if (missing.length || extra.length)
      problems.push(`${table.name}: ${[...missing.map((name) => `no ${name} in SQLite`), ...extra.map((name) => `no ${name} in PostgreSQL`)].join(", ")}`);
  }
  if (problems.length)
    throw new CopyError(
      `the two schemas differ (start the app once on the SQLite file so it migrates, and use this version's migrations):\n  ${problems.join("\n  ")}`,
    );
}
