// Reading stored articles by id beyond the feed's reads (app/feed/store/search.server.ts): their fields, links and
// summaries, the total, and the editors' labelled articles the classifier learns from.
import { eq, sql } from "drizzle-orm";
import { all, db, first, t } from "../../db.server";
import { EDITOR_REASON } from "../../articles/vocabulary";

export async function articleTotal() {
  return (await first<{ n: number }>(sql`SELECT count(*) AS n FROM articles`))!.n;
}

/** The id and link of an article, or undefined when there is no such article. */
export async function articleLink(id: number) {
  return first(db().select({ id: t.articles.id, originalUrl: t.articles.originalUrl }).from(t.articles).where(eq(t.articles.id, id)));
}

/** The id and title of an article (what its page's address is made of), or undefined when there is no such article. */
export async function articleHeading(id: number) {
  return first(db().select({ id: t.articles.id, title: t.articles.title }).from(t.articles).where(eq(t.articles.id, id)));
}

/** Every stored field of an article, or undefined when there is no such article. */
export async function storedArticle(id: number) {
  return first(db().select().from(t.articles).where(eq(t.articles.id, id)));
}

/** What writing an AI summary reads of an article, with the summary already stored, or undefined when there is none. */
export async function summaryRow(articleId: number) {
  return first(
    db()
      .select({
        id: t.articles.id,
        title: t.articles.title,
        summary: t.articles.summary,
        sourceName: t.articles.sourceName,
        originalUrl: t.articles.originalUrl,
        agencies: t.articles.agencies,
        documentType: t.articles.documentType,
        registerAction: t.articles.registerAction,
        effectiveOn: t.articles.effectiveOn,
        commentsCloseOn: t.articles.commentsCloseOn,
        aiSummary: t.articles.aiSummary,
        aiSummaryProvider: t.articles.aiSummaryProvider,
        aiSummaryModel: t.articles.aiSummaryModel,
      })
      .from(t.articles)
      .where(eq(t.articles.id, articleId)),
  );
}

/** An article's own summary (empty when it has none), or undefined when there is no such article. */
export async function articleOwnSummary(articleId: number) {
  return (await first(db().select({ summary: t.articles.summary }).from(t.articles).where(eq(t.articles.id, articleId))))?.summary;
}

/** The articles whose category an editor set by hand: labelled items the classifier learns from (scripts/train-classify.ts). */
export async function articlesCategorizedByEditors() {
  const { id, title, summary, category, documentNumber } = t.articles;
  return all(db().select({ id, title, summary, category, documentNumber }).from(t.articles).where(eq(t.articles.categoryReason, EDITOR_REASON)));
}
