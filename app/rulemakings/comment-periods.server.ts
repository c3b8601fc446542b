// Federal Register documents whose comment period is open: the list at /comment-periods, the calendar files,
// and the newsletter's deadlines. "Open" means the last day to comment is today or later in APP_TIMEZONE.
import type { EventAttributes } from "ics";
import { config } from "../config.server";
import { AppError } from "../errors";
import { dayInZone } from "../time";
import { articlePath, docketUrl } from "../articles/article-page";
import { commentAnswersOf } from "../articles/comment-counts.server";
import type { CommentPeriodOrder } from "./comment-period-orders";
import { articleDeadline, countOpenCommentPeriods, openCommentPeriods } from "./store/comment-periods.server";

export type CommentPeriod = {
  id: number;
  title: string;
  sourceName: string;
  documentNumber: string | null;
  documentType: string | null;
  agencies: string[];
  docketIds: string[];
  commentsCloseOn: string;
  publishDate: string;
  /** The comment count as the Federal Register API last gave it (app/articles/store/comment-counts.server.ts). */
  commentsCount: number | null;
  commentsDocketId: string | null;
  commentsReadAt: Date | null;
};

/** Today (YYYY-MM-DD) in the product's time zone. */
export function todayInZone(now = new Date()) {
  return dayInZone(now, config().APP_TIMEZONE);
}

/** The day `days` calendar days after `day` (YYYY-MM-DD). */
export function addDays(day: string, days: number) {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export const COMMENT_PERIODS_PAGE_SIZE = 25;

/**
 * One page of /comment-periods in the order asked for, the page clamped to the last one that exists; each period with
 * its comments (the count, and how it grew over the last week).
 */
export async function commentPeriodsPage(requestedPage: number, today = todayInZone(), order: CommentPeriodOrder = "deadline") {
  const total = await countOpenCommentPeriods(today);
  const pageCount = Math.max(1, Math.ceil(total / COMMENT_PERIODS_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const rows = total ? await openCommentPeriods({ today, order, limit: COMMENT_PERIODS_PAGE_SIZE, offset: (page - 1) * COMMENT_PERIODS_PAGE_SIZE }) : [];
  const comments = await commentAnswersOf(rows);
  const periods = rows.map(({ commentsCount: _count, commentsDocketId: _docket, commentsReadAt: _read, ...period }) => ({
    ...period,
    comments: comments(period.id),
  }));
  return { periods, total, page, pageCount, today, order };
}

const PRODUCT_ID = "-//Federal Deregulation Tracker//Comment deadlines//EN";

/** An all-day event on the comment deadline: the day itself, ending the next day (RFC 5545 DTEND is exclusive). */
function deadlineEvent(period: Pick<CommentPeriod, "id" | "title" | "docketIds" | "documentNumber" | "commentsCloseOn">, siteUrl: string): EventAttributes {
  const url = `${siteUrl}${articlePath(period)}`;
  const [y, m, d] = period.commentsCloseOn.split("-").map(Number);
  const [ny, nm, nd] = addDays(period.commentsCloseOn, 1).split("-").map(Number);
  const description = [
    `Last day to comment on: ${period.title}`,
    period.documentNumber ? `Federal Register document ${period.documentNumber}` : "",
    ...period.docketIds.map((id) => `Docket ${id}: ${docketUrl(id)}`),
    url,
  ].filter(Boolean);
  return {
    uid: `comment-deadline-${period.id}@${new URL(siteUrl).host}`,
    start: [y, m, d],
    end: [ny, nm, nd],
    title: `Comments due: ${period.title}`,
    description: description.join("\n"),
    url,
    categories: ["Comment deadline"],
    transp: "TRANSPARENT",
  };
}

/**
 * The calendar file of these events. ics is imported at the first calendar asked for: with the validation library it
 * brings, it kept 1.3 MB alive in every web process (docs/benchmarks.md, "Modules the web process seldom uses,
 * loaded when used").
 */
async function calendar(events: EventAttributes[], name: string) {
  const { createEvents } = await import("ics");
  const { error, value } = createEvents(events, { productId: PRODUCT_ID, calName: name });
  if (error || !value) throw new AppError("failed", `The calendar could not be written: ${error?.message ?? "no output"}`);
  return value;
}

/** The calendar file of one article's comment deadline; not-found when it has none (or the date is not a day). */
export async function articleDeadlineCalendar(articleId: number, siteUrl: string) {
  const row = await articleDeadline(articleId);
  if (!row) throw new AppError("not-found", "Article not found.");
  if (!row.commentsCloseOn || !/^\d{4}-\d{2}-\d{2}$/.test(row.commentsCloseOn)) throw new AppError("not-found", "This article has no comment deadline.");
  return calendar([deadlineEvent({ ...row, commentsCloseOn: row.commentsCloseOn }, siteUrl)], "Comment deadline");
}

/** Every open comment period as one calendar. */
export async function openDeadlinesCalendar(siteUrl: string, today = todayInZone()) {
  return calendar(
    (await openCommentPeriods({ today })).map((period) => deadlineEvent(period, siteUrl)),
    "Open comment periods",
  );
}
