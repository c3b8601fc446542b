// Related articles, the search's cost model: which index lists the search may read for a target (its features),
// roughly how long each is, and the cheapest lists that together reach a given weight. Only the order of reading
// depends on this, never the answer (the search itself is app/articles/related-search.server.ts).
import { db, statement } from "../db.server";
import { RELATED_WEIGHTS, type RelatedFeatures } from "./related-score";

/**
 * How many list entries reading costs as much as scoring one article directly (fetching its row and splitting
 * its text): the exchange rate the search uses to choose between reading another list and scoring.
 */
export const POSTINGS_PER_SCORING = 40;

/**
 * How many articles have each feature. Only the order of reading depends on these numbers, never the
 * answer, so they are kept across requests, and dropped wholesale when the map grows large or the table
 * has grown by a tenth since they were counted.
 */
const frequencyEstimates = new Map<string, number>();
const MAX_ESTIMATES = 200_000;
let estimatesCountedAt = 0;

export function refreshEstimates(maxId: number) {
  if (frequencyEstimates.size <= MAX_ESTIMATES && maxId <= estimatesCountedAt * 1.1 + 100) return;
  frequencyEstimates.clear();
  estimatesCountedAt = maxId;
}

export function estimate(key: string, sqlText: string, ...values: unknown[]) {
  let n = frequencyEstimates.get(key);
  if (n === undefined)
    frequencyEstimates.set(
      key,
      (n = statement(sqlText)
        .pluck()
        .get(...values) as number),
    );
  return n;
}

const termViews = new WeakSet<object>();

function wordFrequency(word: string) {
  let n = frequencyEstimates.get(`word:${word}`);
  if (n === undefined) {
    const client = db().$client;
    if (!termViews.has(client)) {
      // A per-connection view of the FTS index's term statistics: how many articles contain each word.
      client.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.related_terms USING fts5vocab(main, articles_fts, row)");
      termViews.add(client);
    }
    // A word the index folds differently (accents) shows no count; it is then simply read early.
    n = (statement("SELECT doc FROM temp.related_terms WHERE term = ?").pluck().get(word) as number | undefined) ?? 0;
    frequencyEstimates.set(`word:${word}`, n);
  }
  return n;
}

/**
 * One thing a target can share with others: its weight, roughly how many articles have it, and the query
 * listing them. A list may hold extra articles (the full-text index folds accents) but never misses one,
 * except articles with irregular text, which the search scores directly. Tags are listed by article_tags,
 * which every write of an article's tags keeps in step (`replaceArticleTags`).
 */
export type Feature = { key: string; weight: number; frequency: number; sqlText: string; value: string };

export function featuresOf(target: RelatedFeatures): Feature[] {
  const column = (key: string, column: string, weight: number, value: string): Feature => ({
    key: `${key}:${value}`,
    weight,
    frequency: estimate(`${key}:${value}`, `SELECT count(*) FROM articles WHERE ${column} = ?`, value),
    sqlText: `SELECT id FROM articles WHERE ${column} = ?`,
    value,
  });
  return [
    column("category", "category", RELATED_WEIGHTS.category, target.category),
    column("source", "source_name", RELATED_WEIGHTS.source, target.sourceName),
    column("priority", "priority", RELATED_WEIGHTS.priority, target.priority),
    ...[...target.tags].map((tag) => ({
      key: `tag:${tag}`,
      weight: RELATED_WEIGHTS.tag,
      frequency: estimate(`tag:${tag}`, "SELECT count(*) FROM article_tags WHERE tag = ?", tag),
      sqlText: "SELECT article_id AS id FROM article_tags WHERE tag = ?",
      value: tag,
    })),
    ...[...target.words].map((word) => ({
      key: `word:${word}`,
      weight: RELATED_WEIGHTS.word,
      frequency: wordFrequency(word),
      sqlText: "SELECT rowid AS id FROM articles_fts WHERE articles_fts MATCH ?",
      value: `{title summary} : "${word.replaceAll('"', '""')}"`,
    })),
  ];
}

export function shortest(features: Feature[]) {
  return features.reduce((best, f) => (f.frequency < best.frequency ? f : best));
}

/**
 * For each total weight d up to `most`, the set of features with the fewest list entries whose weights add
 * up to at least d. Features of weight 1 (the words) are best taken shortest first, so only the few heavier
 * ones (category, source, priority, tags) need a 0/1 knapsack over small integer weights; totals above
 * `most` count as `most`.
 */
export class CheapestCovers {
  private readonly light: Feature[];
  private readonly lightPrefix: number[];
  private readonly heavy: Feature[];
  /** cost[i][w]: fewest entries among the first i heavy features for a capped total weight of w. */
  private readonly cost: Float64Array[];
  /** from[i][w]: the capped total before heavy feature i - 1 was added, or -1 when it was not. */
  private readonly from: Int32Array[];
  /** For each d: the cheapest capped heavy total to combine with the shortest light lists, and the cost. */
  private readonly bestHeavy: Int32Array;
  private readonly bestCost: Float64Array;

  constructor(
    features: Feature[],
    private readonly most: number,
  ) {
    this.light = features.filter((f) => f.weight === 1).sort((a, b) => a.frequency - b.frequency);
    this.lightPrefix = [0];
    for (const f of this.light) this.lightPrefix.push(this.lightPrefix[this.lightPrefix.length - 1] + f.frequency);
    this.heavy = features.filter((f) => f.weight !== 1);
    const first = new Float64Array(most + 1).fill(Infinity);
    first[0] = 0;
    this.cost = [first];
    this.from = [new Int32Array(most + 1).fill(-1)];
    for (const { weight, frequency } of this.heavy) {
      const before = this.cost[this.cost.length - 1];
      const cost = before.slice();
      const from = new Int32Array(most + 1).fill(-1);
      for (let w = 0; w <= most; w++) {
        const to = Math.min(most, w + weight);
        if (before[w] + frequency < cost[to]) {
          cost[to] = before[w] + frequency;
          from[to] = w;
        }
      }
      this.cost.push(cost);
      this.from.push(from);
    }
    const heavyCost = this.cost[this.heavy.length];
    const reachable = [...heavyCost.keys()].filter((w) => heavyCost[w] < Infinity);
    this.bestHeavy = new Int32Array(most + 1).fill(-1);
    this.bestCost = new Float64Array(most + 1).fill(Infinity);
    for (let d = 1; d <= most; d++) {
      for (const w of reachable) {
        const words = Math.max(0, d - w);
        if (words > this.light.length) continue;
        const total = heavyCost[w] + this.lightPrefix[words];
        if (total < this.bestCost[d]) {
          this.bestCost[d] = total;
          this.bestHeavy[d] = w;
        }
      }
    }
  }

  /** How many entries the cheapest lists of total weight at least `weight` hold (Infinity if none do). */
  postings(weight: number) {
    return weight > this.most ? Infinity : this.bestCost[weight];
  }

  /** Those lists. */
  features(weight: number) {
    const heavyTotal = this.bestHeavy[weight];
    if (heavyTotal < 0) return [];
    const picked = this.light.slice(0, Math.max(0, weight - heavyTotal));
    for (let i = this.heavy.length, w = heavyTotal; i > 0 && w > 0; i--) {
      const before = this.from[i][w];
      if (before < 0) continue;
      picked.push(this.heavy[i - 1]);
      w = before;
    }
    return picked;
  }
}
