// Default sources: real public feeds from scripts/sources.json, added once on the first set-up
// (so a source an admin deletes stays deleted).
import fs from "node:fs";
import path from "node:path";
import { retypeDefaultSource, seedSourcesOnce } from "../app/sources/store.server";

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

/**
 * The public inspection desk's address in the first default sources: its RSS rendering, read as an ordinary feed.
 * Installs set up then still hold it (the defaults are added once), and an RSS item of the desk carries neither the
 * day it publishes nor a document number, so its published version would arrive as a second article.
 */
const FORMER_DESK_URLS = ["https://www.federalregister.gov/api/v1/public-inspection-documents.rss"];

/**
 * Brings the default public inspection source of an older install to the desk's JSON answer and its own source
 * type (docs/decisions/032), at every set-up; a no-op once done, or when the admin deleted it. Answers how many
 * sources changed.
 */
export async function upgradeDefaultSources(): Promise<number> {
  const desk = readDefaultSources().find((source) => source.type === "federal-register-public-inspection");
  if (!desk) return 0;
  return retypeDefaultSource({ url: desk.url, type: desk.type, formerUrls: FORMER_DESK_URLS });
}
