// GET /feed.json?<the feed's filters>: the view's 50 newest articles as a JSON Feed 1.1, with conditional GET.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonFeed, viewEtag, viewOf } from "~/articles/feeds-out.server";
import { withAppErrors } from "~/http/app-error.server";
import { notModified, validatorHeaders } from "~/http/conditional.server";
import { allowOnly } from "~/http/responses.server";

export function loader(args: LoaderFunctionArgs) {
  return withAppErrors(({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const filters = viewOf(url);
    const feed = jsonFeed(filters);
    const headers = validatorHeaders(viewEtag(filters, "json"), feed.lastModified);
    const unchanged = notModified(request, headers);
    if (unchanged) return unchanged;
    headers.set("Content-Type", "application/feed+json; charset=utf-8");
    return new Response(JSON.stringify(feed.body), { status: 200, headers });
  })(args);
}

export const action = allowOnly("GET, HEAD");
