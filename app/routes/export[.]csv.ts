// GET /export.csv?<the feed's filters>: every article of the view as a CSV file, streamed (app/articles/export.server.ts).
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { exportCsv } from "~/articles/export.server";
import { viewOf } from "~/articles/feeds-out.server";
import { withAppErrors } from "~/http/app-error.server";
import { applySecurityHeaders } from "~/http/security-headers.server";
import { allowOnly } from "~/http/responses.server";
import { dayInZone } from "~/time";
import { config } from "~/config.server";

export function loader(args: LoaderFunctionArgs) {
  return withAppErrors(({ request }: LoaderFunctionArgs) => {
    const filters = viewOf(new URL(request.url));
    const headers = new Headers({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="deregulation-${dayInZone(new Date(), config().APP_TIMEZONE)}.csv"`,
      "Cache-Control": "no-cache",
    });
    applySecurityHeaders(headers);
    return new Response(createReadableStreamFromReadable(exportCsv(filters)), { status: 200, headers });
  })(args);
}

export const action = allowOnly("GET, HEAD");
