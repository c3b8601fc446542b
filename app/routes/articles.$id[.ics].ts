// /articles/{id}.ics: the article's comment deadline as an all-day calendar event.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseArticleAddress } from "~/articles/article-page";
import { articleDeadlineCalendar } from "~/rulemakings/comment-periods.server";
import { withAppErrors } from "~/http/app-error.server";
import { textFile } from "~/http/file-responses.server";
import { allowOnly, jsonError } from "~/http/responses.server";
import { publicUrl } from "~/public-url.server";

export const loader = withAppErrors(async ({ params }: LoaderFunctionArgs) => {
  const address = parseArticleAddress(params.id);
  if (!address) throw jsonError(404, "Article not found.");
  return textFile(await articleDeadlineCalendar(address.id, await publicUrl()), "text/calendar; charset=utf-8", {
    download: `comment-deadline-${address.id}.ics`,
  });
});

export const action = allowOnly("GET, HEAD");
