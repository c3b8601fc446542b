// GET /api/articles/facets?<the feed's filters>: what the articles of a view cite most, counted: per RIN, docket,
// CFR part and CFR title, each list bounded by `limit`. A way to find what to follow (rin, docket, cfr). Kept per
// content revision and limited per address (app/feed/identifier-facets.server.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseApiFacetQuery } from "~/feed/api-query.server";
import { cachedIdentifierFacets } from "~/feed/identifier-facets.server";
import { withAppErrors } from "~/http/app-error.server";
import { clientAddress } from "~/http/client-address.server";
import { allowOnly, jsonWithEtag } from "~/http/responses.server";
import { addressRateKey } from "~/rate-limit.server";
import { readVisitorId } from "~/visitors/visitor.server";

export const loader = withAppErrors(async ({ request, context }: LoaderFunctionArgs) => {
  const query = parseApiFacetQuery(new URL(request.url).searchParams);
  // Only the Saved view is the caller's own: no other answer reads the visitor cookie.
  const visitorId = query.filters.saved ? await readVisitorId(request) : undefined;
  const client = addressRateKey(clientAddress(context));
  return jsonWithEtag(request, await cachedIdentifierFacets(query.filters, query.limit, client, visitorId));
});

export const action = allowOnly("GET, HEAD");
