// Whether the database schema is the one this build expects: every migration of its engine's folder applied.
import fs from "node:fs";
import path from "node:path";
import { appliedMigrationCount, migrationsFolder } from "./schema-store.server";

const shipped = new Map<string, number>();

/** Migrations this build ships for the open engine (its meta/_journal.json, resolved from the project root). */
function shippedMigrations() {
  const folder = migrationsFolder();
  if (!shipped.has(folder)) {
    const journal = JSON.parse(fs.readFileSync(path.resolve(folder, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
    shipped.set(folder, journal.entries.length);
  }
  return shipped.get(folder)!;
}

export async function migrationStatus() {
  const applied = await appliedMigrationCount();
  const shipped = shippedMigrations();
  return { applied, expected: shipped, pending: Math.max(0, shipped - applied) };
}
