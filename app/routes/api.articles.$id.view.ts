// PATCH /api/articles/{id}/view counts the caller's view (once per article per day) and answers the article.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getArticle } from "~/articles/queries.server";
import { recordView } from "~/articles/views.server";
import { visitorArticleRequest } from "~/articles/visitor-request.server";
import { jsonError, secureJson } from "~/http/responses.server";
import { clientAddress } from "~/http/client-address.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method.toUpperCase() !== "PATCH") return jsonError(405, "Use PATCH to count a view.", { Allow: "PATCH" });
  const { article, visitorId, viewerKeys, headers } = await visitorArticleRequest(request, clientAddress(context), params.id);
  recordView(viewerKeys, article.id);
  return secureJson(getArticle(article.id, visitorId), { headers });
}

export function loader() {
  return jsonError(405, "Use PATCH to count a view.", { Allow: "PATCH" });
}
