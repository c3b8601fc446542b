// A related article's link: finds the feed page that shows the article (keeping the current filters when
// they include it, otherwise the unfiltered feed) and redirects there with the card's anchor. A link to an
// article that is gone shows the site's 404 page (a script asking for JSON gets the API's JSON), so this
// route renders as a page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { feedHref, parseFeedParams } from "~/articles/filters";
import { feedPosition } from "~/articles/queries.server";
import { PAGE_SIZE } from "~/articles/vocabulary";
import { pageRouteRefusal, secureRedirect } from "~/http/responses.server";
import { idParam } from "~/validation";
import { readVisitorId } from "~/visitors/visitor.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const articleId = idParam(params.id);
  if (articleId === undefined) throw pageRouteRefusal(request, 404, "Not found");
  const { filters } = parseFeedParams(new URL(request.url).searchParams);
  const visitorId = await readVisitorId(request);
  const anchor = `#article-${articleId}`;
  const inFilters = feedPosition(filters, articleId, visitorId);
  if (inFilters !== null) return secureRedirect(feedHref(filters, Math.floor(inFilters / PAGE_SIZE) + 1, anchor));
  const unfiltered = { timeframe: "all" } as const;
  const anywhere = feedPosition(unfiltered, articleId);
  if (anywhere === null) throw pageRouteRefusal(request, 404, "Article not found.");
  return secureRedirect(feedHref(unfiltered, Math.floor(anywhere / PAGE_SIZE) + 1, anchor));
}

export function action({ request }: ActionFunctionArgs) {
  throw pageRouteRefusal(request, 405, "Method not allowed.", { Allow: "GET, HEAD" });
}

/** Never shown: the loader always redirects or refuses (a refusal renders the root ErrorBoundary's page). */
export default function LocateArticle() {
  return null;
}
