// Whether the database schema is the one this build expects: every migration in db/migrations applied.
import fs from "node:fs";
import path from "node:path";
import { appliedMigrationCount } from "./schema-store.server";

let expected: number | undefined;

/** Migrations this build ships (db/migrations/meta/_journal.json, resolved from the project root). */
function shippedMigrations() {
  expected ??= (JSON.parse(fs.readFileSync(path.resolve("db/migrations/meta/_journal.json"), "utf8")) as { entries: unknown[] }).entries.length;
  return expected;
}

export async function migrationStatus() {
  const applied = await appliedMigrationCount();
  const shipped = shippedMigrations();
  return { applied, expected: shipped, pending: Math.max(0, shipped - applied) };
}
