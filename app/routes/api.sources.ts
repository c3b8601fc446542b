import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonWithEtag } from "~/http/responses.server";
import { listSources } from "~/sources/queries.server";

export function loader({ request }: LoaderFunctionArgs) {
  return jsonWithEtag(request, listSources());
}
