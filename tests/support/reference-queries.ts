// The plain plan of the article list and count (the search drives, every match is sorted): the reference the
// search plans of app/articles/queries.server.ts are compared with, by the tests and the query benchmark.
import { countWith, filterConditions, listArticlesWith, type ArticleJson, type ListOptions } from "~/articles/queries.server";
import type { ArticleFilters } from "~/articles/filters";

/** listArticles through the plain plan. */
export function listArticlesPlain(filters: ArticleFilters, options: ListOptions = {}): ArticleJson[] {
  return listArticlesWith(filterConditions(filters, options.visitorId, "reference"), options);
}

/** countArticles by joining every match with its article. */
export function countArticlesPlain(filters: ArticleFilters, visitorId?: string): number {
  return countWith(filterConditions(filters, visitorId, "reference"));
}
