// Benchmark corpora: a database of N articles written through the product's own insert path
// (classification, dedup, tags index, FTS triggers), cached under tests/.tmp/bench/.
//
//   npm run bench:corpus -- --count 100000 [--from file.json] [--out path.db]
//   npm run bench:corpus -- --count 10000 --postgres postgres://... --report ingest.json
//
// With --postgres, the articles go through the same insert path into that (empty) PostgreSQL database instead,
// uncached: what the bench's ingest step measures on PostgreSQL; --report keeps the figures.
//
// Without --from, articles come from a deterministic generator; with it, the Federal Register-shaped
// file's documents are repeated (distinct document numbers and URLs, dates moved back a week per round).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { GENERATOR_VERSION } from "./generator";

export const BENCH_DIR = path.resolve("tests/.tmp/bench");

export type CorpusOptions = { count: number; from?: string };

/** Migrations change what the insert path writes, so a corpus is only reused under the same set. */
function schemaVersion() {
  const journal = JSON.parse(fs.readFileSync(path.resolve("db/migrations/meta/_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

export function corpusCachePath({ count, from }: CorpusOptions) {
  const origin = from ? path.basename(from, ".json") : `generated-g${GENERATOR_VERSION}`;
  return path.join(BENCH_DIR, `corpus-${origin}-${count}-m${schemaVersion()}.db`);
}

/** The cached corpus for these options, built first (in a child process, so it gets its own DB handle) if missing. */
export function ensureCorpus(options: CorpusOptions): string {
  const file = corpusCachePath(options);
  if (fs.existsSync(file)) return file;
  const args = ["tests/bench/corpus.ts", "--count", String(options.count), ...(options.from ? ["--from", options.from] : [])];
  const result = spawnSync(path.resolve("node_modules/.bin/tsx"), args, { stdio: "inherit" });
  if (result.status !== 0 || !fs.existsSync(file)) throw new Error(`Building the ${options.count}-article corpus failed`);
  return file;
}

export type FillReport = { articles: number; filled: number; complete: boolean; wallSeconds: number; cpuSeconds: number };

/**
 * The corpus as the job runner leaves it once it has filled every related list after the bulk load (what a
 * reader meets in production), built first if missing by tests/bench/related-fill.ts, which also times the fill.
 * `budgetSeconds` bounds the fill (default: an hour); past it the corpus is kept as far as the fill got, newest
 * lists first, and the report says it is not complete.
 */
export function ensureFilledCorpus(corpus: string, budgetSeconds = 3600): { file: string; report: FillReport } {
  const file = corpus.replace(/\.db$/, ".filled.db");
  if (!fs.existsSync(file)) {
    console.log(`Filling every related list of ${path.basename(corpus)}, as the job runner does after a bulk load...`);
    const args = ["tests/bench/related-fill.ts", "--db", corpus, "--out", file, "--seconds", String(budgetSeconds)];
    const result = spawnSync(path.resolve("node_modules/.bin/tsx"), args, { stdio: "inherit" });
    if (result.status !== 0 || !fs.existsSync(file)) throw new Error(`Filling the related lists of ${corpus} failed`);
  }
  return { file, report: JSON.parse(fs.readFileSync(`${file}.json`, "utf8")) as FillReport };
}

function parseArgs(argv: string[]) {
  const options: CorpusOptions & { out?: string; postgres?: string; report?: string } = { count: 100_000 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === "--count") options.count = Number(value);
    else if (flag === "--from") options.from = path.resolve(value);
    else if (flag === "--out") options.out = path.resolve(value);
    else if (flag === "--postgres") options.postgres = value;
    else if (flag === "--report") options.report = path.resolve(value);
    else throw new Error(`Unknown option ${flag}. Usage: --count N [--from file.json] [--out path.db | --postgres url --report file.json]`);
    i++;
  }
  if (!Number.isSafeInteger(options.count) || options.count < 1) throw new Error("--count must be a positive integer");
  return options;
}

/** Writes the corpus into the fresh database DATABASE_URL names (a SQLite file, or an empty PostgreSQL database). */
async function writeCorpus(options: CorpusOptions) {
  const { all, closeDatabase, db, engine, t } = await import("~/db.server");
  const { migrate } = await import("~/schema-store.server");
  const { seedDefaultSources } = await import("../../scripts/seed");
  const { insertArticles } = await import("~/ingest/insert.server");
  const { federalRegisterArticle } = await import("~/ingest/federal-register");
  const { generatedArticle, repeatedDocument } = await import("./generator");

  await migrate();
  await seedDefaultSources();
  // A throwaway file being filled in bulk: durability per transaction buys nothing here. (The bench's PostgreSQL
  // cluster runs without fsync already: tests/support/postgres.ts.)
  if (engine() === "sqlite") db().$client.pragma("synchronous = OFF");
  const sources = await all(db().select({ id: t.sources.id, name: t.sources.name, category: t.sources.category }).from(t.sources));

  const documents = options.from ? ((JSON.parse(fs.readFileSync(options.from, "utf8")) as { results?: [] }).results ?? []) : [];
  if (options.from && documents.length === 0) throw new Error(`${options.from} holds no results[]`);
  const frSource = { id: sources[0]?.id ?? null, name: sources[0]?.name ?? "Federal Register", category: "government" };
  const newest = new Date();
  const articleAt = (i: number) =>
    options.from
      ? federalRegisterArticle(repeatedDocument(documents[i % documents.length], Math.floor(i / documents.length)), frSource)
      : generatedArticle(i, options.count, newest, sources);

  const counts = { inserted: 0, duplicate: 0, deleted: 0, published: 0, "invalid-url": 0 };
  const started = performance.now();
  const BATCH = 2_000;
  for (let start = 0; start < options.count; start += BATCH) {
    const batch = Array.from({ length: Math.min(options.count, start + BATCH) - start }, (_, i) => articleAt(start + i));
    for (const outcome of await insertArticles(batch)) counts[outcome.status]++;
    if ((start / BATCH) % 10 === 0)
      process.stdout.write(`  ${Math.min(options.count, start + BATCH).toLocaleString("en-US")} / ${options.count.toLocaleString("en-US")}\r`);
  }
  const seconds = (performance.now() - started) / 1000;
  // The agenda's edition of the generated RINs, loaded as an edition is: the articles citing them get their
  // official designation (app/designations/store.server.ts), which the ledger counts.
  if (!options.from) {
    const { saveAgendaBatch } = await import("~/agenda/store.server");
    const { writeDesignationsCiting } = await import("~/designations/store.server");
    const { benchAgendaEntries } = await import("./generator");
    const entries = benchAgendaEntries();
    for (let start = 0; start < entries.length; start += 500) await saveAgendaBatch(entries.slice(start, start + 500), new Date(), writeDesignationsCiting);
  }
  // As the job runner's first refresh after a bulk load does: every article was pending for the stored related
  // lists; they are dropped at once, and pages compute and store their lists on first read.
  // A PostgreSQL corpus is only timed, then dropped: no reader will meet its lists.
  if (engine() === "sqlite") {
    const { refreshRelatedLists } = await import("~/related/store/lists.server");
    await refreshRelatedLists(0);
    db().$client.pragma("wal_checkpoint(TRUNCATE)");
  }
  await closeDatabase();
  return { ...counts, seconds };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.postgres) {
    process.env.DATABASE_URL = options.postgres;
    process.env.SESSION_SECRET ??= "bench-corpus-session-secret-32-characters";
    console.log(`Writing ${options.count.toLocaleString("en-US")} articles into PostgreSQL (${options.from ?? "generated"})...`);
    const report = await writeCorpus(options);
    if (options.report) fs.writeFileSync(options.report, JSON.stringify({ ...options, postgres: undefined, ...report }, null, 2));
    console.log(`Inserted ${report.inserted.toLocaleString("en-US")} articles in ${report.seconds.toFixed(1)} s through insertArticle.`);
    return;
  }
  const cache = corpusCachePath(options);
  if (!fs.existsSync(cache)) {
    fs.mkdirSync(BENCH_DIR, { recursive: true });
    const partial = `${cache}.partial`;
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(partial + suffix, { force: true });
    process.env.DATABASE_URL = partial;
    process.env.SESSION_SECRET ??= "bench-corpus-session-secret-32-characters";
    console.log(`Building a corpus of ${options.count.toLocaleString("en-US")} articles (${options.from ?? "generated"})...`);
    const report = await writeCorpus(options);
    fs.renameSync(partial, cache);
    fs.writeFileSync(`${cache}.json`, JSON.stringify({ ...options, ...report }, null, 2));
    console.log(
      `Inserted ${report.inserted.toLocaleString("en-US")} articles (${report.duplicate} duplicates) in ${report.seconds.toFixed(1)} s: ` +
        `${Math.round(report.inserted / report.seconds).toLocaleString("en-US")} articles/s through insertArticle.`,
    );
  } else {
    console.log(`Using the cached corpus ${path.relative(process.cwd(), cache)}`);
  }
  if (options.out && options.out !== cache) {
    fs.mkdirSync(path.dirname(options.out), { recursive: true });
    fs.copyFileSync(cache, options.out);
    console.log(`Copied to ${options.out}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    // The whole error: the stack says which store call failed.
    console.error(error);
    process.exit(1);
  });
}
