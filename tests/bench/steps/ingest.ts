// The ingest rate: articles per second through insertArticle (classification, dedup, tags, FTS triggers),
// as measured while the corpus builder filled the large corpus.
import type { BenchStep } from "../types";

export const ingestStep: BenchStep = {
  name: "ingest",
  async run({ corpusReport }) {
    if (!corpusReport) return { figures: { ingest: "the corpus report is missing (corpus built by an older version)" } };
    return {
      figures: {
        ingest: {
          articles: corpusReport.inserted,
          seconds: Number(corpusReport.seconds.toFixed(1)),
          articlesPerSecond: Math.round(corpusReport.inserted / corpusReport.seconds),
        },
      },
    };
  },
};
