// GET /api/openapi.json: the OpenAPI 3.1 description of the HTTP API (app/api-docs/openapi.server.ts).
import { openApiDocument } from "~/api-docs/openapi.server";
import { allowOnly, secureJson } from "~/http/responses.server";
import { publicUrl } from "~/public-url.server";

export async function loader() {
  return secureJson(openApiDocument(await publicUrl()), { headers: { "Cache-Control": "public, max-age=300" } });
}

export const action = allowOnly("GET, HEAD");
