// `DATABASE_URL=... npx tsx tests/bench/search-count.ts [--search rule] [--rounds 30]`: how long the exact count of a
// search alone takes (the /api's X-Total-Count, countArticles), on a copy of a corpus: each round moves the article
// revision first (as any write does) and counts, then counts again at the same revision. Prints the medians. It
// writes the revision counter: run it on a copy, never on a database in use.
import { sql } from "drizzle-orm";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const search = option("--search", "rule");
const rounds = Number(option("--rounds", "30"));
Object.assign(process.env, { SESSION_SECRET: "bench-session-secret-of-32-characters", NODE_ENV: "production" });
const { closeDatabase, engine, execute } = await import("~/db.server");
const { countArticles } = await import("~/feed/queries.server");

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const timed = async () => {
  const at = performance.now();
  const total = await countArticles({ timeframe: "all", search });
  return { ms: performance.now() - at, total };
};
await timed();
const afterWrite: number[] = [];
const again: number[] = [];
let total = 0;
for (let round = 0; round < rounds; round++) {
  await execute(sql`UPDATE article_revision SET revision = revision + 1 WHERE id = 1`);
  const first = await timed();
  afterWrite.push(first.ms);
  again.push((await timed()).ms);
  total = first.total;
}
console.log(
  `${engine()}: "${search}" counts ${total.toLocaleString("en-US")} articles; median of ${rounds}: ${median(afterWrite).toFixed(1)} ms after a write, ` +
    `${median(again).toFixed(1)} ms again at the same revision`,
);
await closeDatabase();
