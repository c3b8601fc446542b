// Related articles (SPEC.md section 9): the one home of the score, the fast exact search used by the feed,
// and the brute-force scorer that tests and the benchmark compare it with.
//
// score = same category +10, same source +5, +3 per shared tag, same priority +2,
//         +1 per shared word longer than 3 characters in title and summary.
// Only scores above 0 count; ties go to the newer article (then the higher id, so the order is total).
import type { Statement } from "better-sqlite3";
import { db } from "../db.server";

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

/** A related article as a card shows it. */
export type RelatedArticle = {
  id: number;
  title: string;
  summary: string;
  category: string;
  sourceName: string;
  originalUrl: string;
  publishDate: string;
  score: number;
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

type Scored = { id: number; score: number; publishDate: number };

/** Higher score first; on a tie the newer article, then the higher id. */
function byRank(a: Scored, b: Scored) {
  return b.score - a.score || b.publishDate - a.publishDate || b.id - a.id;
}

/** Keeps the best `limit` entries (score above 0) as items are offered. */
class TopRanked {
  readonly items: Scored[] = [];
  constructor(private readonly limit: number) {}
  offer(item: Scored) {
    if (item.score <= 0) return;
    if (this.items.length === this.limit && byRank(item, this.items[this.limit - 1]) >= 0) return;
    this.items.push(item);
    this.items.sort(byRank);
    if (this.items.length > this.limit) this.items.pop();
  }
  /** The score an article must beat (or equal, if newer) to get in; 1 while there is room. */
  threshold() {
    return this.items.length < this.limit ? 1 : this.items[this.limit - 1].score;
  }
}

type FeatureRow = {
  id: number;
  title: string;
  summary: string;
  category: string;
  priority: string;
  tags: string;
  source_name: string;
  publish_date: number;
};

const FEATURE_COLUMNS = "id, title, summary, category, priority, tags, source_name, publish_date";

function toFeatures(row: FeatureRow): RelatedFeatures {
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

// Raw prepared statements, compiled once per connection: this runs for every feed page and may read
// thousands of rows, so it skips the ORM.
const statementCache = new WeakMap<object, Map<string, Statement>>();

function statement(sqlText: string): Statement {
  const client = db().$client;
  let cache = statementCache.get(client);
  if (!cache) statementCache.set(client, (cache = new Map()));
  let prepared = cache.get(sqlText);
  if (!prepared) cache.set(sqlText, (prepared = client.prepare(sqlText)));
  return prepared;
}

function rowsById<T>(columns: string, list: number[]): T[] {
  if (!list.length) return [];
  return statement(`SELECT ${columns} FROM articles WHERE id IN (SELECT value FROM json_each(?))`).all(
    JSON.stringify(list),
  ) as T[];
}

function featureRows(list: number[]): FeatureRow[] {
  return rowsById<FeatureRow>(FEATURE_COLUMNS, list);
}

function ids(sqlText: string, ...values: unknown[]): number[] {
  return statement(sqlText).pluck().all(...values) as number[];
}

function displayRows(ranked: Scored[]): RelatedArticle[] {
  if (!ranked.length) return [];
  const rows = rowsById<{
    id: number;
    title: string;
    summary: string;
    category: string;
    source_name: string;
    original_url: string;
    publish_date: number;
  }>(
    "id, title, summary, category, source_name, original_url, publish_date",
    ranked.map((r) => r.id),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ranked.flatMap((r) => {
    const row = byId.get(r.id);
    if (!row) return [];
    return [
      {
        id: row.id,
        title: row.title,
        summary: row.summary,
        category: row.category,
        sourceName: row.source_name,
        originalUrl: row.original_url,
        publishDate: new Date(row.publish_date).toISOString(),
        score: r.score,
      },
    ];
  });
}

/** One thing a target can share with others: its weight, how many articles have it, how to list them. */
type Feature = { weight: number; frequency: number; lookup: () => number[] };

/** Seeds: how many recent same-category articles and best full-text matches are scored first. */
const SEED_SIZE = 40;
const SEED_WORDS = 8;
/** Words in more than this share of articles say little about a topic and would be slow to rank. */
const RARE_WORD_SHARE = 0.02;

type LightRow = Pick<FeatureRow, "id" | "category" | "priority" | "tags" | "source_name">;
const LIGHT_COLUMNS = "id, category, priority, tags, source_name";

function scoreWithoutWords(target: RelatedFeatures, row: LightRow) {
  return (
    (row.category === target.category ? RELATED_WEIGHTS.category : 0) +
    (row.source_name === target.sourceName ? RELATED_WEIGHTS.source : 0) +
    RELATED_WEIGHTS.tag * sharedCount(target.tags, new Set(JSON.parse(row.tags) as string[])) +
    (row.priority === target.priority ? RELATED_WEIGHTS.priority : 0)
  );
}

function titleSummaryMatch(words: string[]) {
  return `{title summary} : (${words.map((w) => `"${w}"`).join(" OR ")})`;
}

/**
 * Which features may go unread: the set holding the most rows (sum of frequencies) whose weights add up to
 * at most `budget`. A 0/1 knapsack; weights are small integers, so a table over the budget is exact and cheap.
 */
function mostRowsSkipped(features: Feature[], budget: number): boolean[] {
  const skip = features.map(() => false);
  if (budget <= 0) return skip;
  const best: number[][] = [new Array(budget + 1).fill(0)];
  features.forEach((feature, i) => {
    const row = best[i].slice();
    for (let c = feature.weight; c <= budget; c++) row[c] = Math.max(row[c], best[i][c - feature.weight] + feature.frequency);
    best.push(row);
  });
  for (let i = features.length - 1, c = budget; i >= 0; i--) {
    if (best[i + 1][c] !== best[i][c]) {
      skip[i] = true;
      c -= features[i].weight;
    }
  }
  return skip;
}

/**
 * How many articles have each feature. Only the order of reading depends on these numbers, never the
 * answer, so they are kept across requests (and dropped wholesale when the map grows large).
 */
const frequencyEstimates = new Map<string, number>();
const MAX_ESTIMATES = 200_000;

function estimate(key: string, sqlText: string, ...values: unknown[]) {
  let n = frequencyEstimates.get(key);
  if (n === undefined) frequencyEstimates.set(key, (n = statement(sqlText).pluck().get(...values) as number));
  return n;
}

function wordFrequencies(words: string[]) {
  if (frequencyEstimates.size > MAX_ESTIMATES) frequencyEstimates.clear();
  const missing = words.filter((w) => !frequencyEstimates.has(`word:${w}`));
  if (missing.length) {
    // A per-connection view of the FTS index's term statistics: how many articles contain each word.
    db().$client.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.related_terms USING fts5vocab(main, articles_fts, row)");
    const lookup = statement("SELECT doc FROM temp.related_terms WHERE term = ?").pluck();
    // A word the index folds differently (accents) shows no count; it is then simply read early.
    for (const word of missing) frequencyEstimates.set(`word:${word}`, (lookup.get(word) as number | undefined) ?? 0);
  }
  return words.map((w) => frequencyEstimates.get(`word:${w}`)!);
}

/**
 * The exact search, without scoring every article. The score is a sum of weighted features of the target
 * (its category, source, priority, each tag, each word), and each feature has an index that lists the
 * articles sharing it (category and priority indexes, article_tags, the FTS index for words).
 *
 * Scored articles give a floor: the third best score so far. An article that shares none of the features
 * read so far can score at most the sum of the unread features' weights; once that sum is below the floor,
 * no unread article can enter the answer and the search stops. Until then it reads one more feature: the
 * rarest one outside the largest set of features that could be left unread (a knapsack over the floor),
 * so common features (a category of 30,000 articles, the word "notice") are the ones never read.
 * Each article found is scored exactly, after a cheap bound (everything but the words, plus one point per
 * target word) rules out most of them without tokenizing their text.
 */
class RelatedSearch {
  private readonly total = estimate("total", "SELECT count(*) FROM articles");

  private features(target: RelatedFeatures, words: string[], wordCounts: number[]): Feature[] {
    return [
      {
        weight: RELATED_WEIGHTS.category,
        frequency: estimate(`category:${target.category}`, "SELECT count(*) FROM articles WHERE category = ?", target.category),
        lookup: () => ids("SELECT id FROM articles WHERE category = ?", target.category),
      },
      {
        weight: RELATED_WEIGHTS.source,
        // Not indexed: counted as if every article shared it, so it is among the last features read.
        frequency: this.total,
        lookup: () => ids("SELECT id FROM articles WHERE source_name = ?", target.sourceName),
      },
      {
        weight: RELATED_WEIGHTS.priority,
        frequency: estimate(`priority:${target.priority}`, "SELECT count(*) FROM articles WHERE priority = ?", target.priority),
        lookup: () => ids("SELECT id FROM articles WHERE priority = ?", target.priority),
      },
      ...[...target.tags].map((tag) => ({
        weight: RELATED_WEIGHTS.tag,
        frequency: estimate(`tag:${tag}`, "SELECT count(*) FROM article_tags WHERE tag = ?", tag),
        lookup: () => ids("SELECT article_id AS id FROM article_tags WHERE tag = ?", tag),
      })),
      ...words.map((word, i) => ({
        weight: RELATED_WEIGHTS.word,
        frequency: wordCounts[i],
        lookup: () => ids("SELECT rowid AS id FROM articles_fts WHERE articles_fts MATCH ?", titleSummaryMatch([word])),
      })),
    ];
  }

  find(target: RelatedFeatures, limit: number): Scored[] {
    const top = new TopRanked(limit);
    const scored = new Set<number>([target.id]);
    const wordBound = target.words.size * RELATED_WEIGHTS.word;
    const score = (found: number[]) => {
      const fresh = found.filter((id) => !scored.has(id));
      for (const id of fresh) scored.add(id);
      // First everything but the words (cheap columns); the text is read and split only for articles that
      // could still reach the floor with every target word.
      const hopeful: number[] = [];
      for (const row of rowsById<LightRow>(LIGHT_COLUMNS, fresh)) {
        if (scoreWithoutWords(target, row) + wordBound >= top.threshold()) hopeful.push(row.id);
      }
      for (const row of featureRows(hopeful)) {
        top.offer({ id: row.id, score: relatedScore(target, toFeatures(row)), publishDate: row.publish_date });
      }
    };

    score(
      ids(
        `SELECT id FROM articles WHERE category = ? AND priority = ? AND id != ?
         ORDER BY publish_date DESC, id DESC LIMIT ${SEED_SIZE}`,
        target.category,
        target.priority,
        target.id,
      ),
    );
    const words = [...target.words];
    const wordCounts = wordFrequencies(words);
    const rare = words
      .map((word, i) => ({ word, frequency: wordCounts[i] }))
      .filter((w) => w.frequency > 0 && w.frequency <= this.total * RARE_WORD_SHARE)
      .sort((a, b) => a.frequency - b.frequency)
      .slice(0, SEED_WORDS);
    if (rare.length) {
      score(
        ids(
          `SELECT rowid FROM articles_fts WHERE articles_fts MATCH ? ORDER BY rank LIMIT ${SEED_SIZE}`,
          titleSummaryMatch(rare.map((w) => w.word)),
        ),
      );
    }

    let unread = this.features(target, words, wordCounts);
    for (;;) {
      const skip = mostRowsSkipped(unread, top.threshold() - 1);
      const next = unread
        .filter((_, i) => !skip[i])
        .reduce<Feature | undefined>((best, f) => (!best || f.frequency < best.frequency ? f : best), undefined);
      if (!next) return top.items;
      unread = unread.filter((f) => f !== next);
      score(next.lookup());
    }
  }
}

/** Up to `limit` related articles for each of the given articles (the feed's page), found through the indexes. */
export function relatedArticles(articleIds: number[], limit = RELATED_LIMIT): Record<number, RelatedArticle[]> {
  const result: Record<number, RelatedArticle[]> = {};
  if (!articleIds.length) return result;
  const search = new RelatedSearch();
  for (const target of featureRows(articleIds).map(toFeatures)) result[target.id] = displayRows(search.find(target, limit));
  return result;
}

/** The same answer by scoring every article against every target: the reference for tests and the benchmark. */
export function relatedArticlesBruteForce(articleIds: number[], limit = RELATED_LIMIT): Record<number, RelatedArticle[]> {
  const all = (statement(`SELECT ${FEATURE_COLUMNS} FROM articles`).all() as FeatureRow[]).map(toFeatures);
  const result: Record<number, RelatedArticle[]> = {};
  for (const target of all.filter((a) => articleIds.includes(a.id))) {
    const ranked = all
      .filter((other) => other.id !== target.id)
      .map((other) => ({ id: other.id, score: relatedScore(target, other), publishDate: other.publishDate }))
      .filter((r) => r.score > 0)
      .sort(byRank)
      .slice(0, limit);
    result[target.id] = displayRows(ranked);
  }
  return result;
}
