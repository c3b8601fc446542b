// The database as a whole: bringing its schema up to this build's migrations, counting the migrations applied,
// and a read that proves the database answers (app/health.server.ts, app/routes/healthz.ts).
import { sql } from "drizzle-orm";
import { migrateDatabase } from "../db/client";
import { db, first } from "./db.server";

/** Applies pending migrations; safe to run at every start. */
export async function migrate() {
  migrateDatabase(db());
}

/** How many migrations the database has applied. */
export async function appliedMigrationCount() {
  return (await first<{ count: number }>(sql`SELECT count(*) AS count FROM __drizzle_migrations`))!.count;
}

/** Reads the database: throws when it does not answer. */
export async function pingDatabase() {
  // `SELECT 1` alone never reads the file; the schema table does, so a damaged or replaced file shows here.
  await first(sql`SELECT count(*) FROM sqlite_master`);
}
