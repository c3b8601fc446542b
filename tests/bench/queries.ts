// `npm run bench:queries [-- --count 100000] [--runs 15]`: the feed loader's reads on a large corpus, the
// plain plan (every match looked up and sorted, an exact count) side by side with the feed's plan (counts in
// the full-text index or capped, pages walked down the date index, each article probed in the full-text index
// for the first pages of broad terms), and related articles for a 12-card page
// read from the stored lists against the indexed search. Every fast answer is checked against the plain one.
import fs from "node:fs";
import { openBenchDatabase } from "./bench-database";
import path from "node:path";
import { parseArgs } from "node:util";
import { BENCH_DIR, ensureCorpus } from "./corpus";

const { values } = parseArgs({
  options: { count: { type: "string", default: "100000" }, runs: { type: "string", default: "15" } },
});
const count = Number(values.count);
const runs = Number(values.runs);
// A working copy: filling the stored related lists writes to it.
const file = path.join(BENCH_DIR, `queries-${count}.db`);
if (!fs.existsSync(file)) fs.copyFileSync(ensureCorpus({ count }), file);

const db = await openBenchDatabase(file, { outboxDir: path.join(BENCH_DIR, "outbox") });
const queries = await import("~/feed/queries.server");
const { PAGE_SIZE } = await import("~/articles/vocabulary");
const { relatedArticlesBruteForce } = await import("../support/reference-related");
const { countArticlesPlain, listArticlesPlain } = await import("../support/reference-queries");
const { relatedArticles } = await import("~/related/pages.server");
const { searchRelated } = await import("~/related/store/search.server");
const { refreshRelatedLists } = await import("~/related/store/lists.server");
const { insertArticle } = await import("~/ingest/insert.server");
type ArticleFilters = import("~/feed/filters").ArticleFilters;

db().$client.pragma("optimize");

/** Median CPU milliseconds of `run` (SQLite runs in this thread), so other processes do not skew it. */
async function medianCpuMs(run: () => unknown) {
  const times: number[] = [];
  await run();
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    await run();
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** The feed page as it was read before: an exact count joining every match, then the plain plan. */
async function plainFeedPage(filters: ArticleFilters, page: number) {
  const total = await countArticlesPlain(filters);
  const articles = await listArticlesPlain(filters, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return { total, ids: articles.map((a) => a.id) };
}

async function fastFeedPage(filters: ArticleFilters, page: number) {
  const result = await queries.feedPage(filters, page, PAGE_SIZE);
  return { total: result.total, capped: result.totalCapped, page: result.page, ids: result.articles.map((a) => a.id) };
}

const all = { timeframe: "all" } as const;
const total = await countArticlesPlain(all);
const lastPage = Math.ceil(total / PAGE_SIZE);
const cases: { name: string; filters: ArticleFilters; page: number }[] = [
  { name: "browse, page 1", filters: all, page: 1 },
  { name: `browse, page ${Math.ceil(lastPage / 2)}`, filters: all, page: Math.ceil(lastPage / 2) },
  { name: `browse, last page (${lastPage})`, filters: all, page: lastPage },
  { name: 'narrow "noncompete", page 1', filters: { ...all, search: "noncompete" }, page: 1 },
  { name: 'narrow "emission standards", page 1', filters: { ...all, search: "emission standards" }, page: 1 },
  { name: 'narrow "noncompete", page 40', filters: { ...all, search: "noncompete" }, page: 40 },
  { name: 'broad "rule", page 1', filters: { ...all, search: "rule" }, page: 1 },
  { name: 'broad "court", page 1', filters: { ...all, search: "court" }, page: 1 },
  { name: 'broad "rule", page 2', filters: { ...all, search: "rule" }, page: 2 },
  { name: 'broad "rule", page 10', filters: { ...all, search: "rule" }, page: 10 },
  { name: 'broad "rule", page 200', filters: { ...all, search: "rule" }, page: 200 },
  { name: 'broad "federal rule", page 1', filters: { ...all, search: "federal rule" }, page: 1 },
  { name: 'one letter "r" (kept as a prefix), page 1', filters: { ...all, search: "r" }, page: 1 },
  { name: 'broad "court", page 2000', filters: { ...all, search: "court" }, page: 2000 },
  { name: 'broad "rule" + category, page 1', filters: { ...all, search: "rule", category: "regulatory-rollbacks" }, page: 1 },
  { name: 'narrow "noncompete" + this month, page 1', filters: { ...all, search: "noncompete", timeframe: "month" }, page: 1 },
];

console.log(`corpus: ${file} (${total.toLocaleString("en-US")} articles), median CPU ms of ${runs} runs`);
console.log("| read | plain (before) | feed (after) | matches | page plan | same page |");
console.log("| --- | ---: | ---: | ---: | --- | --- |");
let mismatches = 0;
for (const c of cases) {
  const plain = await plainFeedPage(c.filters, c.page);
  const fast = await fastFeedPage(c.filters, c.page);
  const samePage = fast.page === c.page && JSON.stringify(fast.ids) === JSON.stringify(plain.ids);
  const sameTotal = fast.capped ? plain.total > fast.total : plain.total === fast.total;
  if (!samePage || !sameTotal) mismatches++;
  const before = await medianCpuMs(() => plainFeedPage(c.filters, c.page));
  const after = await medianCpuMs(() => fastFeedPage(c.filters, c.page));
  const shown = fast.capped ? `${fast.total.toLocaleString("en-US")}+ (${plain.total.toLocaleString("en-US")})` : fast.total.toLocaleString("en-US");
  const plan = await queries.searchPlan(c.filters, c.page * PAGE_SIZE, { matches: fast.capped ? fast.total + 1 : fast.total, capped: fast.capped });
  console.log(`| ${c.name} | ${before.toFixed(2)} | ${after.toFixed(2)} | ${shown} | ${plan} | ${samePage && sameTotal ? "yes" : "NO"} |`);
}

const explain = (label: string, sqlText: string, ...params: unknown[]) => {
  const plan = db()
    .$client.prepare(`EXPLAIN QUERY PLAN ${sqlText}`)
    .all(...params) as { detail: string }[];
  console.log(`\n${label}:\n${plan.map((row) => `  ${row.detail}`).join("\n")}`);
};
const page = `ORDER BY publish_date DESC, id DESC LIMIT ${PAGE_SIZE}`;
explain("plain search page", `SELECT id FROM articles WHERE id IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH ?) ${page}`, '"rule"*');
explain("walked search page", `SELECT id FROM articles WHERE +id IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH ?) ${page}`, '"rule"*');
explain(
  "probed search page",
  `SELECT id FROM articles a WHERE EXISTS (SELECT 1 FROM articles_fts WHERE articles_fts MATCH ? AND rowid = a.id) ${page}`,
  '("rule" OR "rulemaking" OR "rules")',
);
explain(
  "walked search page with a category",
  `SELECT id FROM articles WHERE category = ? AND +id IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH ?) ${page}`,
  "regulatory-rollbacks",
  '"rule"*',
);

// Related articles for 12-card pages: the indexed search the page ran per request before (its per-connection
// cache emptied first, as after any change of an article), against reading the stored lists.
console.log("\n| related for a 12-card page | search per request (before) | stored lists (after) | same as brute force |");
console.log("| --- | ---: | ---: | --- |");
const forgetCachedAnswers = () => db().$client.prepare("UPDATE article_revision SET revision = revision + 1").run();
const relatedPages = [1, 2, Math.ceil(lastPage / 2), lastPage];
for (const page of relatedPages) {
  const ids = (await listArticlesPlain(all, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE })).map((a) => a.id);
  const stored = await relatedArticles(ids); // the first read computes and stores the page's missing lists
  const same = JSON.stringify(stored) === JSON.stringify(await relatedArticlesBruteForce(ids));
  if (!same) mismatches++;
  const before = await medianCpuMs(() => {
    forgetCachedAnswers();
    return searchRelated(ids, 3);
  });
  const after = await medianCpuMs(() => relatedArticles(ids));
  console.log(`| feed page ${page} | ${before.toFixed(2)} | ${after.toFixed(2)} | ${same ? "yes" : "NO"} |`);
}

// What the runner pays: filling missing lists (after the migration), and offering new articles to the others.
const cpuSeconds = async (run: () => Promise<void>) => {
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
};
let filled = 0;
const fillSeconds = await cpuSeconds(async () => {
  while (filled < 1000) {
    const done = (await refreshRelatedLists(0)).filled;
    if (!done) break;
    filled += done;
  }
});
console.log(`\nfilling missing lists: ${filled} in ${fillSeconds.toFixed(1)} s CPU (${((fillSeconds * 1000) / filled).toFixed(1)} ms per list)`);
const newcomers: (number | undefined)[] = [];
for (const [i, a] of (await listArticlesPlain(all, { limit: 20 })).entries()) {
  const outcome = await insertArticle({
    title: a.title,
    summary: a.summary,
    sourceId: a.sourceId,
    sourceName: a.sourceName,
    originalUrl: `${a.originalUrl}/bench-copy-${Date.now()}-${i}`,
    publishDate: new Date(Date.parse(a.publishDate) + 1000),
  });
  newcomers.push(outcome.status === "inserted" ? outcome.id : undefined);
}
let offered = 0;
const offerSeconds = await cpuSeconds(async () => {
  for (;;) {
    const done = await refreshRelatedLists(0);
    offered += done.offered;
    if (!done.offered) break;
  }
});
console.log(
  `offering ${offered} new articles (copies of the newest) to the stored lists: ${offerSeconds.toFixed(2)} s CPU (${((offerSeconds * 1000) / Math.max(1, offered)).toFixed(0)} ms per article)`,
);
const firstPage = (await listArticlesPlain(all, { limit: PAGE_SIZE })).map((a) => a.id);
const sameAfterWrites = JSON.stringify(await relatedArticles(firstPage)) === JSON.stringify(await relatedArticlesBruteForce(firstPage));
console.log(`page 1 after the new articles: ${sameAfterWrites ? "same as brute force" : "DIFFERENT from brute force"}`);
if (!sameAfterWrites) mismatches++;
// The copies are removed again, so the next run reads the same corpus.
db()
  .$client.prepare("DELETE FROM articles WHERE id IN (SELECT value FROM json_each(?))")
  .run(JSON.stringify(newcomers.filter(Boolean)));

if (mismatches) {
  console.error(`${mismatches} read(s) differ from the plain plan`);
  process.exit(1);
}
