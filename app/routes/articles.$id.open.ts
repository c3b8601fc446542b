// "Read Original" without JavaScript: counts the view, then sends the browser to the article's stored URL.
// Only ever that URL, so this can never be used as an open redirect. A link to an article that is gone shows
// the site's 404 page (a script asking for JSON gets the API's JSON), so this route renders as a page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isHttpUrl } from "~/articles/canonical-url";
import { recordView } from "~/articles/store/views.server";
import { visitorArticleRequest } from "~/articles/visitor-request.server";
import { pageRouteRefusal, secureRedirect } from "~/http/responses.server";
import { clientAddress } from "~/http/client-address.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { article, viewerKeys, headers } = await visitorArticleRequest(request, clientAddress(context), params.id, {
    sameOrigin: false,
    notFound: (message) => pageRouteRefusal(request, 404, message),
  });
  if (!/^https?:\/\//i.test(article.originalUrl) || !isHttpUrl(article.originalUrl)) {
    throw pageRouteRefusal(request, 404, "This article has no web address.");
  }
  await recordView(viewerKeys, article.id);
  headers.set("Cache-Control", "no-store");
  // Serialized by the URL parser: a row stored before addresses were checked (a space, CR/LF, non-ASCII)
  // still becomes a valid Location header instead of a 500.
  return secureRedirect(new URL(article.originalUrl.trim()).href, { status: 302, headers });
}

export function action({ request }: ActionFunctionArgs) {
  throw pageRouteRefusal(request, 405, "Method not allowed.", { Allow: "GET, HEAD" });
}

/** Never shown: the loader always redirects or refuses (a refusal renders the root ErrorBoundary's page). */
export default function ReadOriginal() {
  return null;
}
