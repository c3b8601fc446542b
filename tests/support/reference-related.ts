// Related articles by scoring every article against every target: the reference the indexed search
// (app/related/search.server.ts) and the stored lists are compared with, by the tests and the benchmarks.
import { byRank, FEATURE_COLUMNS, RELATED_LIMIT, relatedScore, toFeatures, type FeatureRow, type Scored } from "~/related/score";
import { sql } from "drizzle-orm";
import { all } from "~/db.server";
import { displayAll, type RelatedArticle } from "~/related/pages.server";

/** Up to `limit` related articles for each of the given articles, ranked, scored against every article. */
export async function searchRelatedBruteForce(articleIds: number[], limit: number): Promise<(readonly [number, Scored[]])[]> {
  const every = (await all<FeatureRow>(sql.raw(`SELECT ${FEATURE_COLUMNS} FROM articles`))).map(toFeatures);
  return every
    .filter((a) => articleIds.includes(a.id))
    .map((target) => {
      const ranked = every
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
  return displayAll(await searchRelatedBruteForce(articleIds, limit));
}
