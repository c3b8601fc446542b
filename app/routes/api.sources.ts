import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonWithEtag, allowOnly } from "~/http/responses.server";
import { listSources } from "~/sources/store.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return jsonWithEtag(request, await listSources());
}

export const action = allowOnly("GET, HEAD");
