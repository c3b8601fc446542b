import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseApiArticleQuery } from "~/articles/api-query.server";
import { listArticles } from "~/articles/queries.server";
import { jsonError, jsonWithEtag, methodNotAllowed } from "~/http/responses.server";
import { readVisitorId } from "~/visitors/visitor.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const query = parseApiArticleQuery(new URL(request.url).searchParams);
  if ("error" in query) return jsonError(400, query.error!);
  const visitorId = await readVisitorId(request);
  const articles = listArticles(query.filters, { visitorId, limit: query.limit, offset: query.offset });
  return jsonWithEtag(request, articles);
}

export const action = methodNotAllowed;
