// `npx tsx tests/bench/facet-counts.ts --db corpus.db [--runs N]`: the counts of every article the pickers and
// /api/articles/facets answer, counted from the lookup tables (as before docs/decisions/053) and read from the kept
// counts (the queries of app/feed/store/facets.server.ts), side by side on the same SQLite file, median of N runs
// each; exits non-zero when the answers differ.
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { AGENCIES_OFFERED } from "~/feed/store/facets.server";
import { FACETS_DEFAULT_LIMIT } from "~/feed/api-query.server";
import { IDENTIFIER_KINDS } from "~/articles/index-rows";

const { values } = parseArgs({ options: { db: { type: "string" }, runs: { type: "string", default: "9" } } });
if (!values.db) throw new Error("--db corpus.db is required");
const db = new Database(values.db, { readonly: true });

const ranked = (counted: string) => `SELECT kind, value, count FROM (
    SELECT kind, value, count, row_number() OVER (PARTITION BY kind ORDER BY count DESC, value) AS place FROM ${counted} AS counted
  ) AS ranked WHERE place <= ${FACETS_DEFAULT_LIMIT} ORDER BY kind, place`;
const QUERIES = {
  "agencies offered": {
    counted: `SELECT agency AS name, count(*) AS count FROM article_agencies GROUP BY agency ORDER BY count DESC, agency LIMIT ${AGENCIES_OFFERED}`,
    kept: `SELECT agency AS name, count FROM agency_counts ORDER BY count DESC, agency LIMIT ${AGENCIES_OFFERED}`,
  },
  "identifiers of every article": {
    counted: ranked("(SELECT kind, value, count(*) AS count FROM article_identifiers GROUP BY kind, value)"),
    kept: `SELECT kind, value, count FROM (${IDENTIFIER_KINDS.map(
      (kind) =>
        `SELECT * FROM (SELECT kind, value, count FROM identifier_counts WHERE kind = '${kind}' ORDER BY count DESC, value LIMIT ${FACETS_DEFAULT_LIMIT})`,
    ).join(" UNION ALL ")}) ORDER BY kind, count DESC, value`,
  },
};

function median(sql: string) {
  const statement = db.prepare(sql);
  const rows = statement.all();
  const times = Array.from({ length: Number(values.runs) }, () => {
    const started = performance.now();
    statement.all();
    return performance.now() - started;
  }).sort((a, b) => a - b);
  return {
    rows,
    ms: times[Math.floor(times.length / 2)],
    plan: (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail),
  };
}

const articles = db.prepare("SELECT count(*) FROM articles").pluck().get() as number;
console.log(`${values.db}: ${articles.toLocaleString("en-US")} articles`);
const table = [];
for (const [name, { counted, kept }] of Object.entries(QUERIES)) {
  const before = median(counted);
  const after = median(kept);
  const same = JSON.stringify(before.rows) === JSON.stringify(after.rows);
  if (!same) process.exitCode = 1;
  table.push({ query: name, "counted ms": Number(before.ms.toFixed(2)), "kept ms": Number(after.ms.toFixed(2)), "same answer": same ? "yes" : "NO" });
  console.log(`${name}\n  counted: ${before.plan.join(" | ")}\n  kept:    ${after.plan.join(" | ")}`);
}
console.table(table);
