// `npm run bench:related [-- --db path.db] [--count 100000]`: related articles for 12-card feed pages on a
// large database: the indexed search (which fills the stored lists) and the page's read of the stored lists,
// against the brute-force scorer, which must give identical answers.
//
// Without --db it builds (once, cached under tests/.tmp/bench/) a corpus from the Federal Register sample:
// every document repeated with distinct numbers and URLs, dates a week earlier per round, a share of the
// abstract's words dropped and the source spread over 21 names, written through the product's insert path.
import fs from "node:fs";
import { openBenchDatabase } from "./bench-database";
import path from "node:path";
import { parseArgs } from "node:util";
import { seededRandom } from "../support/seeded-random";

const { values } = parseArgs({
  options: { db: { type: "string" }, count: { type: "string", default: "100000" }, runs: { type: "string", default: "15" } },
});
const count = Number(values.count);
const runs = Number(values.runs);
const file = path.resolve(values.db ?? `tests/.tmp/bench/related-${count}.db`);
const fresh = !fs.existsSync(file);

const db = await openBenchDatabase(file);
const { insertArticles } = await import("~/ingest/insert.server");
const { articleTotal } = await import("~/articles/store/reads.server");
type NewArticle = import("~/articles/new-article").NewArticle;
const { federalRegisterArticle } = await import("~/ingest/federal-register");
const { DEMO_FILE } = await import("../../scripts/demo");
const { listArticles } = await import("~/feed/queries.server");
const { relatedArticles, RELATED_LIMIT } = await import("~/related/pages.server");
const { searchRelated } = await import("~/related/store/search.server");
const { relatedArticlesBruteForce, searchRelatedBruteForce } = await import("../support/reference-related");
const { refreshRelatedLists } = await import("~/related/store/lists.server");
const { PAGE_SIZE } = await import("~/articles/vocabulary");

async function buildCorpus() {
  const docs = JSON.parse(fs.readFileSync(DEMO_FILE, "utf8")).results as Parameters<typeof federalRegisterArticle>[0][];
  const sources = Array.from({ length: 21 }, (_, i) => `Bench source ${i + 1}`);
  const random = seededRandom(42);
  const week = 7 * 86_400_000;
  let inserted = 0;
  for (let round = 0; inserted < count; round++) {
    const batch: NewArticle[] = [];
    for (const [i, doc] of docs.entries()) {
      if (inserted + batch.length >= count) break;
      {
        const sourceName = sources[(i * 7 + round) % sources.length];
        const base = federalRegisterArticle(doc, { id: null, name: sourceName, category: "government" });
        const summary = round
          ? base.summary
              .split(" ")
              .filter(() => random() > 0.2)
              .join(" ")
          : base.summary;
        batch.push({
          ...base,
          summary,
          originalUrl: `${base.originalUrl}/r${round}`,
          documentNumber: `${doc.document_number}-r${round}`,
          publishDate: new Date(base.publishDate.getTime() - round * week),
        });
      }
    }
    for (const outcome of await insertArticles(batch)) if (outcome.status === "inserted") inserted++;
    process.stdout.write(`\rbuilding corpus: ${inserted.toLocaleString("en-US")} articles`);
  }
  process.stdout.write("\n");
}

if (fresh) await buildCorpus();
// A corpus loaded in bulk has every article pending: the runner's first refresh drops them (and any list) at
// once rather than offering each; the pages below then compute and store their own lists on first read.
await refreshRelatedLists(0);
db().$client.pragma("optimize");
const total = await articleTotal();
console.log(`corpus: ${file} (${total.toLocaleString("en-US")} articles)`);

/** Feed pages to time: the first, and pages spread through the whole feed. */
const pageCount = Math.ceil(total / PAGE_SIZE);
const pages = [1, 2, Math.ceil(pageCount / 4), Math.ceil(pageCount / 2), Math.ceil((3 * pageCount) / 4), pageCount];
const pageIds: number[][] = [];
for (const page of pages) pageIds.push((await listArticles({ timeframe: "all" }, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE })).map((a) => a.id));

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Moves the article revision as any change of an article does, so the next search starts with an empty cache. */
const forgetCachedAnswers = () => db().$client.prepare("UPDATE article_revision SET revision = revision + 1").run();

const coldTimes: number[] = [];
const warmTimes: number[] = [];
const bruteTimes: number[] = [];
let mismatches = 0;
const differ = (page: number, what: string, fast: unknown, brute: unknown) => {
  if (JSON.stringify(fast) === JSON.stringify(brute)) return;
  mismatches++;
  console.error(`page ${page}: ${what} and the brute-force scorer disagree`);
  console.error(JSON.stringify({ fast, brute }, null, 1).slice(0, 4000));
};
for (const [index, ids] of pageIds.entries()) {
  const brute = await timed(() => relatedArticlesBruteForce(ids));
  bruteTimes.push(brute.ms);
  const bruteRanked = await searchRelatedBruteForce(ids, RELATED_LIMIT);
  for (let run = 0; run < runs; run++) {
    forgetCachedAnswers();
    const cold = await timed(() => searchRelated(ids, RELATED_LIMIT));
    coldTimes.push(cold.ms);
    const stored = await timed(() => relatedArticles(ids));
    if (run > 0) warmTimes.push(stored.ms); // the first read stores the page's lists
    if (run === 0) differ(pages[index], "the indexed search", Object.fromEntries(cold.value), Object.fromEntries(bruteRanked));
    if (run === 1) differ(pages[index], "the stored lists", stored.value, brute.value);
  }
}

const coldMedian = median(coldTimes);
const bruteMedian = median(bruteTimes);
console.log(`related articles for a ${PAGE_SIZE}-card page, ${pages.length} pages (${pages.join(", ")}):`);
console.log(
  `  indexed search: median ${coldMedian.toFixed(1)} ms (${coldTimes.length} runs with the cache emptied first, max ${Math.max(...coldTimes).toFixed(1)} ms)`,
);
console.log(`  stored lists:   median ${median(warmTimes).toFixed(2)} ms (what a page reads once its articles' lists are stored)`);
console.log(`  brute force:    median ${bruteMedian.toFixed(1)} ms (${bruteTimes.length} runs)`);
console.log(`  ratio:          ${(bruteMedian / coldMedian).toFixed(1)}x faster`);
console.log(`  identical results: ${mismatches ? `NO (${mismatches} page(s) differ)` : "yes"}`);
if (mismatches) process.exit(1);
