// Filling many stored related lists at once (the job runner after a bulk load, docs/decisions/022): every
// article's features are read once into an in-memory inverted index, and each list is then found by adding up,
// for every article sharing a feature with the target, the weights of what it shares. That sum is the score
// itself (relatedScore), so every list is exact without any bound or pruning, and no query runs per list.
import { RELATED_WEIGHTS, byRank, toFeatures, type FeatureRow, type RelatedFeatures, type Scored } from "./score";

/** Articles scored directly, from the target's rarest features, before the bar decides which lists to read. */
const SEED_SCORED = 64;

/** A growable Int32Array. */
class IntList {
  data = new Int32Array(1024);
  length = 0;
  push(value: number) {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
}

/** Feature keys (`c:` category, `s:` source, `p:` priority, `t:` tag, `w:` word) numbered once, with their weights,
 * shared by an index and every index derived from it. */
class FeatureNumbers {
  private readonly numbers = new Map<string, number>();
  readonly weights = new IntList();

  private of(key: string, weight: number) {
    let n = this.numbers.get(key);
    if (n === undefined) {
      this.numbers.set(key, (n = this.numbers.size));
      this.weights.push(weight);
    }
    return n;
  }

  /** An article's feature numbers, each once (tags and words are sets). */
  featuresOf(article: RelatedFeatures): number[] {
    const found = [this.of(`c:${article.category}`, RELATED_WEIGHTS.category), this.of(`s:${article.sourceName}`, RELATED_WEIGHTS.source)];
    found.push(this.of(`p:${article.priority}`, RELATED_WEIGHTS.priority));
    for (const tag of article.tags) found.push(this.of(`t:${tag}`, RELATED_WEIGHTS.tag));
    for (const word of article.words) found.push(this.of(`w:${word}`, RELATED_WEIGHTS.word));
    return found;
  }
}

/** Articles' ids, dates and feature numbers, newest first: what an index is laid out from. */
type Layout = { ids: Int32Array; dates: Float64Array; featureStart: Int32Array; features: Int32Array };

/** Whether article (aId, aDate) comes before (bId, bDate) newest first: later date, then higher id. */
const newerThan = (aDate: number, aId: number, bDate: number, bId: number) => aDate > bDate || (aDate === bDate && aId > bId);

/**
 * Every article's scored features as small integers, and for each feature the articles that have it, read at
 * one article revision. Articles are numbered 0..n-1 newest first (publication date, then id, descending), so
 * the fill walks them in the order the runner fills lists. An index is never changed: `withChanges` lays out a new
 * one from it and the rows of the articles written since, without reading or numbering the others again.
 */
export class RelatedFillIndex {
  readonly size: number;
  /** Article id of each position, newest first. */
  readonly ids: Int32Array;
  readonly dates: Float64Array;
  /** Position of each article id (-1 where none). */
  private readonly positionOf: Int32Array;
  /** Each article's feature numbers: features[featureStart[i] .. featureStart[i + 1]). */
  private readonly featureStart: Int32Array;
  private readonly features: Int32Array;
  /** Each feature's weight, and its articles: postings[postingStart[f] .. postingStart[f + 1]). */
  private readonly weights: Int32Array;
  private readonly postingStart: Int32Array;
  private readonly postings: Int32Array;
  /** Scratch space of `listOf` and `offersOf`: per position the weight added up and whether it was scored, the
   * positions scored and the candidates, and per feature the target's weight of it (0 for features it lacks). */
  private readonly accumulated: Int32Array;
  private readonly seen: Uint8Array;
  private readonly touched: Int32Array;
  private readonly candidates: Int32Array;
  private readonly targetWeight: Int32Array;

  /** `rows`: every article's feature columns (FEATURE_COLUMNS), newest first, read at article revision `revision`. */
  static fromRows(revision: number, rows: Iterable<FeatureRow>) {
    const numbering = new FeatureNumbers();
    const ids = new IntList();
    const dates: number[] = [];
    const starts = new IntList();
    const features = new IntList();
    for (const row of rows) {
      const article = toFeatures(row);
      ids.push(article.id);
      dates.push(article.publishDate);
      starts.push(features.length);
      for (const f of numbering.featuresOf(article)) features.push(f);
    }
    starts.push(features.length);
    return new RelatedFillIndex(revision, numbering, {
      ids: ids.data.slice(0, ids.length),
      dates: Float64Array.from(dates),
      featureStart: starts.data.slice(0, starts.length),
      features: features.data.slice(0, features.length),
    });
  }

  /**
   * The index at article revision `revision`, given every article written since this one's (`rows`, read at that
   * revision: new ones and changed ones) and the ids of those deleted: their old entries go, the rows are numbered
   * and merged in date order; nothing else is read again.
   */
  withChanges(revision: number, rows: FeatureRow[], deleted: Iterable<number> = []) {
    const gone = new Set(deleted);
    for (const row of rows) gone.add(row.id);
    const added = rows
      .map((row) => {
        const article = toFeatures(row);
        return { id: article.id, date: article.publishDate, features: this.numbering.featuresOf(article) };
      })
      .sort((a, b) => (newerThan(a.date, a.id, b.date, b.id) ? -1 : 1));
    const featureCount = this.numbering.weights.length;
    const size = this.size + added.length;
    const ids = new Int32Array(size);
    const dates = new Float64Array(size);
    const featureStart = new Int32Array(size + 1);
    const features = new Int32Array(this.features.length + added.reduce((sum, a) => sum + a.features.length, 0));
    // Where each old position goes (-1: gone), and each feature's postings gained and lost.
    const moved = new Int32Array(this.size).fill(-1);
    const gained = new Map<number, number[]>();
    const counts = new Int32Array(featureCount);
    for (let f = 0; f < this.weights.length; f++) counts[f] = this.frequency(f);
    let n = 0;
    let k = 0;
    const place = (article: (typeof added)[number]) => {
      ids[n] = article.id;
      dates[n] = article.date;
      featureStart[n] = k;
      for (const f of article.features) {
        features[k++] = f;
        counts[f]++;
        let list = gained.get(f);
        if (!list) gained.set(f, (list = []));
        list.push(n);
      }
      n++;
    };
    let a = 0;
    for (let i = 0; i < this.size; i++) {
      if (gone.has(this.ids[i])) {
        for (let j = this.featureStart[i]; j < this.featureStart[i + 1]; j++) counts[this.features[j]]--;
        continue;
      }
      for (; a < added.length && newerThan(added[a].date, added[a].id, this.dates[i], this.ids[i]); a++) place(added[a]);
      moved[i] = n;
      ids[n] = this.ids[i];
      dates[n] = this.dates[i];
      featureStart[n++] = k;
      features.set(this.features.subarray(this.featureStart[i], this.featureStart[i + 1]), k);
      k += this.featureStart[i + 1] - this.featureStart[i];
    }
    for (; a < added.length; a++) place(added[a]);
    featureStart[n] = k;

    // Each feature's postings: the old ones at their new positions (still in order), merged with those gained.
    const postingStart = new Int32Array(featureCount + 1);
    for (let f = 0; f < featureCount; f++) postingStart[f + 1] = postingStart[f] + counts[f];
    const postings = new Int32Array(k);
    for (let f = 0; f < featureCount; f++) {
      const extra = gained.get(f) ?? [];
      let out = postingStart[f];
      let e = 0;
      if (f < this.weights.length) {
        for (let p = this.postingStart[f], end = this.postingStart[f + 1]; p < end; p++) {
          const position = moved[this.postings[p]];
          if (position < 0) continue;
          while (e < extra.length && extra[e] < position) postings[out++] = extra[e++];
          postings[out++] = position;
        }
      }
      while (e < extra.length) postings[out++] = extra[e++];
    }
    return new RelatedFillIndex(
      revision,
      this.numbering,
      // Shorter only when articles went: then the arrays are cut to what was laid out.
      n === size
        ? { ids, dates, featureStart, features }
        : { ids: ids.slice(0, n), dates: dates.slice(0, n), featureStart: featureStart.slice(0, n + 1), features: features.slice(0, k) },
      { postingStart, postings },
    );
  }

  private constructor(
    /** The article revision the index holds the data of (moved on by its keeper when no scored column changed). */
    public revision: number,
    private readonly numbering: FeatureNumbers,
    layout: Layout,
    laidOut?: { postingStart: Int32Array; postings: Int32Array },
  ) {
    this.size = layout.ids.length;
    this.ids = layout.ids;
    this.dates = layout.dates;
    this.featureStart = layout.featureStart;
    this.features = layout.features;
    this.weights = numbering.weights.data.slice(0, numbering.weights.length);

    let maxId = 0;
    for (const id of this.ids) if (id > maxId) maxId = id;
    this.positionOf = new Int32Array(maxId + 1).fill(-1);
    for (let i = 0; i < this.size; i++) this.positionOf[this.ids[i]] = i;

    const featureCount = this.weights.length;
    if (laidOut) {
      this.postingStart = laidOut.postingStart;
      this.postings = laidOut.postings;
    } else {
      // Postings in position order, by counting.
      this.postingStart = new Int32Array(featureCount + 1);
      for (const f of this.features) this.postingStart[f + 1]++;
      for (let f = 0; f < featureCount; f++) this.postingStart[f + 1] += this.postingStart[f];
      this.postings = new Int32Array(this.features.length);
      const next = this.postingStart.slice(0, featureCount);
      for (let i = 0; i < this.size; i++) {
        for (let k = this.featureStart[i]; k < this.featureStart[i + 1]; k++) this.postings[next[this.features[k]]++] = i;
      }
    }
    this.accumulated = new Int32Array(this.size);
    this.seen = new Uint8Array(this.size);
    this.touched = new Int32Array(this.size);
    this.candidates = new Int32Array(this.size);
    this.targetWeight = new Int32Array(featureCount);
  }

  /** The position of an article id, or -1 for an article the index does not hold. */
  position(id: number) {
    return id < this.positionOf.length ? this.positionOf[id] : -1;
  }

  /** Posting-list length of a feature. */
  private frequency(f: number) {
    return this.postingStart[f + 1] - this.postingStart[f];
  }

  /**
   * The `limit` best-ranked articles for the article at `target` (byRank: score, then newer, then higher id).
   *
   * The articles of the target's rarest features are scored first, directly (an article's score is the weight
   * the target gives each of its features, added up), which sets a bar: the last kept score. The most common
   * features whose weights together stay below the bar cannot lift an article that has only those into the list,
   * so only the other features' articles are candidates: their weights are added up over those lists, and a
   * candidate is scored only when that sum plus the common features' weight reaches the bar. Exact, and a list
   * reads a small part of what adding up every list would.
   */
  listOf(target: number, limit: number): Scored[] {
    const { accumulated, touched, postings, postingStart, features, weights, ids, dates, targetWeight, seen } = this;
    const own = features.subarray(this.featureStart[target], this.featureStart[target + 1]);
    for (const f of own) targetWeight[f] = weights[f];
    const byFrequency = Array.from(own).sort((a, b) => this.frequency(a) - this.frequency(b));

    // Positions run newest first (then higher id first), so among equal scores the lower position ranks higher:
    // the best `limit` are kept as (score, position) pairs, compared by score and then by position.
    const bestScore = new Int32Array(limit);
    const bestAt = new Int32Array(limit).fill(-1);
    let kept = 0;
    let seenCount = 0;
    const score = (i: number) => {
      if (seen[i]) return;
      seen[i] = 1;
      touched[seenCount++] = i;
      if (i === target) return;
      let s = 0;
      for (let k = this.featureStart[i], end = this.featureStart[i + 1]; k < end; k++) s += targetWeight[features[k]];
      if (s <= 0) return;
      if (kept === limit && (s < bestScore[limit - 1] || (s === bestScore[limit - 1] && i > bestAt[limit - 1]))) return;
      let at = kept < limit ? kept++ : limit - 1;
      while (at > 0 && (bestScore[at - 1] < s || (bestScore[at - 1] === s && bestAt[at - 1] > i))) {
        bestScore[at] = bestScore[at - 1];
        bestAt[at] = bestAt[at - 1];
        at--;
      }
      bestScore[at] = s;
      bestAt[at] = i;
    };
    const bar = () => (kept < limit ? 1 : bestScore[limit - 1]);

    try {
      // A first bar from the articles of the rarest features.
      seed: for (const f of byFrequency) {
        for (let p = postingStart[f], end = postingStart[f + 1]; p < end; p++) {
          score(postings[p]);
          if (seenCount >= SEED_SCORED) break seed;
        }
      }
      // The most common features, together lighter than the bar, are left out of the candidates' lists.
      let essential = byFrequency.length;
      let commonWeight = 0;
      while (essential > 0 && commonWeight + weights[byFrequency[essential - 1]] < bar()) commonWeight += weights[byFrequency[--essential]];
      let candidates = 0;
      for (let k = 0; k < essential; k++) {
        const f = byFrequency[k];
        const weight = weights[f];
        for (let p = postingStart[f], end = postingStart[f + 1]; p < end; p++) {
          const i = postings[p];
          if (seen[i]) continue;
          if (accumulated[i] === 0) this.candidates[candidates++] = i;
          accumulated[i] += weight;
        }
      }
      for (let c = 0; c < candidates; c++) {
        const i = this.candidates[c];
        if (accumulated[i] + commonWeight >= bar()) score(i);
        accumulated[i] = 0;
      }
    } finally {
      for (const f of own) targetWeight[f] = 0;
      for (let t = 0; t < seenCount; t++) seen[touched[t]] = 0;
    }
    const list: Scored[] = [];
    for (let k = 0; k < kept; k++) list.push({ id: ids[bestAt[k]], score: bestScore[k], publishDate: dates[bestAt[k]] });
    return list.sort(byRank);
  }

  /**
   * The articles whose lists the article at `newcomer` may now enter, each with its exact score: those whose score
   * reaches `bar(id)`, what their stored list asks (0 for an article without one: left out). `lowestBar` is at most
   * every stored list's bar: the newcomer's most common features whose weights together stay below it cannot bring
   * an article in alone, so only the other features' articles are candidates; their weights are added up over those
   * postings, and a candidate is scored (its features against the newcomer's weights: relatedScore) only when that
   * sum plus the common features' weight reaches its bar.
   */
  offersOf(newcomer: number, bar: (id: number) => number, lowestBar: number): Scored[] {
    const { accumulated, candidates, postings, postingStart, features, weights, ids, dates, targetWeight } = this;
    const own = features.subarray(this.featureStart[newcomer], this.featureStart[newcomer + 1]);
    const byFrequency = Array.from(own).sort((a, b) => this.frequency(a) - this.frequency(b));
    let essential = byFrequency.length;
    let commonWeight = 0;
    while (essential > 0 && commonWeight + weights[byFrequency[essential - 1]] < lowestBar) commonWeight += weights[byFrequency[--essential]];
    let count = 0;
    for (let k = 0; k < essential; k++) {
      const f = byFrequency[k];
      for (let p = postingStart[f], last = postingStart[f + 1]; p < last; p++) {
        const i = postings[p];
        if (accumulated[i] === 0) candidates[count++] = i;
        accumulated[i] += weights[f];
      }
    }
    for (const f of own) targetWeight[f] = weights[f];
    const offers: Scored[] = [];
    try {
      for (let c = 0; c < count; c++) {
        const i = candidates[c];
        const needed = i === newcomer ? 0 : bar(ids[i]);
        if (needed <= 0 || accumulated[i] + commonWeight < needed) continue;
        let score = accumulated[i];
        if (commonWeight) {
          score = 0;
          for (let k = this.featureStart[i], end = this.featureStart[i + 1]; k < end; k++) score += targetWeight[features[k]];
        }
        if (score >= needed) offers.push({ id: ids[i], score, publishDate: dates[i] });
      }
    } finally {
      for (let c = 0; c < count; c++) accumulated[candidates[c]] = 0;
      for (const f of own) targetWeight[f] = 0;
    }
    return offers;
  }
}
