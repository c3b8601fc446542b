// An article's related articles on their own: what a feed card's "Related Articles (N)" block shows once opened.
// The feed carries only each block's count (docs/decisions/054); with JavaScript the card loads this route's data
// when the reader opens it, without JavaScript the block links here. The query string is the feed view the reader
// came from, kept by each entry's locate link and by the way back.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { parseArticleAddress } from "~/articles/article-page";
import { FeedbackButton } from "~/components/FeedbackDialog";
import { RelatedList } from "~/components/RelatedArticles";
import { articleAnchorId } from "~/components/ArticleCard";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { config } from "~/config.server";
import { pageRouteRefusal } from "~/http/responses.server";
import { relatedOfArticle } from "~/related/pages.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Related to "${data.article.title}": Federal Deregulation Tracker` : "Related articles: Federal Deregulation Tracker" },
  // A page of links to other pages, for readers without JavaScript: search engines have the articles' own pages.
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  // Only the bare id: the card's link never carries a slug.
  const address = parseArticleAddress(params.id);
  if (!address || address.slug !== undefined) throw pageRouteRefusal(request, 404, "Article not found.");
  const found = await relatedOfArticle(address.id);
  if (!found) throw pageRouteRefusal(request, 404, "Article not found.");
  return json({ ...found, timeZone: config().APP_TIMEZONE });
}

export default function RelatedArticlesPage() {
  const { article, related, timeZone } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <>
      <SiteHeader actions={<FeedbackButton />} />
      <main id="main" className="page-container page-main">
        <p className="text-sm">
          <Link to={`/${search}#${articleAnchorId(article.id)}`} className="anchor is-sm">
            Back to the feed
          </Link>
        </p>
        <section className="panel" aria-labelledby="related-title">
          <h2 className="title-h4 mb-xs" id="related-title">{`Related to "${article.title}"`}</h2>
          {related.length ? <RelatedList related={related} timeZone={timeZone} search={search} /> : <p className="text-sm dimmed">No related articles yet.</p>}
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
