// GET /export.csv?<the feed's filters>: every article of the view as a CSV file, streamed (app/feed/export.server.ts).
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { exportCsv } from "~/feed/export.server";
import { viewOf } from "~/feed/feeds-out.server";
import { withAppErrors } from "~/http/app-error.server";
import { clientAddress } from "~/http/client-address.server";
import { addressRateKey } from "~/rate-limit.server";
import { applySecurityHeaders } from "~/http/security-headers.server";
import { allowOnly } from "~/http/responses.server";
import { dayInZone } from "~/time";
import { config } from "~/config.server";

export function loader(args: LoaderFunctionArgs) {
  return withAppErrors(async ({ request, context }: LoaderFunctionArgs) => {
    const filters = viewOf(new URL(request.url));
    const headers = new Headers({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="deregulation-${dayInZone(new Date(), config().APP_TIMEZONE)}.csv"`,
      "Cache-Control": "no-cache",
    });
    applySecurityHeaders(headers);
    // Remix answers a HEAD without reading the body: an export started for it would hold its slot for good.
    if (request.method === "HEAD") return new Response(null, { status: 200, headers });
    // The signal aborts when the reader hangs up (Remix's own path, in development): the export stops and frees
    // its slot. server.ts pipes the export itself in production and destroys it then.
    const csv = await exportCsv(filters, { client: addressRateKey(clientAddress(context)), signal: request.signal });
    return new Response(createReadableStreamFromReadable(csv), { status: 200, headers });
  })(args);
}

export const action = allowOnly("GET, HEAD");
