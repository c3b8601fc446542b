// `npx tsx tests/bench/related-fill.ts [--db corpus.db] [--seconds N] [--check N] [--out filled.db]`: how fast the job runner fills
// the stored related lists after a bulk load. Copies the corpus (never written in place), then runs the runner's
// refresh in its usual half-second slices until every article has a list or the time is up, printing lists per
// second (wall and CPU) as it goes; --check compares N stored lists, spread over the corpus, with brute force;
// --out keeps the filled copy (and its figures as `<out>.json`): what `npm run bench` serves, as the runner leaves it,
// or as far as it got when the time ran out (its figures say `complete: false`; the newest lists are filled first).
import fs from "node:fs";
import { openBenchDatabase } from "./bench-database";
import { corpusCachePath } from "./corpus";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: corpusCachePath({ count: 100_000 }) },
    seconds: { type: "string", default: "3600" },
    check: { type: "string", default: "0" },
    out: { type: "string" },
  },
});
const source = path.resolve(values.db);
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "related-fill-")), "corpus.db");
fs.copyFileSync(source, file);

const db = await openBenchDatabase(file);
const { refreshRelatedLists } = await import("~/related/store/lists.server");
const { relatedArticlesBruteForce } = await import("../support/reference-related");

const count = (table: string) => db().$client.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
const articles = count("articles");
console.log(`corpus: ${source} (${articles.toLocaleString("en-US")} articles, ${count("related_lists")} lists stored)`);

const budget = Number(values.seconds) * 1000;
const started = performance.now();
const cpuStart = process.cpuUsage();
let lastReport = started;
let filled = 0;
let figures: Record<string, number | boolean> = {};
for (;;) {
  const round = await refreshRelatedLists(500);
  filled += round.filled;
  const now = performance.now();
  const done = count("related_lists") >= articles;
  if (done || now - lastReport > 10_000 || now - started > budget) {
    lastReport = now;
    const cpu = process.cpuUsage(cpuStart);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    console.log(
      `${((now - started) / 1000).toFixed(1)} s: ${filled.toLocaleString("en-US")} lists filled, ` +
        `${(filled / ((now - started) / 1000)).toFixed(0)} lists/s wall, ${(filled / (cpuMs / 1000)).toFixed(0)} lists/s CPU, ` +
        `${(cpuMs / Math.max(filled, 1)).toFixed(2)} CPU ms per list`,
    );
  }
  if (done || now - started > budget) {
    const cpu = process.cpuUsage(cpuStart);
    figures = { articles, filled, complete: done, wallSeconds: (now - started) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
    break;
  }
}

const checks = Number(values.check);
if (checks) {
  const stored = db().$client.prepare("SELECT article_id, related_id, score FROM related_list_entries ORDER BY article_id, rank").all() as {
    article_id: number;
    related_id: number;
    score: number;
  }[];
  const ids = (db().$client.prepare("SELECT article_id FROM related_lists ORDER BY article_id").pluck().all() as number[]).filter(
    (_, i, all) => i % Math.max(1, Math.floor(all.length / checks)) === 0,
  );
  const byList = new Map<number, [number, number][]>(ids.map((id) => [id, []]));
  for (const row of stored) byList.get(row.article_id)?.push([row.related_id, row.score]);
  const brute = await relatedArticlesBruteForce(ids);
  const wrong = ids.filter((id) => JSON.stringify(byList.get(id)) !== JSON.stringify(brute[id].map((r) => [r.id, r.score])));
  console.log(`checked ${ids.length} stored lists against brute force: ${wrong.length} differ${wrong.length ? ` (${wrong.slice(0, 5).join(", ")})` : ""}`);
  if (wrong.length) process.exitCode = 1;
}
if (values.out) {
  db().$client.pragma("wal_checkpoint(TRUNCATE)");
  db().$client.close();
  fs.copyFileSync(file, path.resolve(values.out));
  fs.writeFileSync(`${path.resolve(values.out)}.json`, JSON.stringify(figures, null, 2));
  console.log(`kept the filled corpus as ${values.out}`);
}
fs.rmSync(path.dirname(file), { recursive: true, force: true });
