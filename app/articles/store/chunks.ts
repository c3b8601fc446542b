// The shapes of the store's statements over a whole batch (app/articles/store/insert.server.ts,
// app/articles/store/article-indexes.server.ts). PostgreSQL's statements take at most 65,535 parameters: multi-row
// statements cut their rows in chunks well below it.
import { getTableColumns, sql, type SQL, type Table } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";

/** `items` in slices of at most `size`. */
export function* chunks<T>(items: T[], size: number) {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** Values per SQLite `IN` list of a batch's lookups: one prepared statement of this many parameters. */
const SQLITE_IN_LIST = 500;

/** The placeholders of a SQLite `IN` list (`?, ?, ...`). */
export const inList = () => Array.from({ length: SQLITE_IN_LIST }, () => "?").join(", ");

/**
 * `values` as the parameters of `inList` statements, bound as any other value (so a key matches as it was stored), the
 * last list padded with its own first value, which changes nothing in an IN list.
 */
export function* sqliteInLists(values: string[]) {
  for (const chunk of chunks(values, SQLITE_IN_LIST)) yield [...chunk, ...Array<string>(SQLITE_IN_LIST - chunk.length).fill(chunk[0])];
}

/**
 * PostgreSQL's `INSERT INTO table (...) SELECT * FROM unnest(...)` of rows (at least one, the same keys each): one
 * parameter per column, each value mapped as the query builder maps it. unnest gives the rows in their order, so ids
 * are assigned as a multi-row VALUES would assign them. The caller adds ON CONFLICT and RETURNING.
 */
export function unnestInsert<Row extends Record<string, unknown>>(table: Table, rows: Row[]): SQL {
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0]);
  const names = keys.map((key) => sql.identifier(toSnakeCase(key)));
  const arrays = keys.map((key) => {
    const column = columns[key];
    const values = rows.map((row) => (row[key] === null ? null : column.mapToDriverValue(row[key])));
    return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
  });
  return sql`INSERT INTO ${table} (${sql.join(names, sql`, `)}) SELECT * FROM unnest(${sql.join(arrays, sql`, `)})`;
}
