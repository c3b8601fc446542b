// The PostgreSQL schema (db/pg/schema.ts) mirrors the SQLite one (db/schema.ts): the same tables and columns, and
// row types that are equal, so a store module's query returns the same objects whichever engine answers.
import { getTableColumns, getTableName, is } from "drizzle-orm";
import { getTableConfig as getPgTableConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as getSqliteTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as pg from "../../db/pg/schema";
import * as sqlite from "../../db/schema";

type Sqlite = typeof sqlite;
type Pg = typeof pg;

/** True when A and B are the same type (not merely assignable one way). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type TablesOf<S> = { [K in keyof S]: S[K] extends { $inferSelect: unknown; $inferInsert: unknown } ? K : never }[keyof S];

type SqliteTables = TablesOf<Sqlite>;
type PgTables = TablesOf<Pg>;

/** For each table: [select rows equal, insert values equal]. A table missing from either schema fails too. */
type Parity = {
  [K in SqliteTables | PgTables]: K extends SqliteTables & PgTables
    ? [Equal<Sqlite[K]["$inferSelect"], Pg[K]["$inferSelect"]>, Equal<Sqlite[K]["$inferInsert"], Pg[K]["$inferInsert"]>]
    : "missing from one schema";
};
/** Fails to compile, naming the table, when a table's select or insert type differs between the engines. */
type ExpectParity<T extends Record<SqliteTables | PgTables, [true, true]>> = T;
export type SchemaParity = ExpectParity<Parity>;

const tablesOf = (schema: Record<string, unknown>, table: typeof SQLiteTable | typeof PgTable) =>
  Object.fromEntries(Object.entries(schema).filter(([, value]) => is(value, table))) as Record<string, SQLiteTable | PgTable>;

const sqliteTables = tablesOf(sqlite, SQLiteTable) as Record<string, SQLiteTable>;
const pgTables = tablesOf(pg, PgTable) as Record<string, PgTable>;

describe("PostgreSQL schema parity", () => {
  it("exports the same tables under the same names", () => {
    expect(Object.keys(pgTables).sort()).toEqual(Object.keys(sqliteTables).sort());
    expect(Object.keys(sqliteTables).length).toBeGreaterThan(20);
    for (const [key, table] of Object.entries(sqliteTables)) expect(getTableName(pgTables[key]), key).toBe(getTableName(table));
  });

  it("gives every table the same columns, nullability, defaults and primary keys", () => {
    for (const [key, table] of Object.entries(sqliteTables)) {
      const sqliteColumns = getTableColumns(table);
      const pgColumns = getTableColumns(pgTables[key]);
      expect(Object.keys(pgColumns), key).toEqual(Object.keys(sqliteColumns));
      for (const [name, column] of Object.entries(sqliteColumns)) {
        const other = pgColumns[name];
        expect({ notNull: other.notNull, hasDefault: other.hasDefault, primary: other.primary }, `${key}.${name}`).toEqual({
          notNull: column.notNull,
          hasDefault: column.hasDefault,
          primary: column.primary,
        });
      }
    }
  });

  it("gives every table the same indexes, unique keys, composite primary keys and foreign keys", () => {
    for (const [key, table] of Object.entries(sqliteTables)) {
      const a = getSqliteTableConfig(table);
      const b = getPgTableConfig(pgTables[key]);
      const indexes = (list: { config: { name?: string; unique: boolean; where?: unknown } }[]) =>
        list
          .map(({ config }) => ({ name: config.name, unique: config.unique, partial: config.where !== undefined }))
          .sort((x, y) => String(x.name).localeCompare(String(y.name)));
      expect(indexes(b.indexes), key).toEqual(indexes(a.indexes));
      expect(
        b.primaryKeys.map((pk) => pk.columns.map((c) => c.name)),
        key,
      ).toEqual(a.primaryKeys.map((pk) => pk.columns.map((c) => c.name)));
      const foreignKeys = (
        list: { reference(): { columns: { name: string }[]; foreignTable: object; foreignColumns: { name: string }[] }; onDelete?: string }[],
      ) =>
        list
          .map((fk) => {
            const ref = fk.reference();
            return `${ref.columns.map((c) => c.name).join(",")} -> ${getTableName(ref.foreignTable as SQLiteTable)}(${ref.foreignColumns.map((c) => c.name).join(",")}) on delete ${fk.onDelete}`;
          })
          .sort();
      expect(foreignKeys(b.foreignKeys), key).toEqual(foreignKeys(a.foreignKeys));
    }
  });
});
