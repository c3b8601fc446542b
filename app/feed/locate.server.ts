// Where on the feed an article is: the page of the current filters that shows it when they include it,
// otherwise the page of the unfiltered feed, with the card's anchor. Kept out of the route module: the
// validation module it needs brings zod, which a route module's imports would put in the browser bundle.
import { idParam } from "../validation";
import { feedHref, parseFeedParams } from "./filters";
import { feedPosition } from "./queries.server";
import { PAGE_SIZE } from "../articles/vocabulary";

export type ArticleLocation = { href: string } | { missing: "id" | "article" };

export async function articleLocation(searchParams: URLSearchParams, rawId: string | undefined, visitorId: string | undefined): Promise<ArticleLocation> {
  const articleId = idParam(rawId);
  if (articleId === undefined) return { missing: "id" };
  const { filters } = parseFeedParams(searchParams);
  const anchor = `#article-${articleId}`;
  const inFilters = await feedPosition(filters, articleId, visitorId);
  if (inFilters !== null) return { href: feedHref(filters, Math.floor(inFilters / PAGE_SIZE) + 1, anchor) };
  const unfiltered = { timeframe: "all" } as const;
  const anywhere = await feedPosition(unfiltered, articleId);
  if (anywhere === null) return { missing: "article" };
  return { href: feedHref(unfiltered, Math.floor(anywhere / PAGE_SIZE) + 1, anchor) };
}
