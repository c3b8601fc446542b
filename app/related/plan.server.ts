// Related articles, the search's cost model: which index lists the search may read for a target (its features),
// roughly how long each is, and the cheapest lists that together reach a given weight. Only the order of reading
// depends on this, never the answer (the search itself is app/related/search.server.ts).
import { RELATED_WEIGHTS, type RelatedFeatures } from "./score";
import type { Reading, RelatedReader } from "./search.server";

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

/** Roughly how many articles have a feature: counted once, then kept with the other estimates. */

/** Roughly how many articles there are. */
export function* estimatedTotal(reader: Pick<RelatedReader, "articleCount">): Reading<number> {
  let n = frequencyEstimates.get("total");
  if (n === undefined) frequencyEstimates.set("total", (n = yield* reader.articleCount()));
  return n;
}

/** What a target can share with others: its category, source or priority, one of its tags, one of its words. */
export type FeatureKind = "category" | "source" | "priority" | "tag" | "word";

/**
 * One thing a target can share with others: its weight, roughly how many articles have it, and what lists them
 * (RelatedReader.articlesWith). A list may hold extra articles (the full-text index folds accents) but never
 * misses one, except articles with irregular text, which the search scores directly. Tags are listed by
 * article_tags, which every write of an article's tags keeps in step (`replaceArticleTags`).
 */
export type Feature = { key: string; kind: FeatureKind; weight: number; frequency: number; value: string };

export function* featuresOf(target: RelatedFeatures, reader: Pick<RelatedReader, "frequencies">): Reading<Feature[]> {
  const wanted: [FeatureKind, number, string][] = [
    ["category", RELATED_WEIGHTS.category, target.category],
    ["source", RELATED_WEIGHTS.source, target.sourceName],
    ["priority", RELATED_WEIGHTS.priority, target.priority],
    ...[...target.tags].map((tag): [FeatureKind, number, string] => ["tag", RELATED_WEIGHTS.tag, tag]),
    ...[...target.words].map((word): [FeatureKind, number, string] => ["word", RELATED_WEIGHTS.word, word]),
  ];
  // Roughly how many articles have each feature: counted once, then kept with the other estimates.
  const uncounted = wanted.filter(([kind, , value]) => !frequencyEstimates.has(`${kind}:${value}`)).map(([kind, , value]) => ({ kind, value }));
  if (uncounted.length) {
    const counts = yield* reader.frequencies(uncounted);
    uncounted.forEach(({ kind, value }, i) => frequencyEstimates.set(`${kind}:${value}`, counts[i]));
  }
  return wanted.map(([kind, weight, value]): Feature => {
    const key = `${kind}:${value}`;
    return { key, kind, weight, frequency: frequencyEstimates.get(key)!, value };
  });
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
