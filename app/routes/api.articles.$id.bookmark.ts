// PATCH /api/articles/{id}/bookmark toggles the caller's bookmark and answers the article as the caller sees it.
// Without JavaScript the card's form POSTs here and is sent back to the page it came from.
import type { ActionFunctionArgs } from "@remix-run/node";
import { toggleBookmark } from "~/articles/bookmarks.server";
import { getArticle } from "~/articles/queries.server";
import { readForm } from "~/http/input.server";
import { jsonError, secureJson, secureRedirect } from "~/http/responses.server";
import { safeReturnPath } from "~/http/return-to";
import { visitorArticleRequest } from "~/articles/visitor-request.server";
import { clientAddress } from "~/http/client-address.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  const method = request.method.toUpperCase();
  if (method !== "PATCH" && method !== "POST") return jsonError(405, "Use PATCH to toggle a bookmark.", { Allow: "PATCH, POST" });
  const { article, visitorId, headers } = await visitorArticleRequest(request, clientAddress(context), params.id);
  // The form is read before the toggle: a body that is refused must change nothing.
  const form = method === "POST" ? await readForm(request) : null;
  toggleBookmark(visitorId, article.id);
  if (form) {
    const back = new URL(safeReturnPath(form.get("returnTo")), "http://site.invalid");
    back.hash = `article-${article.id}`;
    return secureRedirect(`${back.pathname}${back.search}${back.hash}`, { headers });
  }
  return secureJson(getArticle(article.id, visitorId), { headers });
}

export function loader() {
  return jsonError(405, "Use PATCH to toggle a bookmark.", { Allow: "PATCH, POST" });
}
