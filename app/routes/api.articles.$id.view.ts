// PATCH /api/articles/{id}/view counts the caller's view (once per article per day) and answers the article.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getArticle } from "~/articles/queries.server";
import { recordView } from "~/articles/views.server";
import { visitorArticleRequest } from "~/articles/visitor-request.server";
import { jsonError, secureJson } from "~/http/responses.server";

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method.toUpperCase() !== "PATCH") return jsonError(405, "Use PATCH to count a view.", { Allow: "PATCH" });
  const { article, visitorId, headers } = await visitorArticleRequest(request, params.id);
  recordView(visitorId, article.id);
  return secureJson(getArticle(article.id, visitorId), { headers });
}

export function loader() {
  return jsonError(405, "Use PATCH to count a view.", { Allow: "PATCH" });
}
