// `npx tsx tests/bench/related-list-cost.ts --db corpus.db [--lists 2000] [--check 100]`: what one list of the bulk
// fill costs (`RelatedFillIndex.listOf`, app/related/fill.server.ts) on a corpus, without the database writes of
// tests/bench/related-fill.ts: the index is read once, then `--lists` lists spread over the corpus are found twice
// (the second round is the figure: the first warms the code), and `--check` of them compared with brute force.
// It also prints how common the target's features are: what a list's cost grows with.
import Database from "better-sqlite3";
import path from "node:path";
import { parseArgs } from "node:util";
import { RelatedFillIndex } from "~/related/fill.server";
import { byRank, FEATURE_COLUMNS, RELATED_LIMIT, relatedScore, toFeatures, type FeatureRow } from "~/related/score";

const { values } = parseArgs({ options: { db: { type: "string" }, lists: { type: "string", default: "2000" }, check: { type: "string", default: "100" } } });
if (!values.db) throw new Error("Usage: --db corpus.db [--lists N] [--check N]");
const file = path.resolve(values.db);
// The order of allFeatureRows (app/related/store/search.server.ts): newest first.
const rows = new Database(file, { readonly: true })
  .prepare(`SELECT ${FEATURE_COLUMNS} FROM articles ORDER BY publish_date DESC, id DESC`)
  .all() as FeatureRow[];

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
let since = process.cpuUsage();
const index = RelatedFillIndex.fromRows(0, rows);
console.log(`${file}: ${index.size.toLocaleString("en-US")} articles, index read in ${cpuMs(since).toFixed(0)} ms of CPU`);

const every = rows.map(toFeatures);
const step = Math.max(1, Math.floor(index.size / Number(values.lists)));
const targets = every.filter((_, i) => i % step === 0);
let ms = 0;
for (let round = 0; round < 2; round++) {
  since = process.cpuUsage();
  for (const target of targets) index.listOf(index.position(target.id), RELATED_LIMIT);
  ms = cpuMs(since) / targets.length;
}

// How common the targets' features are: each feature's articles, counted once per target.
const frequency = new Map<string, number>();
const keys = (a: (typeof every)[number]) => [
  `c:${a.category}`,
  `s:${a.sourceName}`,
  `p:${a.priority}`,
  ...[...a.tags].map((t) => `t:${t}`),
  ...[...a.words].map((w) => `w:${w}`),
];
for (const article of every) for (const key of keys(article)) frequency.set(key, (frequency.get(key) ?? 0) + 1);
const common = [...frequency.values()].filter((n) => n > index.size / 50).length;
let features = 0;
let postings = 0;
for (const target of targets) {
  for (const key of keys(target)) {
    features++;
    postings += frequency.get(key)!;
  }
}
console.log(
  `${frequency.size.toLocaleString("en-US")} features, ${common} of them in more than 2 % of the articles; a target has ${(features / targets.length).toFixed(1)} ` +
    `features, whose articles number ${Math.round(postings / targets.length).toLocaleString("en-US")} (counted once per feature)`,
);
console.log(`${targets.length} lists: ${ms.toFixed(3)} ms of CPU a list`);

const checked = targets.filter((_, i) => i % Math.max(1, Math.floor(targets.length / Number(values.check))) === 0);
const differ = checked.filter((target) => {
  const brute = every
    .filter((other) => other.id !== target.id)
    .map((other) => ({ id: other.id, score: relatedScore(target, other), publishDate: other.publishDate }))
    .filter((r) => r.score > 0)
    .sort(byRank)
    .slice(0, RELATED_LIMIT);
  return JSON.stringify(index.listOf(index.position(target.id), RELATED_LIMIT)) !== JSON.stringify(brute);
});
console.log(`checked ${checked.length} lists against brute force: ${differ.length} differ`);
if (differ.length) process.exitCode = 1;
