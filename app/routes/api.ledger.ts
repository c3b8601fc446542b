// GET /api/ledger?fy=YYYY: the deregulation ledger of a federal fiscal year (app/ledger/ledger.server.ts), as JSON.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonError, jsonWithEtag, allowOnly } from "~/http/responses.server";
import { FISCAL_YEAR_PROBLEM, parseFiscalYear } from "~/designations/fiscal-year";
import { currentFiscalYear, ledgerOf } from "~/ledger/ledger.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  for (const name of params.keys()) if (name !== "fy") return jsonError(400, `Unknown parameter '${name}'. The parameters are: fy.`);
  const text = params.get("fy");
  const fy = text === null || text === "" ? currentFiscalYear() : parseFiscalYear(text);
  if (fy === undefined) return jsonError(400, `Invalid 'fy' parameter: ${FISCAL_YEAR_PROBLEM}`);
  // Counted per request: a new document, a re-read or an editor's correction shows at once; the ETag spares the body.
  return jsonWithEtag(request, await ledgerOf(fy), { maxAge: 0 });
}

export const action = allowOnly("GET, HEAD");
