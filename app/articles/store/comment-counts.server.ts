// Comment counts: each Federal Register document's count of comments on regulations.gov, as the Federal Register API's
// `regulations_dot_gov_info` gives it at every read, kept on the article (the latest) and in article_comment_counts
// (the history, bounded: docs/decisions/048-comment-counts-kept-with-history.md). Regulations.gov itself is never
// asked: its API allows 1,000 requests an hour and its docket records do not reliably carry counts.
import { and, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { all, db, t, type Transaction, type TransactionPart } from "../../db.server";

/** A read finding the same count as the last row of the history adds a row only once this much later. */
export const COMMENT_HISTORY_STEP_MS = 86_400_000;

/** What one read of the API said of a stored document's comments. */
export type CommentRead = { articleId: number; count: number; docketId: string | null; readAt: Date };

const CHUNK = 5_000;

function* chunks<T>(items: T[], size: number) {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** Whether a read adds a row to the history: the count changed since the last row, or a day passed since it. */
export function addsHistoryRow(last: { count: number; readAt: Date } | undefined, read: { count: number; readAt: Date }) {
  return !last || last.count !== read.count || read.readAt.getTime() - last.readAt.getTime() >= COMMENT_HISTORY_STEP_MS;
}

/**
 * Records reads of comment counts, as steps of the caller's transaction: each article takes the count, its docket and
 * the read's time (unless it holds a later read already: a backfill may run beside a scrape), and the history gains a
 * row when addsHistoryRow says so. A changed count moves the article revision, so shared pages show it
 * (docs/decisions/013): the revision's trigger watches other columns.
 */
export function* recordCommentReads(tx: Transaction, reads: CommentRead[]): TransactionPart<void> {
  if (!reads.length) return;
  // The last read of an article wins within a batch (a page never lists a document twice, but the batch may).
  const latest = new Map<number, CommentRead>();
  for (const read of reads) {
    const had = latest.get(read.articleId);
    if (!had || had.readAt <= read.readAt) latest.set(read.articleId, read);
  }
  const ids = [...latest.keys()];
  const stored = new Map<number, { count: number | null; docketId: string | null; readAt: Date | null }>();
  const lastRows = new Map<number, { count: number; readAt: Date }>();
  for (const chunk of chunks(ids, CHUNK)) {
    const rows = yield* tx.all(
      tx.db
        .select({ id: t.articles.id, count: t.articles.commentsCount, docketId: t.articles.commentsDocketId, readAt: t.articles.commentsReadAt })
        .from(t.articles)
        .where(inArray(t.articles.id, chunk)),
    );
    for (const row of rows) stored.set(row.id, row);
    const last = yield* tx.all(
      tx.db
        .select({ articleId: t.articleCommentCounts.articleId, count: t.articleCommentCounts.count, readAt: t.articleCommentCounts.readAt })
        .from(t.articleCommentCounts)
        .where(
          and(
            inArray(t.articleCommentCounts.articleId, chunk),
            sql`${t.articleCommentCounts.readAt} = (SELECT max(h.read_at) FROM article_comment_counts h WHERE h.article_id = ${t.articleCommentCounts.articleId})`,
          ),
        ),
    );
    for (const row of last) lastRows.set(row.articleId, { count: row.count, readAt: row.readAt });
  }
  let changed = false;
  for (const read of latest.values()) {
    const article = stored.get(read.articleId);
    if (!article || (article.readAt && article.readAt > read.readAt)) continue;
    yield* tx.execute(
      tx.db
        .update(t.articles)
        .set({ commentsCount: read.count, commentsDocketId: read.docketId, commentsReadAt: read.readAt })
        .where(eq(t.articles.id, read.articleId)),
    );
    if (article.count !== read.count) changed = true;
    if (addsHistoryRow(lastRows.get(read.articleId), read))
      yield* tx.execute(
        tx.db.insert(t.articleCommentCounts).values({ articleId: read.articleId, readAt: read.readAt, count: read.count }).onConflictDoNothing(),
      );
  }
  if (changed) yield* tx.execute(sql`UPDATE article_revision SET revision = revision + 1 WHERE id = 1`);
}

/** The growth of an article's comment count over the week to `now`, while its comment period is open. */
export type CommentGrowth = { articleId: number; count: number; since: number };

/**
 * For each article, the count the week started from: its last row of the history at or before `weekStart`, or, when
 * none is that old, its first row after it. Null for an article whose only row is its latest one, within the week:
 * nothing to compare. One query for the rows before the week and one for those in it, whatever the list's length.
 */
export async function weekStartCounts(articleIds: readonly number[], weekStart: Date, now: Date): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  if (!articleIds.length) return found;
  const h = t.articleCommentCounts;
  const before = await all(
    db()
      .select({ articleId: h.articleId, count: h.count })
      .from(h)
      .where(
        and(
          inArray(h.articleId, [...articleIds]),
          sql`${h.readAt} = (SELECT max(m.read_at) FROM article_comment_counts m WHERE m.article_id = ${h.articleId} AND m.read_at <= ${weekStart.getTime()})`,
        ),
      ),
  );
  for (const row of before) found.set(row.articleId, row.count);
  const missing = articleIds.filter((id) => !found.has(id));
  if (!missing.length) return found;
  // The rows within the week, oldest first: the first one is the start, when another one follows it.
  const within = await all(
    db()
      .select({ articleId: h.articleId, count: h.count })
      .from(h)
      .where(and(inArray(h.articleId, missing), gte(h.readAt, weekStart), lte(h.readAt, now)))
      .orderBy(h.articleId, h.readAt),
  );
  const seen = new Map<number, number>();
  for (const row of within) {
    const rows = (seen.get(row.articleId) ?? 0) + 1;
    seen.set(row.articleId, rows);
    if (rows === 1) found.set(row.articleId, row.count);
  }
  for (const id of missing) if ((seen.get(id) ?? 0) < 2) found.delete(id);
  return found;
}

/** An article's history of comment counts, newest first (at most `limit` rows). */
export async function commentHistoryOf(articleId: number, limit = 60) {
  const h = t.articleCommentCounts;
  return all(db().select({ readAt: h.readAt, count: h.count }).from(h).where(eq(h.articleId, articleId)).orderBy(desc(h.readAt)).limit(limit));
}
