// The job runner as a real process keeps the stored related lists current: it fills them while idle, and offers
// articles inserted and edited meanwhile (by another process, as the web's editors do) to the other lists.
import { spawn, type ChildProcess } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { all, db, execute, first, t } from "~/db.server";
import { clearArticles } from "../support/articles";
import { addNearCopy, randomCorpus } from "../support/related-corpus";
import { relatedArticlesBruteForce } from "../support/reference-related";
import { waitFor } from "../support/wait";

const runners: ChildProcess[] = [];
afterAll(() => {
  for (const runner of runners) if (runner.exitCode === null) runner.kill("SIGKILL");
});

const count = async (table: string) => (await first<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM ${table}`)))!.n;
const settled = async () => (await count("related_pending")) === 0 && (await count("related_lists")) === (await count("articles"));

async function storedMatchesBruteForce(every = 1) {
  const ids = (await all(db().select({ id: t.articles.id }).from(t.articles).orderBy(t.articles.id))).map((row) => row.id).filter((_, i) => i % every === 0);
  const stored: Record<number, [number, number][]> = Object.fromEntries(ids.map((id) => [id, []]));
  for (const entry of await all(db().select().from(t.relatedListEntries).orderBy(t.relatedListEntries.articleId, t.relatedListEntries.rank))) {
    stored[entry.articleId]?.push([entry.relatedId, entry.score]);
  }
  const brute = Object.fromEntries(Object.entries(await relatedArticlesBruteForce(ids)).map(([id, list]) => [id, list.map((r) => [r.id, r.score])]));
  expect(stored).toEqual(brute);
}

function startRunner() {
  const runner = spawn(process.execPath, ["--import", "tsx", "jobs/cli.ts"], {
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "ignore"],
  });
  runners.push(runner);
  return runner;
}

// The runner works in half-second slices between polls: on PostgreSQL, each read a round trip, on a busy machine
// filling and offering the lists of this corpus takes up to a minute.
it("fills the related lists and keeps them equal to the brute-force answers through writes", { timeout: 240_000 }, async () => {
  const ids = await randomCorpus(31, 150);
  expect(await settled()).toBe(false);
  const runner = startRunner();

  await waitFor(settled, "the runner to fill every list", 90_000);
  await storedMatchesBruteForce();

  // A near-copy enters the lists of its original's family; an edit moves an article between families.
  await addNearCopy(ids[3], 1000);
  const original = (await first(db().select().from(t.articles).where(eq(t.articles.id, ids[3]))))!;
  await execute(db().update(t.articles).set({ title: original.title, category: original.category }).where(eq(t.articles.id, ids[40])));
  expect(await settled()).toBe(false);
  await waitFor(settled, "the runner to offer the new and edited articles", 90_000);
  await storedMatchesBruteForce();

  runner.kill("SIGTERM");
});

it("fills every list after a bulk insert, from the bulk fill's index, equal to the brute-force answers", { timeout: 300_000 }, async () => {
  await clearArticles();
  // More than the runner offers one by one: it drops every list and fills them all again, newest first.
  const ids = await randomCorpus(32, 2_200);
  expect(ids.length).toBeGreaterThan(2_000);
  expect(await count("related_pending")).toBe(ids.length);
  const runner = startRunner();
  await waitFor(settled, "the runner to fill every list after the bulk insert", 240_000);
  await storedMatchesBruteForce(15);
  runner.kill("SIGTERM");
});
