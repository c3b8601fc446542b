// Minimal version; the full implementation lives on its own branch.
import { eq } from "drizzle-orm";
import { classifyArticle } from "../articles/classify";
import { db, t } from "../db.server";

/** Tags from the vocabulary that fit the article (empty when the article does not exist). */
export async function suggestTags(articleId: number): Promise<string[]> {
  const article = db().select().from(t.articles).where(eq(t.articles.id, articleId)).get();
  if (!article) return [];
  return classifyArticle({ title: article.title, summary: article.summary, documentType: article.documentType, agencies: article.agencies }).tags;
}
