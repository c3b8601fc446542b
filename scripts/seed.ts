// Default sources: real public feeds from scripts/sources.json, added once on the first set-up
// (so a source an admin deletes stays deleted).
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { db, t } from "../app/db.server";

type SeedSource = { name: string; url: string; type: string; category: string; keywords: string[] };

const SEEDED_KEY = "default-sources-seeded";

function readDefaultSources(): SeedSource[] {
  const file = path.resolve("scripts/sources.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { sources: SeedSource[] }).sources;
}

export function seedDefaultSources(): number {
  const database = db();
  if (database.select().from(t.appState).where(eq(t.appState.key, SEEDED_KEY)).get()) return 0;
  return database.transaction((tx) => {
    const rows = readDefaultSources().map(({ name, url, type, category, keywords }) => ({ name, url, type, category, keywords }));
    const inserted = tx.insert(t.sources).values(rows).onConflictDoNothing().returning({ id: t.sources.id }).all();
    tx.insert(t.appState).values({ key: SEEDED_KEY, value: true }).run();
    return inserted.length;
  });
}
