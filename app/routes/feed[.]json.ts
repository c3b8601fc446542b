// GET /feed.json?<the feed's filters>: the view's 50 newest articles as a JSON Feed 1.1, with conditional GET.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonFeed, viewEtag, viewOf } from "~/feed/feeds-out.server";
import { withAppErrors } from "~/http/app-error.server";
import { conditionalAnswer } from "~/http/conditional.server";
import { allowOnly } from "~/http/responses.server";

export function loader(args: LoaderFunctionArgs) {
  return withAppErrors(async ({ request }: LoaderFunctionArgs) => {
    const filters = viewOf(new URL(request.url));
    const feed = await jsonFeed(filters);
    return conditionalAnswer(request, {
      etag: await viewEtag(filters, "json"),
      lastModified: feed.lastModified,
      contentType: "application/feed+json; charset=utf-8",
      body: () => JSON.stringify(feed.body),
    });
  })(args);
}

export const action = allowOnly("GET, HEAD");
