// Random corpora for the related-articles tests: many near-duplicates, ties and awkward spellings.
import { eq } from "drizzle-orm";
import { insertArticles } from "~/ingest/insert.server";
import { type NewArticle } from "~/articles/new-article";
import type { Category, Priority, Tag } from "~/articles/vocabulary";
import { all, db, execute, first, t } from "~/db.server";
import { addArticle, makeArticle } from "./articles";
import { seededRandom } from "./seeded-random";

export { seededRandom };

const CATEGORY_LIST = ["new-regulations", "regulatory-rollbacks", "policy-analysis", "legal-decisions", "legislative-action"];
const TAG_LIST = ["epa", "energy", "sec", "financial", "healthcare", "urgent", "rule-modification", "treasury", "fda", "doj"];
const COMMON_WORDS = ["notice", "rule", "agency", "final", "proposed", "meeting", "comment", "federal", "public", "request"];
// Spellings the full-text index folds or splits differently from the word rule: accents, letters whose lower
// case lies outside the checked set, private-use and newer characters glued to words (irregular articles).
const AWKWARD_WORDS = ["café", "cafe", "CAFÉ", "Ⱥlpha", "pipeline\uE000", "\u{1F916}safety", "naïve", "résumé", "resume", "₿coin"];

/**
 * A corpus like the feed's: families of near-duplicate documents (the same title again, some summary words
 * dropped, another source and date), a few very common words, skewed categories, sources and priorities,
 * many equal dates, short words that do not count, and some awkward spellings.
 */
export async function randomCorpus(seed: number, size: number) {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[], skew = 1) => list[Math.floor(random() ** skew * list.length)];
  const vocabulary = Array.from({ length: 600 }, (_, i) => `term${i.toString(36)}x`);
  const word = () => (random() < 0.25 ? pick(COMMON_WORDS, 2) : random() < 0.02 ? pick(AWKWARD_WORDS) : pick(vocabulary, 2.5));
  const sentence = (n: number) =>
    Array.from({ length: n }, () => (random() < 0.15 ? pick(["the", "of", "and", "tax"]) : word())).join(pick([" ", ", ", "; ", " - "]));
  const families = Array.from({ length: Math.ceil(size / 12) }, () => ({
    title: sentence(2 + Math.floor(random() * 6)),
    summary: sentence(Math.floor(random() * 25)),
    category: pick(CATEGORY_LIST, 3),
    tags: [...new Set(Array.from({ length: Math.floor(random() * 4) }, () => pick(TAG_LIST, 1.5)))],
  }));
  const articles: NewArticle[] = [];
  const gaps: number[] = [];
  for (let i = 0; i < size; i++) {
    const family = pick(families, 1.3);
    const copy = random() < 0.7;
    const summary = copy
      ? family.summary
          .split(" ")
          .filter(() => random() > 0.2)
          .join(" ")
      : sentence(Math.floor(random() * 20));
    articles.push(
      makeArticle({
        title: copy ? family.title : sentence(3),
        summary: random() < 0.1 ? summary.toUpperCase() : summary,
        sourceName: `Source ${Math.floor(random() ** 2 * 8)}`,
        publishDate: new Date(Date.UTC(2025, 0, 1 + Math.floor(random() * 40))),
        manualClassification: {
          category: (copy && random() < 0.8 ? family.category : pick(CATEGORY_LIST, 3)) as Category,
          priority: pick(["medium", "low", "high"], 2) as Priority,
          tags: (copy ? family.tags : [pick(TAG_LIST)]).filter(() => random() > 0.1) as Tag[],
        },
      }),
    );
    // Gaps in the ids, as deletions leave them.
    if (random() < 0.02) gaps.push(i);
  }
  // One transaction for the whole corpus, as a batch of scraped articles is stored.
  const outcomes = await insertArticles(articles);
  const ids = outcomes.map((outcome) => {
    if (outcome.status !== "inserted") throw new Error(`expected an insert, got ${outcome.status}`);
    return outcome.id;
  });
  for (const i of gaps) await execute(db().delete(t.articles).where(eq(t.articles.id, ids[i])));
  return (await all(db().select({ id: t.articles.id }).from(t.articles).orderBy(t.articles.id))).map((row) => row.id);
}

/** A near-copy of a stored article (the same title, summary, source and classification, `laterMs` later): one more of its family. */
export async function addNearCopy(id: number, laterMs: number) {
  const original = (await first(db().select().from(t.articles).where(eq(t.articles.id, id))))!;
  return await addArticle({
    title: original.title,
    summary: original.summary,
    sourceName: original.sourceName,
    publishDate: new Date(original.publishDate.getTime() + laterMs),
    manualClassification: { category: original.category as never, priority: original.priority as never, tags: original.tags as never },
  });
}
