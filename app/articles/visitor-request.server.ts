// The shared prelude of the visitor's own article actions (bookmark, view): same site only,
// a real article, and the visitor id (created on first use).
import { eq } from "drizzle-orm";
import { db, t } from "../db.server";
import { assertSameOrigin } from "../http/csrf.server";
import { jsonError, parseId } from "../http/responses.server";
import { ensureVisitorId } from "../visitors/visitor.server";

export async function visitorArticleRequest(request: Request, rawId: string | undefined, options = { sameOrigin: true }) {
  if (options.sameOrigin) assertSameOrigin(request);
  const articleId = parseId(rawId);
  const article = db()
    .select({ id: t.articles.id, originalUrl: t.articles.originalUrl })
    .from(t.articles)
    .where(eq(t.articles.id, articleId))
    .get();
  if (!article) throw jsonError(404, "Article not found.");
  const { visitorId, setCookie } = await ensureVisitorId(request);
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return { article, visitorId, headers };
}
