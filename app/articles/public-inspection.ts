// What the product says about a document read from the Federal Register's public inspection desk and not (yet) read
// published (docs/decisions/032): before its day, when it publishes; once its day has passed without the published
// version arriving (withdrawn from the desk, published late, or outside the site's Federal Register sources), that it
// was due then. Shared by the server and the browser (the feed card and the article page render it).
import { formatDate } from "../time";
import { CALENDAR_DAY, daysUntil } from "./article-page";

/**
 * Whether the day the desk gave (YYYY-MM-DD) has passed: `today` (YYYY-MM-DD in the product's time zone, from the
 * loader, as for comment deadlines) is after it. On the day itself the document still publishes today. False when
 * today is not known or the day is not a calendar day: the desk's own word stands.
 */
export function publicInspectionDayPassed(publishesOn: string, today: string | undefined) {
  return today !== undefined && CALENDAR_DAY.test(publishesOn) && CALENDAR_DAY.test(today) && daysUntil(today, publishesOn) < 0;
}

/**
 * The badge's words: "On public inspection: publishes Sep 15, 2025", or "Was on public inspection: due to publish
 * Sep 15, 2025" once that day has passed.
 */
export function publicInspectionLabel(publishesOn: string, today: string | undefined, timeZone: string) {
  // A calendar day: read at noon UTC, it stays on that day in every US zone (as the article page's register dates).
  const day = formatDate(`${publishesOn}T12:00:00Z`, timeZone);
  return publicInspectionDayPassed(publishesOn, today) ? `Was on public inspection: due to publish ${day}` : `On public inspection: publishes ${day}`;
}
