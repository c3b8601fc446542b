// Re-running the classification rules over stored articles: after the rules improve (recategorize),
// or as time passes and comment deadlines come close (fix-priorities). Editors' manual work is never overwritten.
import { and, asc, eq, gt } from "drizzle-orm";
import { db, t } from "../db.server";
import { classifyArticle } from "./classify";
import { replaceArticleTags } from "./store.server";

const BATCH = 500;

type ArticleRow = typeof t.articles.$inferSelect;
type Tx = Parameters<typeof replaceArticleTags>[0];

/** Walks every article not tagged by hand, in id order and batches, each batch one transaction. */
function forEachAutomaticArticle(visit: (row: ArticleRow, tx: Tx) => boolean) {
  let updated = 0;
  let afterId = 0;
  for (;;) {
    const rows = db()
      .select()
      .from(t.articles)
      .where(and(eq(t.articles.manuallyTagged, false), gt(t.articles.id, afterId)))
      .orderBy(asc(t.articles.id))
      .limit(BATCH)
      .all();
    if (!rows.length) return updated;
    db().transaction((tx) => {
      for (const row of rows) if (visit(row, tx)) updated++;
    });
    afterId = rows[rows.length - 1].id;
  }
}

function sourceCategories() {
  return new Map(db().select({ id: t.sources.id, category: t.sources.category }).from(t.sources).all().map((s) => [s.id, s.category]));
}

function classificationOf(row: ArticleRow, categories: Map<number, string>, now: Date) {
  const sourceCategory = row.sourceId ? categories.get(row.sourceId) : undefined;
  return classifyArticle(
    {
      title: row.title,
      summary: row.summary,
      // Articles without a source (the demo sample) are Federal Register documents when they carry a number.
      sourceCategory: sourceCategory ?? (row.documentNumber ? "government" : null),
      sourceName: row.sourceName,
      documentType: row.documentType,
      agencies: row.agencies,
      significant: row.significant,
      commentsCloseOn: row.commentsCloseOn,
    },
    now,
  );
}

const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((tag, i) => tag === b[i]);

/** Re-derives category and tags of every article not tagged by hand. */
export function recategorizeArticles(now = new Date()): { updated: number } {
  const categories = sourceCategories();
  const updated = forEachAutomaticArticle((row, tx) => {
    const { category, tags } = classificationOf(row, categories, now);
    if (category === row.category && sameTags(tags, row.tags)) return false;
    tx.update(t.articles).set({ category, tags }).where(eq(t.articles.id, row.id)).run();
    replaceArticleTags(tx, row.id, tags);
    return true;
  });
  return { updated };
}

/** Re-derives the priority of every article not tagged by hand (comment deadlines move into and out of the 7-day window). */
export function fixPriorities(now = new Date()): { updated: number } {
  const categories = sourceCategories();
  const updated = forEachAutomaticArticle((row, tx) => {
    const { priority } = classificationOf(row, categories, now);
    if (priority === row.priority) return false;
    tx.update(t.articles).set({ priority }).where(eq(t.articles.id, row.id)).run();
    return true;
  });
  return { updated };
}
