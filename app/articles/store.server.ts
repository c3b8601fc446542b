// Writing articles: one insert path for every source, deduplicated by canonical URL and
// Federal Register document number across all sources.
import { eq, inArray, sql } from "drizzle-orm";
import { db, t } from "../db.server";
import { canonicalUrl, federalRegisterDocumentNumber, isHttpUrl } from "./canonical-url";
import { classifyArticle } from "./classify";

export type NewArticle = {
  title: string;
  summary: string;
  originalUrl: string;
  publishDate: Date;
  sourceId: number | null;
  sourceName: string;
  sourceCategory?: string | null;
  documentNumber?: string | null;
  documentType?: string | null;
  agencies?: string[];
  significant?: boolean;
  commentsCloseOn?: string | null;
  effectiveOn?: string | null;
  isDemo?: boolean;
};

export type InsertOutcome =
  | { status: "inserted"; id: number }
  | { status: "duplicate" }
  | { status: "deleted" }
  /** The link is not an http(s) URL: never stored, so it can never be rendered as a link. */
  | { status: "invalid-url" };

function dedupKeys(canonical: string, documentNumber: string | null | undefined) {
  return [`url:${canonical}`, ...(documentNumber ? [`doc:${documentNumber}`] : [])];
}

/** Inserts a classified article unless it (or a deleted twin) is already known. */
export function insertArticle(input: NewArticle): InsertOutcome {
  if (!isHttpUrl(input.originalUrl)) return { status: "invalid-url" };
  const canonical = canonicalUrl(input.originalUrl);
  const documentNumber = input.documentNumber || federalRegisterDocumentNumber(input.originalUrl) || null;
  const database = db();
  return database.transaction((tx) => {
    const tombstone = tx.select().from(t.deletedArticles).where(inArray(t.deletedArticles.key, dedupKeys(canonical, documentNumber))).get();
    if (tombstone) return { status: "deleted" } as const;
    const { category, priority, tags } = classifyArticle({
      title: input.title,
      summary: input.summary,
      sourceCategory: input.sourceCategory,
      documentType: input.documentType,
      agencies: input.agencies,
      significant: input.significant,
      commentsCloseOn: input.commentsCloseOn,
    });
    const inserted = tx
      .insert(t.articles)
      .values({
        title: input.title,
        summary: input.summary,
        category,
        priority,
        tags,
        sourceId: input.sourceId,
        sourceName: input.sourceName,
        originalUrl: input.originalUrl,
        canonicalUrl: canonical,
        documentNumber,
        documentType: input.documentType ?? null,
        agencies: input.agencies ?? [],
        significant: input.significant ?? false,
        commentsCloseOn: input.commentsCloseOn ?? null,
        effectiveOn: input.effectiveOn ?? null,
        publishDate: input.publishDate,
        isDemo: input.isDemo ?? false,
      })
      .onConflictDoNothing()
      .returning({ id: t.articles.id })
      .get();
    if (!inserted) return { status: "duplicate" } as const;
    replaceArticleTags(tx, inserted.id, tags);
    return { status: "inserted", id: inserted.id } as const;
  });
}

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** Keeps the article_tags index in step with the article's tag list. */
export function replaceArticleTags(tx: Tx | ReturnType<typeof db>, articleId: number, tags: string[]) {
  tx.delete(t.articleTags).where(eq(t.articleTags.articleId, articleId)).run();
  if (tags.length) tx.insert(t.articleTags).values(tags.map((tag) => ({ articleId, tag }))).onConflictDoNothing().run();
}

/** Deletes articles and remembers them, so the next scrape does not bring them back. */
export function deleteArticles(ids: number[]) {
  if (!ids.length) return 0;
  return db().transaction((tx) => {
    const rows = tx
      .select({ canonicalUrl: t.articles.canonicalUrl, documentNumber: t.articles.documentNumber })
      .from(t.articles)
      .where(inArray(t.articles.id, ids))
      .all();
    const keys = rows.flatMap((row) => dedupKeys(row.canonicalUrl, row.documentNumber));
    if (keys.length) tx.insert(t.deletedArticles).values(keys.map((key) => ({ key }))).onConflictDoNothing().run();
    return tx.delete(t.articles).where(inArray(t.articles.id, ids)).run().changes;
  });
}

export function articleTotal() {
  return db().get<{ n: number }>(sql`SELECT count(*) AS n FROM articles`).n;
}
