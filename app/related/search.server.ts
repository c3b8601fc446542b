// Related articles: the exact search through the indexes, which scores only the articles that may rank. The score
// itself is app/related/score.ts, the cost model that orders the reading plan.server.ts, what
// is kept between requests cache.server.ts, and the index reads store/search.server.ts, which
// runs the search inside one read transaction; tests and benchmarks compare the answers with the brute-force
// scorer of tests/support/reference-related.ts.
import type { SearchCache } from "./cache.server";
import { CheapestCovers, estimatedTotal, featuresOf, POSTINGS_PER_SCORING, refreshEstimates, shortest, type Feature, type FeatureKind } from "./plan.server";
import { TopRanked, relatedScore, toFeatures, type FeatureRow, type RelatedFeatures, type Scored } from "./score";

/**
 * One read of the search, a step its store's driver runs: the search composes reads with `yield*`. On SQLite a
 * read is a raw statement answered at once and yields nothing, so the whole search runs synchronously inside one
 * read transaction; on PostgreSQL a read yields its query, which the driver awaits inside one snapshot
 * (store/search.server.ts).
 */
export type Reading<T> = Generator<unknown, T, unknown>;

/** The ids an index lists under a feature, packed: a page reads about a million of them, kept while the revision stands. */
export type IdList = Int32Array;

/**
 * The index reads the search makes, answered from one snapshot of the data: the search runs inside the read
 * transaction of its store (store/search.server.ts), which hands it this reader.
 */
export type RelatedReader = {
  /** The highest article id, 0 without articles. */
  maxArticleId(): Reading<number>;
  articleCount(): Reading<number>;
  /** How many articles have each feature, asked together (one read per kind on PostgreSQL). */
  frequencies(features: { kind: FeatureKind; value: string }[]): Reading<number[]>;
  /**
   * The articles listed under a feature. A list may hold extra articles (the full-text index folds accents) but
   * never misses one, except articles with irregular text, which the search scores directly.
   */
  articlesWith(feature: Feature): Reading<IdList>;
  /** Articles whose text the full-text index may split differently (RELATED_IRREGULAR_TEXT, normally none). */
  irregularIds(): Reading<number[]>;
  /** The newest `count` articles of the target's source, category and priority. */
  newestOfClass(target: RelatedFeatures, count: number): Reading<number[]>;
  featureRows(ids: number[]): Reading<FeatureRow[]>;
  publishDates(ids: number[]): Reading<{ id: number; publish_date: number }[]>;
};

/** Articles scored at once while settling the remaining candidates. */
const SCORING_BATCH = 64;

const UNSEEN = 0;
const SEEN = 1;
const SCORED = 2;

/**
 * The exact search for one feed page, without scoring every article.
 *
 * An article's score is the sum of the weights of the target's features it has (its category, source,
 * priority, each tag, each word), and each feature has an index listing the articles that have it (the
 * category, priority and source indexes, article_tags, the full-text index). The search reads some of these
 * lists, adding each listed article's weight into an accumulator, so an article's score is at most its
 * accumulated weight plus the weight of all unread features. Articles scored exactly set the bar: the
 * third-best score so far. While the unread weight reaches the bar, an article listed nowhere yet could
 * still get in, so the search reads on (the shortest of the cheapest lists that would lift it below the
 * bar). After that only listed articles whose bound reaches the bar are candidates, and it either reads more
 * lists, to lower their bounds, or scores them, whichever costs less, until none is left. Scoring the
 * articles that share the most as soon as they appear raises the bar early. Articles whose text the
 * full-text index may split differently (RELATED_IRREGULAR_TEXT, normally none) are scored directly.
 *
 * Lists, rows and the accumulators are shared by the page's targets; everything runs in one read
 * transaction, so the answer is the brute-force answer on one snapshot of the data.
 */
export class PageSearch {
  private readonly lists: Map<string, IdList>;
  private readonly known: Map<number, RelatedFeatures>;
  private readonly accumulated: Int32Array;
  private readonly state: Uint8Array;

  private constructor(
    private readonly cache: SearchCache,
    private readonly reader: RelatedReader,
    maxId: number,
    private readonly total: number,
    private readonly irregular: number[],
  ) {
    this.lists = cache.lists;
    this.known = cache.features;
    this.accumulated = new Int32Array(maxId + 1);
    this.state = new Uint8Array(maxId + 1);
  }

  /** A search over the data the reader sees, with what it reads first. */
  static *open(cache: SearchCache, reader: RelatedReader): Reading<PageSearch> {
    const maxId = yield* reader.maxArticleId();
    refreshEstimates(maxId);
    const total = yield* estimatedTotal(reader);
    return new PageSearch(cache, reader, maxId, total, yield* reader.irregularIds());
  }

  /** The features of the given articles, read once per page. */
  *featuresOf(list: number[]): Reading<RelatedFeatures[]> {
    const missing = list.filter((id) => !this.known.has(id));
    if (missing.length) for (const row of yield* this.reader.featureRows(missing)) this.known.set(row.id, toFeatures(row));
    return list.flatMap((id) => this.known.get(id) ?? []);
  }

  /** Publication dates, from the features already read or else from the rows. */
  *datesOf(list: number[]): Reading<{ id: number; publishDate: number }[]> {
    const missing = list.filter((id) => !this.known.has(id));
    const read = missing.length ? yield* this.reader.publishDates(missing) : [];
    return [
      ...list.flatMap((id) => {
        const known = this.known.get(id);
        return known ? [{ id, publishDate: known.publishDate }] : [];
      }),
      ...read.map((row) => ({ id: row.id, publishDate: row.publish_date })),
    ];
  }

  private *list(feature: Feature): Reading<IdList> {
    let list = this.lists.get(feature.key);
    if (!list) {
      this.lists.set(feature.key, (list = yield* this.reader.articlesWith(feature)));
      this.cache.listEntries += list.length;
    }
    return list;
  }

  *find(target: RelatedFeatures, limit: number): Reading<Scored[]> {
    const { accumulated, state } = this;
    const top = new TopRanked(limit);
    let unreadFeatures = yield* featuresOf(target, this.reader);
    let unread = unreadFeatures.reduce((sum, f) => sum + f.weight, 0);
    // Listed, not yet scored articles by accumulated weight; a bucket may hold stale entries (checked on use).
    const buckets: number[][] = Array.from({ length: unread + 1 }, () => []);
    const perWeight = new Int32Array(unread + 1);
    let highest = 0;
    const touched: number[] = [];
    // The reads the steps below make (a generator function has no `this` of its own).
    const featuresOfIds = (list: number[]) => this.featuresOf(list);
    const listOf = (feature: Feature) => this.list(feature);
    const datesOf = (list: number[]) => this.datesOf(list);

    const score = function* (list: number[]): Reading<void> {
      const fresh: number[] = [];
      for (const id of list) {
        if (state[id] === SCORED) continue;
        if (state[id] === SEEN) perWeight[accumulated[id]]--;
        else touched.push(id);
        state[id] = SCORED;
        fresh.push(id);
      }
      for (const other of yield* featuresOfIds(fresh)) {
        top.offer({ id: other.id, score: relatedScore(target, other), publishDate: other.publishDate });
      }
    };
    const read = function* (feature: Feature): Reading<void> {
      const weight = feature.weight;
      // An article whose accumulated weight ends below the floor can never reach the bar: every later read
      // lifts the floor by as much as it can lift the article. It is settled here and costs nothing more.
      const floorAfter = top.threshold() - (unread - weight);
      for (const id of yield* listOf(feature)) {
        if (state[id] === SCORED) continue;
        if (state[id] === UNSEEN) {
          if (weight < floorAfter) continue;
          state[id] = SEEN;
          touched.push(id);
        } else {
          perWeight[accumulated[id]]--;
          if (accumulated[id] + weight < floorAfter) {
            state[id] = SCORED;
            continue;
          }
        }
        const sum = (accumulated[id] += weight);
        perWeight[sum]++;
        buckets[sum].push(id);
        if (sum > highest) highest = sum;
      }
      unread -= weight;
      unreadFeatures = unreadFeatures.filter((f) => f !== feature);
    };
    /**
     * Scores candidates, except those whose bound only equals the bar and whose date (read first, cheaply)
     * already ranks them below the current last: on a tie the newer article wins.
     */
    const settle = function* (list: number[]): Reading<void> {
      const tying = list.filter((id) => accumulated[id] + unread === top.threshold());
      for (const { id, publishDate } of yield* datesOf(tying)) {
        if (top.admits({ id, score: top.threshold(), publishDate })) continue;
        perWeight[accumulated[id]]--;
        state[id] = SCORED;
      }
      yield* score(list.filter((id) => state[id] !== SCORED));
    };
    /** Up to `count` unscored articles with accumulated weight at least `floor`, highest first. */
    const candidates = (floor: number, count: number) => {
      const found: number[] = [];
      for (let weight = highest; weight >= Math.max(floor, 1) && found.length < count; weight--) {
        // Drops the stale entries on the way: articles scored since, or accumulated further.
        const bucket = buckets[weight].filter((id) => state[id] === SEEN && accumulated[id] === weight);
        buckets[weight] = bucket;
        for (const id of bucket) {
          found.push(id);
          if (found.length === count) break;
        }
      }
      return found;
    };
    const listedAtLeast = (from: number, to = highest) => {
      let n = 0;
      for (let weight = Math.max(from, 1); weight <= Math.min(to, highest); weight++) n += perWeight[weight];
      return n;
    };

    /**
     * The list to read next, if reading pays. Reading lists of weight d in all raises the floor by d: it rules
     * out the candidates less than d above the floor that those lists do not hold. For each d the cheapest
     * lists to read are a knapsack; reading pays when, for some d, the scoring it saves costs more than the
     * reading. Of the lists worth reading, the shortest is read first.
     */
    const listWorthReading = (floor: number) => {
      const covers = new CheapestCovers(unreadFeatures, highest - floor + 1);
      let best: { gain: number; weight: number } | undefined;
      for (let weight = 1; weight <= highest - floor + 1; weight++) {
        const postings = covers.postings(weight);
        const ruledOut = listedAtLeast(floor, floor + weight - 1) * Math.max(0, 1 - postings / this.total);
        const gain = ruledOut * POSTINGS_PER_SCORING - postings;
        if (gain > 0 && (!best || gain > best.gain)) best = { gain, weight };
      }
      return best && shortest(covers.features(best.weight));
    };

    /**
     * When more candidates than a batch share the highest accumulated weight (say, the thousands of articles
     * of the same source), scoring them in arbitrary order is slow to find the best: the shortest unread
     * list, if cheaper than scoring them all, sets some of them apart.
     */
    const listSplittingTie = () => {
      let top = highest;
      while (top > 0 && !perWeight[top]) top--;
      const tied = perWeight[top];
      if (tied <= SCORING_BATCH || !unreadFeatures.length) return undefined;
      const feature = shortest(unreadFeatures);
      return feature.frequency < tied * POSTINGS_PER_SCORING ? feature : undefined;
    };

    try {
      state[target.id] = SCORED;
      touched.push(target.id);
      // The newest articles of the target's own class set a first bar cheaply (category, source and priority: 17).
      yield* score(yield* this.reader.newestOfClass(target, limit + 1));
      yield* score(this.irregular);
      let leadersAt = 0;
      for (;;) {
        const bar = top.threshold();
        const floor = bar - unread;
        // The articles sharing the most so far are the likeliest answers: scoring a few raises the bar early.
        if (highest > leadersAt) {
          leadersAt = highest;
          yield* score(candidates(highest, limit));
          continue;
        }
        if (floor <= 0) {
          // An article listed nowhere yet could still reach the bar: read on, the shortest of the cheapest lists
          // that together lift the floor to 1.
          yield* read(shortest(new CheapestCovers(unreadFeatures, 1 - floor).features(1 - floor)));
          continue;
        }
        if (!listedAtLeast(floor)) return top.items;
        // Articles whose accumulated weight alone reaches the bar need an exact score whatever is read next.
        if (listedAtLeast(bar)) {
          yield* settle(candidates(bar, SCORING_BATCH));
          continue;
        }
        const feature = listWorthReading(floor) ?? listSplittingTie();
        if (feature) yield* read(feature);
        else yield* settle(candidates(floor, SCORING_BATCH));
      }
    } finally {
      for (const id of touched) {
        accumulated[id] = 0;
        state[id] = UNSEEN;
      }
    }
  }
}

/**
 * Up to `limit` related articles for each of the given articles, found through the indexes. Run inside one read
 * transaction (store/search.server.ts `searchRelated`, or a stored-list round), so the answer is the
 * brute-force answer on one snapshot of the data.
 */
export function* findRelated(reader: RelatedReader, cache: SearchCache, articleIds: number[], limit: number): Reading<(readonly [number, Scored[]])[]> {
  if (!articleIds.length) return [];
  const search = yield* PageSearch.open(cache, reader);
  const found: (readonly [number, Scored[]])[] = [];
  for (const target of yield* search.featuresOf(articleIds)) {
    const key = `${target.id}:${limit}`;
    let list = cache.results.get(key);
    if (!list) cache.results.set(key, (list = yield* search.find(target, limit)));
    found.push([target.id, list] as const);
  }
  return found;
}
