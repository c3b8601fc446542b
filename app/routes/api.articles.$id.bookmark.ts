// PATCH /api/articles/{id}/bookmark toggles the caller's bookmark and answers the article as the caller sees it.
// Without JavaScript the card's form POSTs here and is sent back to the page it came from.
import type { ActionFunctionArgs } from "@remix-run/node";
import { toggleBookmark } from "~/articles/bookmarks.server";
import { getArticle } from "~/articles/queries.server";
import { jsonError, secureJson, secureRedirect } from "~/http/responses.server";
import { safeReturnPath } from "~/http/return-to";
import { visitorArticleRequest } from "~/articles/visitor-request.server";
import { clientAddress } from "~/http/client-address.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  const method = request.method.toUpperCase();
  if (method !== "PATCH" && method !== "POST") return jsonError(405, "Use PATCH to toggle a bookmark.", { Allow: "PATCH, POST" });
  const { article, visitorId, headers } = await visitorArticleRequest(request, clientAddress(context), params.id);
  toggleBookmark(visitorId, article.id);
  if (method === "POST") {
    const form = await request.formData().catch(() => null);
    const back = safeReturnPath(form?.get("returnTo"));
    return secureRedirect(`${back}#article-${article.id}`, { headers });
  }
  return secureJson(getArticle(article.id, visitorId), { headers });
}

export function loader() {
  return jsonError(405, "Use PATCH to toggle a bookmark.", { Allow: "PATCH, POST" });
}
