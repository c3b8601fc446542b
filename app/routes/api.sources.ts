import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonWithEtag, allowOnly } from "~/http/responses.server";
import { listSources } from "~/sources/queries.server";

export function loader({ request }: LoaderFunctionArgs) {
  return jsonWithEtag(request, listSources());
}

export const action = allowOnly("GET, HEAD");
