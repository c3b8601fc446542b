// GET /feed.atom?<the feed's filters>: the view's 50 newest articles as an Atom 1.0 feed, with conditional GET.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { atomFeed, viewEtag, viewOf } from "~/articles/feeds-out.server";
import { withAppErrors } from "~/http/app-error.server";
import { notModified, validatorHeaders } from "~/http/conditional.server";
import { allowOnly } from "~/http/responses.server";

export function loader(args: LoaderFunctionArgs) {
  return withAppErrors(({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const filters = viewOf(url);
    const feed = atomFeed(filters);
    const headers = validatorHeaders(viewEtag(filters, "atom"), feed.lastModified);
    const unchanged = notModified(request, headers);
    if (unchanged) return unchanged;
    headers.set("Content-Type", "application/atom+xml; charset=utf-8");
    return new Response(feed.body, { status: 200, headers });
  })(args);
}

export const action = allowOnly("GET, HEAD");
