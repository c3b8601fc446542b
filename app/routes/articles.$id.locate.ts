// A related article's link: finds the feed page that shows the article (keeping the current filters when
// they include it, otherwise the unfiltered feed) and redirects there with the card's anchor. A link to an
// article that is gone shows the site's 404 page (a script asking for JSON gets the API's JSON), so this
// route renders as a page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { articleLocation } from "~/feed/locate.server";
import { pageRouteRefusal, secureRedirect } from "~/http/responses.server";
import { readVisitorId } from "~/visitors/visitor.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const location = await articleLocation(new URL(request.url).searchParams, params.id, await readVisitorId(request));
  if ("href" in location) return secureRedirect(location.href);
  throw pageRouteRefusal(request, 404, location.missing === "id" ? "Not found" : "Article not found.");
}

export function action({ request }: ActionFunctionArgs) {
  throw pageRouteRefusal(request, 405, "Method not allowed.", { Allow: "GET, HEAD" });
}

/** Never shown: the loader always redirects or refuses (a refusal renders the root ErrorBoundary's page). */
export default function LocateArticle() {
  return null;
}
