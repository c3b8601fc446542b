// Related articles: the score, the one home of what it reads and how answers rank.
//
// score = same category +10, same source +5, +3 per shared tag, same priority +2,
//         +1 per shared word longer than 3 characters in title and summary.
// Only scores above 0 count; ties go to the newer article (then the higher id, so the order is total).

export const RELATED_LIMIT = 3;

export const RELATED_WEIGHTS = { category: 10, source: 5, tag: 3, priority: 2, word: 1 } as const;

/** What the score looks at, for one article. */
export type RelatedFeatures = {
  id: number;
  category: string;
  sourceName: string;
  priority: string;
  tags: Set<string>;
  words: Set<string>;
  publishDate: number;
};

/** Words of title and summary that count for the score: runs of letters and digits longer than 3 characters. */
export function significantWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}\p{M}]+/u)) if (word.length > 3) words.add(word);
  return words;
}

function sharedCount(a: Set<string>, b: Set<string>) {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let n = 0;
  for (const item of small) if (large.has(item)) n++;
  return n;
}

export function relatedScore(a: RelatedFeatures, b: RelatedFeatures): number {
  return (
    (a.category === b.category ? RELATED_WEIGHTS.category : 0) +
    (a.sourceName === b.sourceName ? RELATED_WEIGHTS.source : 0) +
    RELATED_WEIGHTS.tag * sharedCount(a.tags, b.tags) +
    (a.priority === b.priority ? RELATED_WEIGHTS.priority : 0) +
    RELATED_WEIGHTS.word * sharedCount(a.words, b.words)
  );
}

export type Scored = { id: number; score: number; publishDate: number };

/** Higher score first; on a tie the newer article, then the higher id. */
export function byRank(a: Scored, b: Scored) {
  return b.score - a.score || b.publishDate - a.publishDate || b.id - a.id;
}

/** The ranked list with `item` offered to it, kept to `limit`: the same list when `item` is listed already or ranks below. */
export function withOffered(list: Scored[], item: Scored, limit: number): Scored[] {
  if (item.score <= 0 || list.some((entry) => entry.id === item.id)) return list;
  if (list.length === limit && byRank(item, list[limit - 1]) >= 0) return list;
  return [...list, item].sort(byRank).slice(0, limit);
}

/** Keeps the best `limit` entries (score above 0) as items are offered. */
export class TopRanked {
  readonly items: Scored[] = [];
  constructor(private readonly limit: number) {}
  offer(item: Scored) {
    if (item.score <= 0) return;
    if (this.items.length === this.limit && byRank(item, this.items[this.limit - 1]) >= 0) return;
    this.items.push(item);
    this.items.sort(byRank);
    if (this.items.length > this.limit) this.items.pop();
  }
  /** Whether an article of this score, date and id would get in now. */
  admits(item: Scored) {
    return item.score > 0 && (this.items.length < this.limit || byRank(item, this.items[this.limit - 1]) < 0);
  }
  /** The score an article must beat (or equal, if newer) to get in; 1 while there is room. */
  threshold() {
    return this.items.length < this.limit ? 1 : this.items[this.limit - 1].score;
  }
}

export type FeatureRow = {
  id: number;
  title: string;
  summary: string;
  category: string;
  priority: string;
  tags: string;
  source_name: string;
  publish_date: number;
};

export const FEATURE_COLUMNS = "id, title, summary, category, priority, tags, source_name, publish_date";

export function toFeatures(row: FeatureRow): RelatedFeatures {
  return {
    id: row.id,
    category: row.category,
    sourceName: row.source_name,
    priority: row.priority,
    tags: new Set(JSON.parse(row.tags) as string[]),
    words: significantWords(`${row.title} ${row.summary}`),
    publishDate: row.publish_date,
  };
}
