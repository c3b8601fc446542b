// Default sources: real public feeds from scripts/sources.json, added once on the first set-up
// (so a source an admin deletes stays deleted).
import fs from "node:fs";
import path from "node:path";
import { seedSourcesOnce } from "../app/sources/store.server";

type SeedSource = { name: string; url: string; type: string; category: string; keywords: string[] };

const SEEDED_KEY = "default-sources-seeded";

function readDefaultSources(): SeedSource[] {
  const file = path.resolve("scripts/sources.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { sources: SeedSource[] }).sources;
}

export async function seedDefaultSources(): Promise<number> {
  const rows = readDefaultSources().map(({ name, url, type, category, keywords }) => ({ name, url, type, category, keywords }));
  return seedSourcesOnce(SEEDED_KEY, rows);
}
