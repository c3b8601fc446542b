// /comment-periods.ics: every open comment period's deadline, one calendar to import.
import { openDeadlinesCalendar } from "~/rulemakings/comment-periods.server";
import { withAppErrors } from "~/http/app-error.server";
import { textFile } from "~/http/file-responses.server";
import { allowOnly } from "~/http/responses.server";
import { publicUrl } from "~/public-url.server";

export const loader = withAppErrors(async () =>
  textFile(await openDeadlinesCalendar(await publicUrl()), "text/calendar; charset=utf-8", { download: "comment-deadlines.ics" }),
);

export const action = allowOnly("GET, HEAD");
