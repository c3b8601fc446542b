// The ingest rate: articles per second through insertArticle (classification, dedup, tags, the full-text index),
// as measured while the corpus builder filled the large corpus. On PostgreSQL the corpus builder writes the same
// articles again into an empty database of the bench's server (BENCH_INGEST_COUNT of them; default: the bench's
// count), since the PostgreSQL corpora are copies, not ingested.
import fs from "node:fs";
import path from "node:path";
import { createTestDatabase } from "../../support/postgres";
import { runToEnd } from "../child-process";
import { BENCH_DIR } from "../corpus";
import type { BenchContext, BenchStep } from "../types";

type CorpusReport = { inserted: number; seconds: number };

const figures = (report: CorpusReport) => ({
  articles: report.inserted,
  seconds: Number(report.seconds.toFixed(1)),
  articlesPerSecond: Math.round(report.inserted / report.seconds),
});

async function postgresIngest(context: BenchContext): Promise<CorpusReport> {
  const count = Number(process.env.BENCH_INGEST_COUNT ?? context.options.count);
  const database = await createTestDatabase(context.postgresUrl!, "bench_ingest");
  const reportFile = path.join(BENCH_DIR, "ingest-postgres.json");
  fs.rmSync(reportFile, { force: true });
  try {
    const args = ["tests/bench/corpus.ts", "--count", String(count), "--postgres", database.url, "--report", reportFile];
    if (context.options.from) args.push("--from", context.options.from);
    const run = await runToEnd(path.resolve("node_modules/.bin/tsx"), args);
    if (run.status !== 0 || !fs.existsSync(reportFile)) throw new Error(`the corpus builder failed on PostgreSQL (exit ${run.status})`);
    return JSON.parse(fs.readFileSync(reportFile, "utf8")) as CorpusReport;
  } finally {
    await database.drop();
  }
}

export const ingestStep: BenchStep = {
  name: "ingest",
  async run(context) {
    if (context.engine === "postgres") return { figures: { ingest: figures(await postgresIngest(context)) } };
    const { corpusReport } = context;
    if (!corpusReport) return { figures: { ingest: "the corpus report is missing (corpus built by an older version)" } };
    return { figures: { ingest: figures(corpusReport) } };
  },
};
