// The in-memory index's lists and offers (app/related/fill.server.ts) against the brute-force scorer, on a corpus
// where every feature is common: a few categories, sources and priorities, a small vocabulary of tags and words, and
// many equal dates, so that posting lists hold a large share of the corpus, scores tie often, and any bound that
// leaves an article out too early (or ranks a tie differently) shows as a different list.
import { describe, expect, it } from "vitest";
import { RelatedFillIndex } from "~/related/fill.server";
import { byRank, relatedScore, RELATED_LIMIT, toFeatures, type FeatureRow, type Scored } from "~/related/score";
import { seededRandom } from "../support/seeded-random";

const WORDS = Array.from({ length: 40 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}`);
const TAGS = ["rollback", "delay", "repeal", "guidance", "waiver", "enforcement"];

function corpus(count: number, seed: number): FeatureRow[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  // Word frequencies fall steeply: the first words are in most articles, the last in few.
  const words = () => WORDS.filter((_, i) => random() < 0.9 / (1 + i / 4)).join(" ");
  const rows = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    title: words(),
    summary: words(),
    category: pick(["regulation", "rollback", "legal"]),
    priority: pick(["high", "medium", "low"]),
    tags: JSON.stringify(TAGS.filter(() => random() < 0.3)),
    source_name: pick(["Federal Register", "Agency press"]),
    // Few distinct dates: many ties, broken by id.
    publish_date: Date.UTC(2026, 0, 1 + Math.floor(random() * 20)),
  }));
  return rows.sort((a, b) => b.publish_date - a.publish_date || b.id - a.id);
}

const featuresOf = new WeakMap<FeatureRow, ReturnType<typeof toFeatures>>();
function bruteForce(rows: FeatureRow[], targetId: number): Scored[] {
  const every = rows.map((row) => featuresOf.get(row) ?? featuresOf.set(row, toFeatures(row)).get(row)!);
  const target = every.find((a) => a.id === targetId)!;
  return every
    .filter((other) => other.id !== targetId)
    .map((other) => ({ id: other.id, score: relatedScore(target, other), publishDate: other.publishDate }))
    .filter((r) => r.score > 0)
    .sort(byRank);
}

describe("RelatedFillIndex against brute force, every feature common", () => {
  const rows = corpus(800, 7);
  const index = RelatedFillIndex.fromRows(1, rows);

  it("gives every article's list exactly: same articles, order and scores", () => {
    for (const row of rows) {
      const ranked = bruteForce(rows, row.id);
      for (const limit of [1, RELATED_LIMIT, 10]) {
        expect(index.listOf(index.position(row.id), limit), `list of ${row.id} (limit ${limit})`).toEqual(ranked.slice(0, limit));
      }
    }
  });

  it("gives the same lists from an index carried forward with changed and new articles", () => {
    const changed = corpus(200, 11).map((row, i) => ({ ...row, id: i < 100 ? row.id : 2_000 + i }));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of changed) byId.set(row.id, row);
    const all = [...byId.values()].sort((a, b) => b.publish_date - a.publish_date || b.id - a.id);
    const carried = index.withChanges(2, changed);
    for (const row of all.filter((_, i) => i % 7 === 0)) {
      expect(carried.listOf(carried.position(row.id), RELATED_LIMIT), `list of ${row.id}`).toEqual(bruteForce(all, row.id).slice(0, RELATED_LIMIT));
    }
  });

  it("offers a newcomer to exactly the lists whose bar its score reaches", () => {
    const random = seededRandom(3);
    const bars = new Map(rows.map((row) => [row.id, random() < 0.1 ? 0 : 12 + Math.floor(random() * 20)]));
    for (const row of rows.filter((_, i) => i % 25 === 0)) {
      const lowest = Math.min(...[...bars.values()].filter((bar) => bar > 0));
      const offers = index.offersOf(index.position(row.id), (id) => bars.get(id)!, lowest);
      const expected = bruteForce(rows, row.id).filter((r) => bars.get(r.id)! > 0 && r.score >= bars.get(r.id)!);
      expect([...offers].sort(byRank), `offers of ${row.id}`).toEqual(expected);
    }
  });
});
