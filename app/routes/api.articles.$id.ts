import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiOperation } from "~/admin/api.server";
import { operations } from "~/admin/operations.server";
import { getArticle } from "~/articles/queries.server";
import { jsonError, jsonWithEtag, parseId } from "~/http/responses.server";
import { readVisitorId } from "~/visitors/visitor.server";

export const action = ({ request, params }: ActionFunctionArgs) =>
  request.method.toUpperCase() === "DELETE"
    ? apiOperation(request, "DELETE", operations.deleteArticle, { id: params.id })
    : jsonError(405, "Use GET to read an article or DELETE to delete it.", { Allow: "GET, HEAD, DELETE" });

/** One article in the shape of the /api/articles list items, with why it has its category and priority. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const article = getArticle(parseId(params.id), await readVisitorId(request));
  if (!article) return jsonError(404, "Article not found");
  return jsonWithEtag(request, article);
}
