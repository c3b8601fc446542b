// The SQLite connection: one per process, with the pragmas every process needs.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema";
import { reusePreparedStatements } from "./statement-cache";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

// Resolved from the project root: the web bundle and the scripts both run from there.
const migrationsFolder = path.resolve("db/migrations");

/** The database and its -wal/-shm files hold password hashes and subscriber addresses: owner only. */
const DATABASE_FILE_MODE = 0o600;

/**
 * Creates the database file owner-only before SQLite opens it (SQLite gives the -wal and -shm files the
 * database file's permissions), and tightens the files of an existing install.
 */
function restrictDatabaseFiles(file: string) {
  fs.closeSync(fs.openSync(file, "a", DATABASE_FILE_MODE));
  for (const existing of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(existing)) fs.chmodSync(existing, DATABASE_FILE_MODE);
}

export function openDatabase(file: string): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (file !== ":memory:") restrictDatabaseFiles(file);
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  // Writers wait for each other instead of failing: no SQLITE_BUSY reaches a user.
  sqlite.pragma("busy_timeout = 10000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  // Statement journals in memory: every insert into articles runs triggers, so SQLite keeps a statement journal of
  // the pages it touches, and past 64 KiB a file-backed one is written page by page to a temporary file, about 45
  // writes per article stored (docs/benchmarks.md, "Ingest"). Temporary tables and sorts stay small in this product.
  sqlite.pragma("temp_store = MEMORY");
  reusePreparedStatements(sqlite);
  return drizzle(sqlite, { schema, casing: "snake_case" }) as Db;
}

/** Applies pending migrations; safe to run at every start. */
export function migrateDatabase(db: Db) {
  migrate(db, { migrationsFolder });
}
