// `npx tsx tests/bench/related-offers.ts [--count 20000 | --db filled.db] [--offers 70] [--check 300]`: what the
// job runner spends offering newly written articles to the stored related lists (app/related/store/lists.server.ts
// `refreshRelatedLists`), as during ingestion. Builds once (cached under tests/.tmp/bench/) a generated corpus with
// every list filled, or takes --db, a corpus the runner has filled (the bench's `*.filled.db`); then, on a copy,
// writes `--offers` new articles in batches of 10, as a scrape's batches arrive, and after each batch runs the
// runner's refresh in its usual half-second slices until nothing is pending. Prints, per batch, the CPU and wall
// milliseconds and the longest the event loop was held (the longest gap between two runs of a 1 ms timer), and CPU
// milliseconds per offered article after the first batch (in which a fresh process reads its caches); then compares
// the new articles' lists, the lists they entered and `--check` others with the brute-force scorer.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openBenchDatabase } from "./bench-database";
import { generatedArticle } from "./generator";

const { values } = parseArgs({
  options: {
    db: { type: "string" },
    count: { type: "string", default: "20000" },
    offers: { type: "string", default: "70" },
    check: { type: "string", default: "300" },
  },
});
const count = Number(values.count);
const offers = Number(values.offers);
const BATCH = 10;
const cached = path.resolve(values.db ?? `tests/.tmp/bench/related-offers-${count}.db`);
const newest = new Date("2026-11-01T12:00:00Z");

if (!fs.existsSync(cached)) {
  if (values.db) throw new Error(`no corpus at ${cached}`);
  // Built in a child of this script's own kind: the app reads its configuration once, from the first database opened.
  fs.mkdirSync(path.dirname(cached), { recursive: true });
  const building = `${cached}.building`;
  fs.rmSync(building, { force: true });
  const db = await openBenchDatabase(building);
  const { seedDefaultSources } = await import("../../scripts/seed");
  const { insertArticles } = await import("~/ingest/insert.server");
  const { refreshRelatedLists } = await import("~/related/store/lists.server");
  await seedDefaultSources();
  const sources = db().$client.prepare("SELECT id, name, category FROM sources").all() as { id: number; name: string; category: string }[];
  for (let start = 0; start < count; start += 2_000) {
    await insertArticles(
      Array.from({ length: Math.min(count, start + 2_000) - start }, (_, i) => generatedArticle(start + i, count + offers, newest, sources)),
    );
  }
  const listed = () => db().$client.prepare("SELECT count(*) FROM related_lists").pluck().get() as number;
  while (listed() < count) await refreshRelatedLists(500);
  db().$client.pragma("wal_checkpoint(TRUNCATE)");
  db().$client.close();
  fs.renameSync(building, cached);
  console.log(`built ${cached}: ${count} articles, every list filled; run again to measure`);
  process.exit(0);
}

const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "related-offers-")), "corpus.db");
fs.copyFileSync(cached, file);
const db = await openBenchDatabase(file);
const { insertArticles } = await import("~/ingest/insert.server");
const { refreshRelatedLists } = await import("~/related/store/lists.server");
const { relatedArticlesBruteForce } = await import("../support/reference-related");
const sql = db().$client;
const sources = sql.prepare("SELECT id, name, category FROM sources").all() as { id: number; name: string; category: string }[];
const pending = () => sql.prepare("SELECT count(*) FROM related_pending").pluck().get() as number;

// Generated articles past the corpus's own indexes: their dates interleave with the corpus's newest.
const fresh = Array.from({ length: offers }, (_, i) => generatedArticle(count + i, count + offers, newest, sources));
// The longest the event loop went without running a 1 ms timer, per batch: how long the runner's other work (a
// heartbeat, a fetch, the job itself) would wait behind the refresh.
let lastTick = performance.now();
let heldMs = 0;
const ticker = setInterval(() => {
  const now = performance.now();
  heldMs = Math.max(heldMs, now - lastTick);
  lastTick = now;
}, 1);
let cpuMs = 0;
let wallMs = 0;
let offered = 0;
for (let start = 0; start < offers; start += BATCH) {
  await insertArticles(fresh.slice(start, start + BATCH));
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  let batchOffered = 0;
  heldMs = 0;
  while (pending()) {
    // Between two refreshes the runner waits for its next job or poll: the timer runs there.
    await new Promise((resolve) => setTimeout(resolve, 2));
    lastTick = performance.now();
    batchOffered += (await refreshRelatedLists(500)).offered;
    heldMs = Math.max(heldMs, performance.now() - lastTick);
  }
  const batchWall = performance.now() - started;
  const cpu = process.cpuUsage(cpuStart);
  const batchCpu = (cpu.user + cpu.system) / 1000;
  const line = `${batchOffered} offered: ${batchCpu.toFixed(0)} CPU ms, ${batchWall.toFixed(0)} ms wall, event loop held at most ${heldMs.toFixed(0)} ms`;
  // The first batch after the process starts also reads what a fresh process reads (statements, caches, any index).
  if (start === 0) {
    console.log(`first batch: ${line}`);
    continue;
  }
  console.log(`  ${line}`);
  offered += batchOffered;
  wallMs += batchWall;
  cpuMs += batchCpu;
}
console.log(
  `${count.toLocaleString("en-US")} articles, ${offered} offered after the first batch, in batches of ${BATCH}: ` +
    `${(cpuMs / offered).toFixed(1)} CPU ms per article (${(wallMs / offered).toFixed(1)} ms wall)`,
);
clearInterval(ticker);

const newIds = sql.prepare(`SELECT id FROM articles ORDER BY id DESC LIMIT ${offers}`).pluck().all() as number[];
const entered = sql
  .prepare(`SELECT DISTINCT article_id FROM related_list_entries WHERE related_id IN (SELECT value FROM json_each(?))`)
  .pluck()
  .all(JSON.stringify(newIds)) as number[];
const all = sql.prepare("SELECT article_id FROM related_lists ORDER BY article_id").pluck().all() as number[];
const step = Math.max(1, Math.floor(all.length / Number(values.check)));
const ids = [...new Set([...newIds, ...entered, ...all.filter((_, i) => i % step === 0)])];
const stored = new Map<number, [number, number][]>(ids.map((id) => [id, []]));
for (const row of sql.prepare("SELECT article_id, related_id, score FROM related_list_entries ORDER BY article_id, rank").all() as {
  article_id: number;
  related_id: number;
  score: number;
}[])
  stored.get(row.article_id)?.push([row.related_id, row.score]);
const brute = await relatedArticlesBruteForce(ids);
const wrong = ids.filter((id) => JSON.stringify(stored.get(id)) !== JSON.stringify(brute[id].map((r) => [r.id, r.score])));
console.log(`checked ${ids.length} lists (${entered.length} the new articles entered) against brute force: ${wrong.length} differ`);
if (wrong.length) process.exitCode = 1;
fs.rmSync(path.dirname(file), { recursive: true, force: true });
