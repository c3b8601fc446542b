import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiAction } from "~/http/api.server";
import { getArticle } from "~/feed/queries.server";
import { withAppErrors } from "~/http/app-error.server";
import { jsonError, jsonWithEtag } from "~/http/responses.server";
import { parseId } from "~/validation";
import { readVisitorId } from "~/visitors/visitor.server";

/** DELETE: the endpoint list's operation (app/api/registry.server.ts). */
export const action = apiAction("/api/articles/{id}", "Use GET to read an article or DELETE to delete it.");

/** One article in the shape of the /api/articles list items, with why it has its category and priority. */
export const loader = withAppErrors(async ({ request, params }: LoaderFunctionArgs) => {
  const article = await getArticle(parseId(params.id), await readVisitorId(request));
  if (!article) return jsonError(404, "Article not found");
  return jsonWithEtag(request, article);
});
