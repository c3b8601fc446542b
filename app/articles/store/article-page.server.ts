// Reading what an article's own page and the sitemap show beyond the card.
import { asc, eq, gt, sql } from "drizzle-orm";
import { all, db, first, t } from "../../db.server";

/** The Federal Register fields of an article and when its AI summary was written, or undefined when there is none. */
export async function articlePageFields(id: number) {
  return first(
    db()
      .select({
        effectiveOn: t.articles.effectiveOn,
        registerAction: t.articles.registerAction,
        regulationIdNumbers: t.articles.regulationIdNumbers,
        cfrReferences: t.articles.cfrReferences,
        docketIds: t.articles.docketIds,
        topics: t.articles.topics,
        significant: t.articles.significant,
        aiSummaryAt: t.articles.aiSummaryAt,
      })
      .from(t.articles)
      .where(eq(t.articles.id, id)),
  );
}

/** How many articles are stored. */
export async function countArticlePages(): Promise<number> {
  return (await first<{ n: number }>(sql`SELECT count(*) AS n FROM ${t.articles}`))!.n;
}

/** Articles in id order: a new article lands in the last chunk and the others keep theirs. */
export async function articlesInIdOrder(offset: number, size: number, afterId?: number) {
  return all(
    db()
      .select({ id: t.articles.id, title: t.articles.title, createdAt: t.articles.createdAt, aiSummaryAt: t.articles.aiSummaryAt })
      .from(t.articles)
      .where(afterId === undefined ? undefined : gt(t.articles.id, afterId))
      .orderBy(asc(t.articles.id))
      .limit(size)
      .offset(offset),
  );
}
