// Related articles by scoring every article against every target: the reference the indexed search
// (app/articles/related-search.server.ts) and the stored lists are compared with, by the tests and the benchmarks.
import { byRank, FEATURE_COLUMNS, RELATED_LIMIT, relatedScore, toFeatures, type FeatureRow, type Scored } from "~/articles/related-score";
import { statement } from "~/db.server";
import { displayAll, type RelatedArticle } from "~/articles/related.server";

/** Up to `limit` related articles for each of the given articles, ranked, scored against every article. */
export function searchRelatedBruteForce(articleIds: number[], limit: number): (readonly [number, Scored[]])[] {
  const all = (statement(`SELECT ${FEATURE_COLUMNS} FROM articles`).all() as FeatureRow[]).map(toFeatures);
  return all
    .filter((a) => articleIds.includes(a.id))
    .map((target) => {
      const ranked = all
        .filter((other) => other.id !== target.id)
        .map((other) => ({ id: other.id, score: relatedScore(target, other), publishDate: other.publishDate }))
        .filter((r) => r.score > 0)
        .sort(byRank)
        .slice(0, limit);
      return [target.id, ranked] as const;
    });
}

/** The brute-force answer as the cards show it: what relatedArticles must equal. */
export async function relatedArticlesBruteForce(articleIds: number[], limit = RELATED_LIMIT): Promise<Record<number, RelatedArticle[]>> {
  return displayAll(searchRelatedBruteForce(articleIds, limit));
}
