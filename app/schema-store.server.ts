// The database as a whole: bringing its schema and lookup tables up to this build's migrations, counting the
// migrations applied, a read that proves the database answers (app/health.server.ts, app/routes/healthz.ts), and
// closing it.
import { sql } from "drizzle-orm";
import { migrateDatabase } from "../db/client";
import { migratePostgres } from "../db/pg/client";
import { reindexAllArticlesWhenAsked } from "./articles/store/article-indexes.server";
import { closeDatabase as closeOpenDatabase, database, first } from "./db.server";

/**
 * Applies pending migrations of the open engine (db/migrations or db/pg/migrations), then their steps written in
 * TypeScript: the lookup tables rewritten by this build's rules when a migration asks (docs/decisions/045). Safe to
 * run at every start.
 */
export async function migrate() {
  const open = database();
  if (open.engine === "postgres") await migratePostgres(open.db);
  else migrateDatabase(open.db);
  await reindexAllArticlesWhenAsked();
}

/** The engine's migrations folder, relative to the project root: what this build ships for it. */
export function migrationsFolder() {
  return database().engine === "postgres" ? "db/pg/migrations" : "db/migrations";
}

/** How many migrations the database has applied. */
export async function appliedMigrationCount() {
  // drizzle keeps PostgreSQL's record in its own `drizzle` schema.
  const table = database().engine === "postgres" ? sql`drizzle.__drizzle_migrations` : sql`__drizzle_migrations`;
  return (await first<{ count: number }>(sql`SELECT count(*) AS count FROM ${table}`))!.count;
}

/** Reads the database: throws when it does not answer. */
export async function pingDatabase() {
  // `SELECT 1` alone never reads a SQLite file; the schema table does, so a damaged or replaced file shows here.
  if (database().engine === "postgres") await first(sql`SELECT 1`);
  else await first(sql`SELECT count(*) FROM sqlite_master`);
}

/** Closes the database at shutdown: the SQLite file, or the pool's connections. */
export async function closeDatabase() {
  await closeOpenDatabase();
}
