// `npm run bench:ingest`: ingestion throughput against local stand-ins (a benchmark to read, not a test).
// 1. Backfill 100,000 Federal Register documents from a stand-in API (10,000-result cap, paging, date windows).
// 2. Scrape 200 RSS feeds, then scrape them again unchanged (conditional GET): the second pass's time as a
//    fraction of the first.
import fs from "node:fs";
import { openBenchDatabase } from "./bench-database";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dereg-bench-"));
const db = await openBenchDatabase(path.join(dir, "app.db"), { env: { ALLOW_PRIVATE_NETWORKS: "true" } });
const { t } = await import("~/db.server");
const { backfillSources, scrapeSources } = await import("~/ingest/scrape.server");
const { federalRegisterRoute, generateDocuments } = await import("../support/federal-register-api");
const { readFixture, startServer } = await import("../support/http-server");

const DOCUMENTS = 100_000;
const FEEDS = 200;
const DAYS = 100;

const sample = JSON.parse(fs.readFileSync("scripts/demo/federal-register-2025-sample.json", "utf8")).results as { title: string; abstract?: string | null }[];
const today = new Date().toISOString().slice(0, 10);
const docs = generateDocuments({ days: DAYS, perDay: DOCUMENTS / DAYS, lastDay: today, samples: sample, prefix: "B" });
const feedTemplate = readFixture("sec-press-releases.rss").toString("utf8");

const server = await startServer({
  "/api/v1/documents.json": federalRegisterRoute(docs),
  "/feed": (req, res) => {
    const n = new URL(req.url!, "http://x").searchParams.get("n");
    const etag = `"feed-${n}"`;
    if (req.headers["if-none-match"] === etag) return void res.writeHead(304).end();
    // Each feed has its own items (distinct links), as 200 different sites would.
    const body = feedTemplate.replaceAll("https://www.sec.gov/newsroom/", `https://feed${n}.example.gov/newsroom/`);
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8", etag }).end(body);
  },
});

db()
  .insert(t.sources)
  .values({
    name: "Federal Register (stand-in)",
    url: `${server.origin}/api/v1/documents.json?order=newest&per_page=100`,
    type: "federal-register-api",
    category: "government",
  })
  .run();
let started = performance.now();
const backfill = await backfillSources({ daysBack: DAYS });
const backfillSeconds = (performance.now() - started) / 1000;
const fr = backfill.sources[0];
console.log(
  `Backfill: ${fr.new.toLocaleString()} new of ${fr.fetched.toLocaleString()} documents in ${backfillSeconds.toFixed(1)} s ` +
    `(${Math.round(fr.new / backfillSeconds).toLocaleString()} documents/s, ${fr.pages} pages)${fr.error ? `; error: ${fr.error}` : ""}`,
);

db().update(t.sources).set({ isActive: false }).run();
db()
  .insert(t.sources)
  .values(Array.from({ length: FEEDS }, (_, n) => ({ name: `Feed ${n}`, url: `${server.origin}/feed?n=${n}`, type: "rss", category: "news" })))
  .run();
started = performance.now();
const first = await scrapeSources();
const firstMs = performance.now() - started;
started = performance.now();
const second = await scrapeSources();
const secondMs = performance.now() - started;
console.log(`First scrape of ${FEEDS} feeds: ${firstMs.toFixed(0)} ms (${first.totals.new} new, ${first.totals.failed} failed)`);
console.log(
  `Re-scrape of ${FEEDS} unchanged feeds: ${secondMs.toFixed(0)} ms (${second.sources.filter((s) => s.notModified).length} answered 304) = ` +
    `${((secondMs / firstMs) * 100).toFixed(1)}% of the first scrape`,
);

await server.close();
fs.rmSync(dir, { recursive: true, force: true });
