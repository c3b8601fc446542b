// The plain plan of the article list and count (the search drives, every match is sorted): the reference the
// search plans of app/feed/queries.server.ts are compared with, by the tests and the query benchmark.
import type { ArticleFilters } from "~/feed/filters";
import { listArticlesWith, type ArticleJson, type ListOptions } from "~/feed/queries.server";
import { countWith, filterConditions } from "~/feed/store/search.server";

/** listArticles through the plain plan. */
export async function listArticlesPlain(filters: ArticleFilters, options: ListOptions = {}): Promise<ArticleJson[]> {
  return listArticlesWith(await filterConditions(filters, options.visitorId, "reference"), options, filters.sort);
}

/** countArticles by joining every match with its article. */
export async function countArticlesPlain(filters: ArticleFilters, visitorId?: string): Promise<number> {
  return countWith(await filterConditions(filters, visitorId, "reference"));
}
