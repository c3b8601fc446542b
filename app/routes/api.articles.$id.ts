import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiOperation } from "~/http/api.server";
import { operations } from "~/admin/operations.server";
import { getArticle } from "~/articles/queries.server";
import { withAppErrors } from "~/http/app-error.server";
import { jsonError, jsonWithEtag, methodNotAllowed } from "~/http/responses.server";
import { parseId } from "~/validation";
import { readVisitorId } from "~/visitors/visitor.server";

export const action = ({ request, params }: ActionFunctionArgs) =>
  request.method.toUpperCase() === "DELETE"
    ? apiOperation(request, "DELETE", operations.deleteArticle, { id: params.id })
    : methodNotAllowed("GET, HEAD, DELETE", "Use GET to read an article or DELETE to delete it.");

/** One article in the shape of the /api/articles list items, with why it has its category and priority. */
export const loader = withAppErrors(async ({ request, params }: LoaderFunctionArgs) => {
  const article = getArticle(parseId(params.id), await readVisitorId(request));
  if (!article) return jsonError(404, "Article not found");
  return jsonWithEtag(request, article);
});
