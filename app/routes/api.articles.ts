import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseApiArticleQuery } from "~/feed/api-query.server";
import { countArticles, listArticles } from "~/feed/queries.server";
import { withAppErrors } from "~/http/app-error.server";
import { jsonListWithEtag, allowOnly, storedList, storedListAnswer } from "~/http/responses.server";
import { sharedAnswers, sharesAnswers } from "~/http/shared-answers.server";
import { feedRevision } from "~/feed/shared-feed.server";
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

/** The anonymous answers every reader without a visitor cookie shares, per URL and content revision (decision 056). */
const anonymousAnswers = sharedAnswers();

export const loader = withAppErrors(async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const query = parseApiArticleQuery(url.searchParams);
  const visitorId = await readVisitorId(request);
  const answer = async () => {
    const articles = await listArticles(query.filters, { visitorId, limit: query.limit, offset: query.offset });
    // A short page that is not past the end is the last one: where it ends is the total, no count needed.
    const isLastPage = articles.length < query.limit && (articles.length > 0 || query.offset === 0);
    const total = isLastPage ? query.offset + articles.length : await countArticles(query.filters, visitorId);
    return { articles, headers: pagingHeaders(url, total, query.offset + articles.length) };
  };
  // Without a visitor cookie no article is bookmarked, so the answer is every such reader's: made once per revision.
  if (!visitorId && sharesAnswers()) {
    const stored = await anonymousAnswers(`${url.pathname}${url.search}`, await feedRevision(), async () => {
      const { articles, headers } = await answer();
      return storedList(articles, headers);
    });
    return storedListAnswer(request, stored);
  }
  const { articles, headers } = await answer();
  // Compressed in one pass, or written as read to a client taking no encoding (responses.server.ts).
  return jsonListWithEtag(request, articles, { headers });
});

export const action = allowOnly("GET, HEAD");
