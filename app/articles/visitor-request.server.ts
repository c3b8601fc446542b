// The shared prelude of the visitor's own article actions (bookmark, view): same site only,
// a real article, and the visitor id (created on first use).
import { assertSameOrigin } from "../auth/same-origin.server";
import { AppError } from "../errors";
import { addressRateKey } from "../rate-limit.server";
import { idParam } from "../validation";
import { ensureVisitorId } from "../visitors/visitor.server";
import { articleLink } from "./store/reads.server";

type Options = {
  sameOrigin?: boolean;
  /** What is thrown when the id names no article: a "not-found" AppError unless the route answers pages too. */
  notFound?: (message: string) => unknown;
};

export async function visitorArticleRequest(request: Request, clientAddress: string, rawId: string | undefined, options: Options = {}) {
  const { sameOrigin = true, notFound = (message: string) => new AppError("not-found", message) } = options;
  if (sameOrigin) assertSameOrigin(request);
  const articleId = idParam(rawId);
  const article = articleId === undefined ? undefined : await articleLink(articleId);
  if (!article) throw notFound(articleId === undefined ? "Not found" : "Article not found.");
  const { visitorId, setCookie } = await ensureVisitorId(request);
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  // A caller without a cookie gets a fresh id on every request: its views also count against its address,
  // or dropping the cookie would count a view again each time.
  const viewerKeys = setCookie ? [visitorId, `address:${addressRateKey(clientAddress)}`] : [visitorId];
  return { article, visitorId, viewerKeys, headers };
}
