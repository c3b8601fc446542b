// What a list of articles shows of their comments (the answer's `comments`): the count each article holds, and while
// its comment period is open how much the count grew over the last seven days, from the history
// (app/articles/store/comment-counts.server.ts) read for the whole list in two queries.
import type { ArticleComments } from "./answer.server";
import { weekStartCounts } from "./store/comment-counts.server";
import { config } from "../config.server";
import { dayInZone } from "../time";

export const WEEK_MS = 7 * 86_400_000;

type CountedRow = {
  id: number;
  commentsCount: number | null;
  commentsDocketId: string | null;
  commentsReadAt: Date | null;
  commentsCloseOn: string | null;
};

/** Whether the comment period is open on `today` (YYYY-MM-DD): its last day is today or later. */
export function commentPeriodOpen(commentsCloseOn: string | null, today: string) {
  return Boolean(commentsCloseOn && /^\d{4}-\d{2}-\d{2}$/.test(commentsCloseOn) && commentsCloseOn >= today);
}

/** The comments of these rows, by article id: null for a row without a count. */
export async function commentAnswersOf(rows: readonly CountedRow[], now = new Date()): Promise<(id: number) => ArticleComments | null> {
  const today = dayInZone(now, config().APP_TIMEZONE);
  const open = rows.filter((row) => row.commentsCount !== null && commentPeriodOpen(row.commentsCloseOn, today)).map((row) => row.id);
  const starts = await weekStartCounts(open, new Date(now.getTime() - WEEK_MS), now);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return (id) => {
    const row = byId.get(id);
    if (!row || row.commentsCount === null) return null;
    const start = starts.get(id);
    return {
      count: row.commentsCount,
      docketId: row.commentsDocketId,
      weekGrowth: start === undefined ? null : row.commentsCount - start,
      readAt: (row.commentsReadAt ?? now).toISOString(),
    };
  };
}
