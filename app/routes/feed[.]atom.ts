// GET /feed.atom?<the feed's filters>: the view's 50 newest articles as an Atom 1.0 feed, with conditional GET.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { atomFeed, viewEtag, viewOf } from "~/feed/feeds-out.server";
import { withAppErrors } from "~/http/app-error.server";
import { conditionalAnswer } from "~/http/conditional.server";
import { allowOnly } from "~/http/responses.server";

export function loader(args: LoaderFunctionArgs) {
  return withAppErrors(async ({ request }: LoaderFunctionArgs) => {
    const filters = viewOf(new URL(request.url));
    const feed = await atomFeed(filters);
    return conditionalAnswer(request, {
      etag: await viewEtag(filters, "atom"),
      lastModified: feed.lastModified,
      contentType: "application/atom+xml; charset=utf-8",
      body: () => feed.body,
    });
  })(args);
}

export const action = allowOnly("GET, HEAD");
