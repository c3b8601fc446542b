// Related articles as the pages show them: the feed reads the stored lists alone
// (app/related/store/lists.server.ts), an article page computes and stores its own list when it is missing,
// and other lengths are found by the indexed search (app/related/search.server.ts, run by
// store/search.server.ts); the score itself is app/related/score.ts. Decision 022: a feed page
// never searches.
import { articleHeading } from "../articles/store/reads.server";
import { RELATED_LIMIT, type Scored } from "./score";
import { displayRows, searchRelated, type DisplayRow } from "./store/search.server";
import { relatedListsOnDemand, storedRelatedLists } from "./store/lists.server";

export { RELATED_LIMIT, RELATED_WEIGHTS, significantWords } from "./score";
export { storedRelatedCounts } from "./store/counts.server";

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

/** The cards' fields of each target's ranked related articles: rows already read are used, the others read in one query. */
export async function displayAll(rankings: Iterable<readonly [number, Scored[]]>, known: DisplayRow[] = []): Promise<Record<number, RelatedArticle[]>> {
  const ranked = [...rankings];
  const byId = new Map(known.map((row) => [row.id, row]));
  const unread = [...new Set(ranked.flatMap(([, list]) => list.map((r) => r.id)))].filter((id) => !byId.has(id));
  for (const row of await displayRows(unread)) byId.set(row.id, row);
  const result: Record<number, RelatedArticle[]> = {};
  for (const [targetId, list] of ranked) {
    result[targetId] = list.flatMap((r) => {
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
  return result;
}

/**
 * The feed page's related articles: the stored lists of its cards, read in one indexed query, never searched. A
 * card whose list is not stored yet (the runner fills them, newest first) has no entry: it shows no related block.
 */
export async function storedRelatedArticles(articleIds: number[]): Promise<Record<number, RelatedArticle[]>> {
  if (!articleIds.length) return {};
  const { lists, rows } = await storedRelatedLists(articleIds);
  return displayAll(lists, rows);
}

/**
 * Up to `limit` related articles for each of the given articles (an article page asks for its own): the stored
 * list, or when none is stored yet the indexed search's answer, which is then stored. Other lengths are searched.
 */
export async function relatedArticles(articleIds: number[], limit = RELATED_LIMIT): Promise<Record<number, RelatedArticle[]>> {
  if (!articleIds.length) return {};
  if (limit !== RELATED_LIMIT) return searchedRelatedArticles(articleIds, limit);
  const { lists, rows } = await relatedListsOnDemand(articleIds);
  return displayAll(lists, rows);
}

/** The indexed search's answer, never stored (tests and benchmarks compare it with tests/support/reference-related.ts). */
export async function searchedRelatedArticles(articleIds: number[], limit = RELATED_LIMIT): Promise<Record<number, RelatedArticle[]>> {
  return displayAll(await searchRelated(articleIds, limit));
}

/**
 * One article's related articles as a card's "Related Articles" block shows them once opened, without the fields a
 * card never shows; undefined when there is no such article. The list is the stored one, computed and stored when
 * missing, as on the article's page.
 */
export async function relatedOfArticle(id: number) {
  const article = await articleHeading(id);
  if (!article) return undefined;
  const related = ((await relatedArticles([id]))[id] ?? []).map(({ originalUrl: _url, score: _score, ...shown }) => shown);
  return { article, related };
}
