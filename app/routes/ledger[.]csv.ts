// GET /ledger.csv?fy=YYYY: the deregulation ledger of a federal fiscal year as CSV (app/ledger/csv.server.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { applySecurityHeaders } from "~/http/security-headers.server";
import { allowOnly, jsonError } from "~/http/responses.server";
import { ledgerCsv } from "~/ledger/csv.server";
import { FISCAL_YEAR_PROBLEM, parseFiscalYear } from "~/designations/fiscal-year";
import { currentFiscalYear, ledgerOf } from "~/ledger/ledger.server";
import { publicUrl } from "~/public-url.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const text = new URL(request.url).searchParams.get("fy");
  const fy = text === null || text === "" ? currentFiscalYear() : parseFiscalYear(text);
  if (fy === undefined) return jsonError(400, `Invalid 'fy' parameter: ${FISCAL_YEAR_PROBLEM}`);
  const headers = new Headers({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="deregulation-ledger-fy${fy}.csv"`,
    "Cache-Control": "no-cache",
  });
  applySecurityHeaders(headers);
  return new Response(ledgerCsv(await ledgerOf(fy), await publicUrl()), { status: 200, headers });
}

export const action = allowOnly("GET, HEAD");
