import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseApiArticleQuery } from "~/feed/api-query.server";
import { countArticles, listArticles } from "~/feed/queries.server";
import { withAppErrors } from "~/http/app-error.server";
import { jsonListWithEtag, allowOnly } from "~/http/responses.server";
import { readVisitorId } from "~/visitors/visitor.server";

/**
 * Paging headers: X-Total-Count (every match), and when more follow this answer a `Link` to the next page
 * (root-relative, the same parameters with the next offset), so a client can read a large set to the end.
 */
function pagingHeaders(requestUrl: URL, total: number, nextOffset: number) {
  const headers = new Headers({ "X-Total-Count": String(total) });
  if (nextOffset < total) {
    const next = new URLSearchParams(requestUrl.searchParams);
    next.set("offset", String(nextOffset));
    headers.set("Link", `<${requestUrl.pathname}?${next}>; rel="next"`);
  }
  return headers;
}

export const loader = withAppErrors(async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const query = parseApiArticleQuery(url.searchParams);
  const visitorId = await readVisitorId(request);
  const articles = await listArticles(query.filters, { visitorId, limit: query.limit, offset: query.offset });
  // A short page that is not past the end is the last one: where it ends is the total, no count needed.
  const isLastPage = articles.length < query.limit && (articles.length > 0 || query.offset === 0);
  const total = isLastPage ? query.offset + articles.length : await countArticles(query.filters, visitorId);
  // Written as the client reads it: up to 1,000 articles (about 1.5 MB) are never held as one text.
  return jsonListWithEtag(request, articles, { headers: pagingHeaders(url, total, query.offset + articles.length) });
});

export const action = allowOnly("GET, HEAD");
