import { Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { parseFeedParams } from "~/articles/filters";
import { feedPage } from "~/articles/queries.server";
import { relatedArticles } from "~/articles/related.server";
import { PAGE_SIZE } from "~/articles/vocabulary";
import { AiSummary } from "~/components/AiSummary";
import { ArticleCard, articleAnchorId } from "~/components/ArticleCard";
import { BookmarkToggle } from "~/components/BookmarkToggle";
import { FeedbackButton } from "~/components/FeedbackDialog";
import { NewsletterSignup } from "~/components/NewsletterSignup";
import { RelatedArticles } from "~/components/RelatedArticles";
import { useHydrated } from "~/hooks";
import { FeedFilters, FeedSearchInput } from "~/components/FeedFilters";
import { FeedPagination } from "~/components/FeedPagination";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { SourcesFaq } from "~/components/SourcesFaq";
import { TrendsCard } from "~/components/TrendsCard";
import { config } from "~/config.server";
import { listPublicSources } from "~/sources/queries.server";
import { latestTrends } from "~/trends/queries.server";
import { readVisitorId } from "~/visitors/visitor.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data?.filters.search
      ? `"${data.filters.search}": Federal Deregulation Tracker`
      : "Federal Deregulation Tracker: US regulatory news intelligence",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { filters, page: requestedPage } = parseFeedParams(new URL(request.url).searchParams);
  const visitorId = await readVisitorId(request);
  const { articles, total, page, pageCount } = feedPage(filters, requestedPage, PAGE_SIZE, visitorId);
  return {
    filters,
    articles,
    total,
    page,
    pageCount,
    trends: latestTrends(),
    sources: listPublicSources(),
    timeZone: config().APP_TIMEZONE,
    related: relatedForCards(articles.map((a) => a.id)),
  };
}

/** Related articles with only the fields their cards show: the page carries its loader data twice (HTML and JSON). */
function relatedForCards(articleIds: number[]) {
  return Object.fromEntries(
    Object.entries(relatedArticles(articleIds)).map(([id, list]) => [
      id,
      list.map(({ originalUrl: _url, score: _score, ...shown }) => shown),
    ]),
  );
}

/** SPEC.md section 9: a card reached from a related article is highlighted for 2 seconds. */
const HIGHLIGHT_MS = 2000;

/**
 * Related-article jumps with JavaScript: a card on this page is reached by changing the hash; another page
 * through the locate route, which redirects to the right page and hash. Either way the card is then
 * scrolled to and highlighted.
 */
function useArticleJumps(pageIds: number[]) {
  const location = useLocation();
  const navigate = useNavigate();
  const [highlighted, setHighlighted] = useState<number | null>(null);
  useEffect(() => {
    const match = /^#article-(\d+)$/.exec(location.hash);
    if (!match) return;
    const id = Number(match[1]);
    const card = document.getElementById(articleAnchorId(id));
    if (!card) return;
    card.scrollIntoView({ block: "start" });
    card.focus({ preventScroll: true });
    setHighlighted(id);
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [location.key, location.hash]);
  const jump = (id: number) => {
    if (pageIds.includes(id)) navigate(`${location.search}#${articleAnchorId(id)}`, { preventScrollReset: true });
    else navigate(`/articles/${id}/locate${location.search}`);
  };
  return { highlighted, jump };
}

function EmptyState({ searching }: { searching: boolean }) {
  return (
    <Stack align="center" py="xl" gap="xs" ta="center" role="status">
      <Title order={2} size="h4">
        No articles found
      </Title>
      <Text c="dimmed" size="sm" maw={520}>
        {searching
          ? "No articles match your search. Try different or fewer keywords, or clear the search to see everything."
          : "No articles match these filters yet. Try another category, priority or time range; sources are checked every 6 hours."}
      </Text>
    </Stack>
  );
}

export default function Feed() {
  const { filters, articles, total, page, pageCount, trends, sources, timeZone, related } = useLoaderData<typeof loader>();
  const first = (page - 1) * PAGE_SIZE + 1;
  const location = useLocation();
  const hydrated = useHydrated();
  const viewCounter = useFetcher();
  const { highlighted, jump } = useArticleJumps(articles.map((a) => a.id));
  const returnTo = `/${location.search}`;
  return (
    <>
      <SiteHeader search={<FeedSearchInput search={filters.search} />} actions={<FeedbackButton />} />
      <main id="main" className="page-container page-main">
        <FeedFilters filters={filters} />
        <TrendsCard trends={trends} />
        <NewsletterSignup />
        <section aria-labelledby="articles-title">
          <div className="section-head">
            <h2 className="title-h4" id="articles-title">
              Latest articles
            </h2>
            <p className="text-sm dimmed" aria-live="polite">
              {total
                ? `Showing ${first}–${first + articles.length - 1} of ${total.toLocaleString("en-US")}`
                : "0 articles"}
            </p>
          </div>
          {articles.length ? (
            <div className="stack">
              {articles.map((article) => (
                <ArticleCard
                  key={article.id}
                  article={article}
                  timeZone={timeZone}
                  search={filters.search}
                  highlighted={highlighted === article.id}
                  readHref={hydrated ? article.originalUrl : `/articles/${article.id}/open`}
                  onReadOriginal={
                    hydrated
                      ? () => viewCounter.submit({}, { method: "PATCH", action: `/api/articles/${article.id}/view` })
                      : undefined
                  }
                  headerAction={<BookmarkToggle articleId={article.id} bookmarked={article.isBookmarked} returnTo={returnTo} />}
                >
                  <AiSummary article={article} />
                  <RelatedArticles
                    related={related[article.id] ?? []}
                    timeZone={timeZone}
                    search={location.search}
                    onJump={hydrated ? jump : undefined}
                  />
                </ArticleCard>
              ))}
            </div>
          ) : (
            <EmptyState searching={Boolean(filters.search)} />
          )}
          <FeedPagination filters={filters} page={page} pageCount={pageCount} />
        </section>
        <SourcesFaq sources={sources} />
      </main>
      <SiteFooter />
    </>
  );
}
