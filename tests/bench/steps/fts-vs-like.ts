// Full-text search against the naive alternative, on the same data and the same work:
// the feed's count plus its first page, once through FTS5 and once with LIKE '%word%' scans.
// A term found in half the corpus ("court") costs both about the same; selective terms are where FTS wins.
import Database from "better-sqlite3";
import { PAGE_SIZE } from "~/articles/vocabulary";
import { searchTerms, toFtsQuery } from "~/feed/search";
import { percentile } from "../../support/load";
import type { BenchStep } from "../types";

const QUERIES = ["emission standards", "noncompete", "withdraws guidance", "court", "Medicare prior authorization"];
const REPEAT = 7;

/** Median CPU time of `run` (SQLite runs in this thread), so other processes on the machine do not skew it. */
function medianMs(run: () => void) {
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

export const ftsVsLikeStep: BenchStep = {
  name: "fts-vs-like",
  sqliteOnly: "it compares SQLite FTS5 with LIKE on the SQLite file itself",
  async run(context) {
    const sqlite = new Database(context.databases.large, { readonly: true });
    const order = `ORDER BY publish_date DESC, id DESC LIMIT ${PAGE_SIZE}`;
    const ftsFilter = "id IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH ?)";
    const ftsCount = sqlite.prepare(`SELECT count(*) AS n FROM articles WHERE ${ftsFilter}`);
    const ftsPage = sqlite.prepare(`SELECT id, title FROM articles WHERE ${ftsFilter} ${order}`);
    const rows = [];
    let ftsTotal = 0;
    let likeTotal = 0;
    for (const query of QUERIES) {
      const match = toFtsQuery(query)!;
      const words = searchTerms(query);
      // Every word must appear in one of the indexed columns, as with the FTS query.
      const likeFilter = words.map(() => "(title LIKE ? OR summary LIKE ? OR tags LIKE ? OR source_name LIKE ?)").join(" AND ");
      const likeArgs = words.flatMap((word) => Array(4).fill(`%${word}%`));
      const likeCount = sqlite.prepare(`SELECT count(*) AS n FROM articles WHERE ${likeFilter}`);
      const likePage = sqlite.prepare(`SELECT id, title FROM articles WHERE ${likeFilter} ${order}`);
      const fts = medianMs(() => {
        ftsCount.get(match);
        ftsPage.all(match);
      });
      const like = medianMs(() => {
        likeCount.get(...likeArgs);
        likePage.all(...likeArgs);
      });
      ftsTotal += fts;
      likeTotal += like;
      rows.push({
        query,
        ftsMatches: (ftsCount.get(match) as { n: number }).n,
        likeMatches: (likeCount.get(...likeArgs) as { n: number }).n,
        ftsMs: Number(fts.toFixed(2)),
        likeMs: Number(like.toFixed(2)),
        speedup: Number((like / fts).toFixed(1)),
      });
    }
    sqlite.close();
    const speedup = likeTotal / ftsTotal;
    return {
      figures: { ftsVsLike: rows },
      ratios: [
        {
          name: "LIKE scan time / FTS time (count + first page)",
          value: speedup,
          target: "> 1",
          met: speedup > 1,
          detail: `${QUERIES.length} queries, median CPU time of ${REPEAT} runs each: FTS ${ftsTotal.toFixed(1)} ms vs LIKE ${likeTotal.toFixed(1)} ms in total`,
        },
      ],
    };
  },
};
