// Reading the open comment periods: Federal Register documents whose last day to comment is a given day or later.
import { and, asc, desc, eq, gte, lte, sql } from "drizzle-orm";
import { all, db, engine, first, t } from "../../db.server";
import { config } from "../../config.server";
import { dayInZone } from "../../time";
import type { CommentPeriod } from "../comment-periods.server";
import type { CommentPeriodOrder } from "../comment-period-orders";

/** Today (YYYY-MM-DD) in the product's time zone (todayInZone): the first day still open. */
const todayOpen = () => dayInZone(new Date(), config().APP_TIMEZONE);

// Stored dates come from the API as text; only well-formed days are compared as text, so a malformed value can
// never sort among them. The condition reads the indexed column only (migration 0009's partial index).
// PostgreSQL has no GLOB: the same pattern as a regular expression.
const wellFormed = () =>
  engine() === "postgres"
    ? sql`${t.articles.commentsCloseOn} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`
    : sql`${t.articles.commentsCloseOn} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`;

function openSince(today: string, until?: string) {
  return and(gte(t.articles.commentsCloseOn, today), until ? lte(t.articles.commentsCloseOn, until) : undefined, wellFormed());
}

const columns = {
  id: t.articles.id,
  title: t.articles.title,
  sourceName: t.articles.sourceName,
  documentNumber: t.articles.documentNumber,
  documentType: t.articles.documentType,
  agencies: t.articles.agencies,
  docketIds: t.articles.docketIds,
  commentsCloseOn: t.articles.commentsCloseOn,
  publishDate: t.articles.publishDate,
  commentsCount: t.articles.commentsCount,
  commentsDocketId: t.articles.commentsDocketId,
  commentsReadAt: t.articles.commentsReadAt,
};

/** Soonest deadline first; or most comments first (documents without a count last), then the soonest deadline. */
function periodOrder(order: CommentPeriodOrder | undefined) {
  const soonest = [asc(t.articles.commentsCloseOn), asc(t.articles.id)];
  return order === "comments" ? [desc(sql`coalesce(${t.articles.commentsCount}, -1)`), ...soonest] : soonest;
}

/**
 * Open comment periods closing on or before `until` (all when not given), soonest deadline first unless `order` says
 * "comments": the open periods are few (the partial index on the deadline finds them), so sorting them costs little.
 */
export async function openCommentPeriods(
  options: { today?: string; until?: string; limit?: number; offset?: number; order?: CommentPeriodOrder } = {},
): Promise<CommentPeriod[]> {
  const today = options.today ?? todayOpen();
  let query = db()
    .select(columns)
    .from(t.articles)
    .where(openSince(today, options.until))
    .orderBy(...periodOrder(options.order))
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return (await all(query)).map((row) => ({ ...row, commentsCloseOn: row.commentsCloseOn!, publishDate: row.publishDate.toISOString() }));
}

export async function countOpenCommentPeriods(today = todayOpen()) {
  return (await first<{ n: number }>(sql`SELECT count(*) AS n FROM ${t.articles} WHERE ${openSince(today)}`))!.n;
}

/** An article's deadline fields (its comment deadline as stored, maybe none), or undefined when there is no such article. */
export async function articleDeadline(articleId: number) {
  return first(db().select(columns).from(t.articles).where(eq(t.articles.id, articleId)));
}
