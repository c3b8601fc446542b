// PATCH /api/articles/{id}/view counts the caller's view (once per article per day) and answers the article.
import type { ActionFunctionArgs } from "@remix-run/node";
import { getArticle } from "~/feed/queries.server";
import { recordView } from "~/articles/store/views.server";
import { visitorArticleRequest } from "~/articles/visitor-request.server";
import { withAppErrors } from "~/http/app-error.server";
import { allowOnly, methodNotAllowed, secureJson } from "~/http/responses.server";
import { clientAddress } from "~/http/client-address.server";

const ALLOW = "PATCH";
const USE_PATCH = "Use PATCH to count a view.";

export const action = withAppErrors(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method.toUpperCase() !== "PATCH") return methodNotAllowed(ALLOW, USE_PATCH);
  const { article, visitorId, viewerKeys, headers } = await visitorArticleRequest(request, clientAddress(context), params.id);
  await recordView(viewerKeys, article.id);
  return secureJson(await getArticle(article.id, visitorId), { headers });
});

export const loader = allowOnly(ALLOW, USE_PATCH);
