// Scrapes the readable part of the hostile corpus into the database named by DATABASE_URL (the browser
// tests' database) through the real scrape path, and prints the ids of the sources it added as JSON.
// The source names carry payloads too: admins type them, and /about shows them.
import { scrapeSources } from "~/ingest/scrape.server";
import { CORPUS, MARKUP_PAYLOADS, startCorpusServer } from "./corpus";
import { addSource } from "../../support/sources";

/** Feeds that store articles, except the 1,000-item one, which would only bury the others. */
const entries = CORPUS.filter((entry) => entry.outcome.ok && entry.path !== "/many.rss");
const server = await startCorpusServer(entries);
const sourceIds: number[] = [];
try {
  for (const [i, entry] of entries.entries()) {
    const name = `Hostile ${entry.path} ${MARKUP_PAYLOADS[i % MARKUP_PAYLOADS.length]}`;
    const source = await addSource({ name, url: server.url(entry), type: entry.type, category: "think-tank" });
    sourceIds.push(source.id);
    const result = await scrapeSources({ sourceId: source.id, timeoutMs: 5000 });
    if (result.sources[0].error) throw new Error(`${entry.path}: ${result.sources[0].error}`);
  }
} finally {
  await server.close();
}
console.log(JSON.stringify({ sourceIds }));
