import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonError, jsonWithEtag, allowOnly } from "~/http/responses.server";
import { latestTrends } from "~/trends/store.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const trends = await latestTrends();
  if (!trends) return jsonError(404, "No trends analysis has been generated yet.");
  // The analysis changes at most daily; clients refetch hourly.
  return jsonWithEtag(request, trends, { maxAge: 3600 });
}

export const action = allowOnly("GET, HEAD");
