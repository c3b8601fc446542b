// `npm run db:copy -- --from <sqlite file> --to <postgres url> [--replace]`: moves an install from SQLite to
// PostgreSQL. Migrates the target, copies every table in one transaction (ids kept, identities moved past them),
// then reads both databases back row by row and exits non-zero unless every table is equal.
//
// This is a tool of the storage layer itself, like db/client.ts: it reads one engine and writes the other, below the
// store modules, so it talks to both drivers directly.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import type pg from "pg";
import { migratePostgres, openPostgres } from "../db/pg/client";
import { CopyError, checkSameSchema, quote, targetTables, type Column, type Table } from "./db-copy-tables";

export { CopyError };

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters a statement, whatever the table's width. */
const MAX_ROWS_PER_INSERT = 1_000;
const MAX_PARAMETERS = 60_000;
/** Rows read from each side at a time when checking. */
const CHECK_CHUNK = 5_000;
/** Differences printed per table. */
const SHOWN_DIFFERENCES = 5;

/** Opens the SQLite file read-only: the copy never changes its source. */
export function openSource(file: string): Database.Database {
  if (!fs.existsSync(file)) throw new CopyError(`--from: no SQLite database at ${path.resolve(file)}`);
  let source: Database.Database;
  try {
    source = new Database(file, { readonly: true, fileMustExist: true });
    source.prepare("SELECT count(*) FROM sqlite_master").get();
  } catch (error) {
    throw new CopyError(`--from: ${file} is not a readable SQLite database (${(error as Error).message})`);
  }
  return source;
}

/** Connects to the PostgreSQL URL, with an error that says which server could not be reached and why. */
export async function openTarget(url: string) {
  if (!/^postgres(ql)?:\/\//i.test(url)) throw new CopyError(`--to must be a postgres:// or postgresql:// URL (got "${url.split(":")[0]}:")`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // The URL itself is not repeated: it may hold a password.
    throw new CopyError("--to is not a valid URL; give postgres://user:password@host:port/database");
  }
  const where = `${parsed.hostname || "localhost"}:${parsed.port || 5432}${parsed.pathname}`;
  const db = openPostgres(url, { poolSize: 2 });
  db.$client.options.connectionTimeoutMillis = 10_000;
  try {
    await db.$client.query("SELECT 1");
  } catch (error) {
    await db.$client.end().catch(() => undefined);
    const code = (error as { code?: string }).code;
    const reason = code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "ETIMEDOUT" ? `cannot reach the server (${code})` : (error as Error).message;
    throw new CopyError(`--to: PostgreSQL at ${where}: ${reason}`);
  }
  return db;
}

/** A SQLite value as PostgreSQL's column takes it: flags 0/1 as booleans, JSON as its text, times as whole ms. */
function toTarget(value: unknown, column: Column): unknown {
  if (value === null || value === undefined) return null;
  if (column.type === "boolean") return value !== 0 && value !== "0";
  // `unixepoch('subsec') * 1000` may leave a float's last bits below a whole millisecond.
  if (column.type === "bigint" && typeof value === "number" && !Number.isInteger(value)) return Math.round(value);
  return value;
}

/** JSON with the keys of every object sorted: jsonb keeps objects in its own key order, SQLite as written. */
function canonicalJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalJson);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonicalJson((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/** A value of either side in one form, so equal data compares equal whatever engine it came from. */
function normalise(value: unknown, column: Column): unknown {
  if (value === null || value === undefined) return null;
  if (column.type === "boolean") return value === true || value === 1 || value === "1" ? 1 : 0;
  if (column.type === "json" || column.type === "jsonb") {
    try {
      return canonicalJson(typeof value === "string" ? JSON.parse(value) : value);
    } catch {
      return `invalid JSON: ${String(value)}`;
    }
  }
  if (column.type === "bigint" && typeof value === "number" && !Number.isInteger(value)) return Math.round(value);
  if (Buffer.isBuffer(value)) return value.toString("hex");
  return value;
}

type Log = (line: string) => void;

async function insertBatch(client: pg.PoolClient, table: Table, rows: Record<string, unknown>[]) {
  const values: unknown[] = [];
  const tuples = rows.map((row) => {
    const placeholders = table.columns.map((column) => {
      values.push(toTarget(row[column.name], column));
      return `$${values.length}`;
    });
    return `(${placeholders.join(", ")})`;
  });
  // OVERRIDING SYSTEM VALUE: the rows keep their SQLite ids, even in an identity PostgreSQL would otherwise fill.
  const overriding = table.columns.some((column) => column.identity) ? " OVERRIDING SYSTEM VALUE" : "";
  await client.query(
    `INSERT INTO ${quote(table.name)} (${table.columns.map((column) => quote(column.name)).join(", ")})${overriding} VALUES ${tuples.join(", ")}`,
    values,
  );
}

/**
 * Copies every table in one transaction: on any failure it rolls back and the target is as it was.
 * The target's tables are emptied first (a freshly migrated database holds the revision counter's row, an app
 * started on it its default sources), so the target ends up holding exactly the source's rows.
 */
export async function copyDatabase(source: Database.Database, target: pg.Pool, options: { replace?: boolean; log?: Log } = {}): Promise<Table[]> {
  const log = options.log ?? (() => undefined);
  const client = await target.connect();
  try {
    const tables = await targetTables(client);
    checkSameSchema(source, tables);
    await client.query("BEGIN");
    try {
      const held = await client.query<{ articles: number; users: number }>(
        "SELECT (SELECT count(*) FROM articles) AS articles, (SELECT count(*) FROM users) AS users",
      );
      const { articles, users } = held.rows[0];
      if ((articles > 0 || users > 0) && !options.replace)
        throw new CopyError(`the target already holds ${articles} articles and ${users} users: pass --replace to overwrite them`);
      await client.query(`TRUNCATE ${tables.map((table) => quote(table.name)).join(", ")} RESTART IDENTITY`);
      // The triggers of articles (db/pg/migrations/0001_search_and_triggers.sql) would add related_pending rows and
      // bump article_revision for every copied article; the source already holds what its own triggers derived, copied
      // as it is below, as are the lookup tables its store wrote (article_agencies, article_identifiers,
      // article_rulemakings: docs/decisions/045). Disabled inside this transaction only: ALTER TABLE is
      // transactional, and its lock keeps every other session off the table until the commit re-enables them.
      // Foreign keys stay checked (USER leaves the system's constraint triggers alone).
      for (const table of tables) await client.query(`ALTER TABLE ${quote(table.name)} DISABLE TRIGGER USER`);
      for (const table of tables) {
        const started = performance.now();
        const batchSize = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMETERS / table.columns.length)));
        const select = source.prepare(`SELECT * FROM ${quote(table.name)} ORDER BY ${table.key.map(quote).join(", ")}`);
        let batch: Record<string, unknown>[] = [];
        let copied = 0;
        for (const row of select.iterate() as Iterable<Record<string, unknown>>) {
          batch.push(row);
          if (batch.length === batchSize) {
            await insertBatch(client, table, batch);
            copied += batch.length;
            batch = [];
          }
        }
        if (batch.length) await insertBatch(client, table, batch);
        copied += batch.length;
        log(`  copied ${table.name}: ${copied.toLocaleString("en-US")} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
      await restartIdentities(client, source, tables);
      for (const table of tables) await client.query(`ALTER TABLE ${quote(table.name)} ENABLE TRIGGER USER`);
      await client.query("COMMIT");
      // Statistics now, not when autovacuum gets round to it: the planner's first queries on the copy would
      // otherwise be planned for empty tables.
      await client.query("ANALYZE");
      return tables;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    }
  } finally {
    client.release();
  }
}

/**
 * Moves each identity past the copied ids: past SQLite's AUTOINCREMENT counter too (sqlite_sequence), which may be
 * above max(id) after deletions, so an id once given is never given again, as on SQLite. ALTER TABLE ... RESTART
 * rather than setval(): it is transactional, so a copy that rolls back leaves the sequences as they were.
 */
async function restartIdentities(client: pg.PoolClient, source: Database.Database, tables: Table[]) {
  const hasSequence = source.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get() !== undefined;
  for (const table of tables) {
    for (const column of table.columns.filter((candidate) => candidate.identity)) {
      const max = (await client.query<{ max: number | null }>(`SELECT max(${quote(column.name)}) AS max FROM ${quote(table.name)}`)).rows[0].max ?? 0;
      const counter = hasSequence
        ? ((source.prepare("SELECT seq FROM sqlite_sequence WHERE name = ?").get(table.name) as { seq: number } | undefined)?.seq ?? 0)
        : 0;
      const next = Math.max(max, counter) + 1;
      if (!Number.isSafeInteger(next)) throw new CopyError(`${table.name}.${column.name}: next id ${next} is not a whole number`);
      await client.query(`ALTER TABLE ${quote(table.name)} ALTER COLUMN ${quote(column.name)} RESTART WITH ${next}`);
    }
  }
}

export type TableCheck = { table: string; sourceRows: number; targetRows: number; differences: string[]; equal: boolean };

/**
 * Reads every table from both databases in primary-key order, a chunk at a time, and compares them row by row.
 * Text keys are ordered byte-wise on both sides (SQLite's BINARY, PostgreSQL's "C"), whatever the target's collation.
 */
export async function checkCopy(source: Database.Database, target: pg.Pool, tables?: Table[]): Promise<TableCheck[]> {
  const client = await target.connect();
  try {
    const list = tables ?? (await targetTables(client));
    const results: TableCheck[] = [];
    for (const table of list) {
      const columns = table.columns;
      const keyColumns = table.key.map((name) => columns.find((column) => column.name === name)!);
      const isText = (column: Column) => column.type === "text" || column.type === "character varying";
      const sourceRows = (source.prepare(`SELECT count(*) AS n FROM ${quote(table.name)}`).get() as { n: number }).n;
      const targetRows = (await client.query<{ n: number }>(`SELECT count(*) AS n FROM ${quote(table.name)}`)).rows[0].n;
      const differences: string[] = [];
      if (sourceRows !== targetRows) differences.push(`row count: SQLite ${sourceRows}, PostgreSQL ${targetRows}`);

      const list = columns.map((column) => quote(column.name)).join(", ");
      const sourceOrder = table.key.map(quote).join(", ");
      const targetKey = keyColumns.map((column) => (isText(column) ? `${quote(column.name)} COLLATE "C"` : quote(column.name)));
      const readSource = (after: unknown[] | undefined) =>
        source
          .prepare(
            `SELECT ${list} FROM ${quote(table.name)}${after ? ` WHERE (${sourceOrder}) > (${after.map(() => "?").join(", ")})` : ""} ORDER BY ${sourceOrder} LIMIT ${CHECK_CHUNK}`,
          )
          .all(...(after ?? [])) as Record<string, unknown>[];
      const readTarget = async (after: unknown[] | undefined) =>
        (
          await client.query<Record<string, unknown>>(
            `SELECT ${list} FROM ${quote(table.name)}${after ? ` WHERE (${targetKey.join(", ")}) > (${after.map((_, i) => `$${i + 1}`).join(", ")})` : ""} ORDER BY ${targetKey.join(", ")} LIMIT ${CHECK_CHUNK}`,
            after,
          )
        ).rows;

      const keyOf = (row: Record<string, unknown>) => table.key.map((name) => row[name]);
      const describeKey = (row: Record<string, unknown>) => table.key.map((name) => `${name}=${JSON.stringify(row[name])}`).join(", ");
      const sourceKeyOf = (row: Record<string, unknown>) => keyColumns.map((column) => toTarget(row[column.name], column));
      let sourceAfter: unknown[] | undefined;
      let targetAfter: unknown[] | undefined;
      let compared = 0;
      for (;;) {
        const [fromSource, fromTarget] = [readSource(sourceAfter), await readTarget(targetAfter)];
        for (let i = 0; i < Math.max(fromSource.length, fromTarget.length); i++) {
          const [left, right] = [fromSource[i], fromTarget[i]];
          if (differences.length > SHOWN_DIFFERENCES) break;
          if (!left || !right) {
            differences.push(`row ${compared + i + 1}: only in ${left ? `SQLite (${describeKey(left)})` : `PostgreSQL (${describeKey(right)})`}`);
            continue;
          }
          const unequal = columns.filter(
            (column) => JSON.stringify(normalise(left[column.name], column)) !== JSON.stringify(normalise(right[column.name], column)),
          );
          if (unequal.length)
            differences.push(
              `${describeKey(left)}: ${unequal
                .map(
                  (column) =>
                    `${column.name} SQLite ${JSON.stringify(left[column.name])?.slice(0, 80)} ≠ PostgreSQL ${JSON.stringify(right[column.name])?.slice(0, 80)}`,
                )
                .join("; ")}`,
            );
        }
        compared += Math.max(fromSource.length, fromTarget.length);
        if ((fromSource.length < CHECK_CHUNK && fromTarget.length < CHECK_CHUNK) || differences.length > SHOWN_DIFFERENCES) break;
        // Both sides go on after the same key, so a row missing on one side does not shift every later chunk.
        const [lastSource, lastTarget] = [fromSource.at(-1), fromTarget.at(-1)];
        if (lastSource) [sourceAfter, targetAfter] = [keyOf(lastSource), sourceKeyOf(lastSource)];
        else if (lastTarget) targetAfter = keyOf(lastTarget);
      }
      results.push({ table: table.name, sourceRows, targetRows, differences: differences.slice(0, SHOWN_DIFFERENCES), equal: differences.length === 0 });
    }
    return results;
  } finally {
    client.release();
  }
}

function parseArgs(argv: string[]) {
  const options: { from?: string; to?: string; replace: boolean } = { replace: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === "--replace") options.replace = true;
    else if ((flag === "--from" || flag === "--to") && argv[i + 1] !== undefined) options[flag === "--from" ? "from" : "to"] = argv[++i];
    else throw new CopyError(`unknown or incomplete option ${flag}`);
  }
  if (!options.from || !options.to) throw new CopyError("give both --from <sqlite file> and --to <postgres url>");
  return options as { from: string; to: string; replace: boolean };
}

const USAGE = "Usage: npm run db:copy -- --from <sqlite file> --to <postgres://user:password@host:port/database> [--replace]";

/** The command: copy, check, print a summary per table; answers the exit code. */
export async function main(argv: string[], log: Log = console.log): Promise<number> {
  let options;
  try {
    options = parseArgs(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const source = openSource(options.from);
  try {
    const target = await openTarget(options.to);
    try {
      await migratePostgres(target);
      const started = performance.now();
      log(`Copying ${options.from} into PostgreSQL...`);
      const tables = await copyDatabase(source, target.$client, { replace: options.replace, log });
      log(`Copied in ${((performance.now() - started) / 1000).toFixed(1)} s. Checking every row...`);
      const checks = await checkCopy(source, target.$client, tables);
      for (const check of checks) {
        const status = check.equal ? "ok      " : "MISMATCH";
        log(`  ${status} ${check.table.padEnd(24)} SQLite ${String(check.sourceRows).padStart(9)}  PostgreSQL ${String(check.targetRows).padStart(9)}`);
        for (const difference of check.differences) log(`           ${difference}`);
      }
      const failed = checks.filter((check) => !check.equal);
      log(failed.length ? `${failed.length} of ${checks.length} tables differ.` : `All ${checks.length} tables are equal, row by row.`);
      return failed.length ? 1 : 0;
    } finally {
      await target.$client.end();
    }
  } finally {
    source.close();
  }
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof CopyError ? `db:copy: ${error.message}` : error);
      process.exit(1);
    },
  );
}
