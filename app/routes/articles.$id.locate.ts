// A related article's link: finds the feed page that shows the article (keeping the current filters when
// they include it, otherwise the unfiltered feed) and redirects there with the card's anchor.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedHref, parseFeedParams } from "~/articles/filters";
import { feedPosition } from "~/articles/queries.server";
import { PAGE_SIZE } from "~/articles/vocabulary";
import { jsonError, methodNotAllowed, parseId, secureRedirect } from "~/http/responses.server";
import { readVisitorId } from "~/visitors/visitor.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const articleId = parseId(params.id);
  const { filters } = parseFeedParams(new URL(request.url).searchParams);
  const visitorId = await readVisitorId(request);
  const anchor = `#article-${articleId}`;
  const inFilters = feedPosition(filters, articleId, visitorId);
  if (inFilters !== null) return secureRedirect(feedHref(filters, Math.floor(inFilters / PAGE_SIZE) + 1, anchor));
  const unfiltered = { timeframe: "all" } as const;
  const anywhere = feedPosition(unfiltered, articleId);
  if (anywhere === null) return jsonError(404, "Article not found.");
  return secureRedirect(feedHref(unfiltered, Math.floor(anywhere / PAGE_SIZE) + 1, anchor));
}

export const action = methodNotAllowed;
