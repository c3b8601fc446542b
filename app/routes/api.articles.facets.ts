// GET /api/articles/facets?<the feed's filters>: what the articles of a view cite most, counted: per RIN, docket,
// CFR part and CFR title, each list bounded by `limit`. A way to find what to follow (rin, docket, cfr).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseApiFacetQuery } from "~/articles/api-query.server";
import { identifierFacets } from "~/articles/queries.server";
import { withAppErrors } from "~/http/app-error.server";
import { allowOnly, jsonWithEtag } from "~/http/responses.server";
import { readVisitorId } from "~/visitors/visitor.server";

export const loader = withAppErrors(async ({ request }: LoaderFunctionArgs) => {
  const query = parseApiFacetQuery(new URL(request.url).searchParams);
  // Only the Saved view is the caller's own: no other answer reads the visitor cookie.
  const visitorId = query.filters.saved ? await readVisitorId(request) : undefined;
  return jsonWithEtag(request, await identifierFacets(query.filters, query.limit, visitorId));
});

export const action = allowOnly("GET, HEAD");
