import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { feedHref, parseFeedParams, showingLabel, tidyFeedPath, type ArticleFilters } from "~/feed/filters";
import { countArticles, feedPage, newestPublishDate, type ArticleJson } from "~/feed/queries.server";
import { storedRelatedCounts } from "~/related/pages.server";
import { PAGE_SIZE } from "~/articles/vocabulary";
import { AiSummary } from "~/components/AiSummary";
import { AlertForm } from "~/components/AlertForm";
import { ToastHere } from "~/components/Toasts";
import { ArticleCard, articleAnchorId } from "~/components/ArticleCard";
import { cardRuleText } from "~/components/RuleTextLines";
import { BookmarkToggle } from "~/components/BookmarkToggle";
import { FeedEmptyState, type EmptyFeedHelp } from "~/components/FeedEmptyState";
import { FeedbackButton } from "~/components/FeedbackDialog";
import { NewsletterSignup } from "~/components/NewsletterSignup";
import { RelatedArticles } from "~/components/RelatedArticles";
import { GroupToggle, RulemakingGroups } from "~/components/RulemakingGroups";
import { useHydrated } from "~/hooks";
import { FeedFilters, FeedSearchInput } from "~/components/FeedFilters";
import { FeedPagination, Pagination } from "~/components/FeedPagination";
import { useFeedState } from "~/components/feed-state";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { SourcesFaq } from "~/components/SourcesFaq";
import { TrendsCard } from "~/components/TrendsCard";
import { config } from "~/config.server";
import { firstUpdateState } from "~/jobs/first-update.server";
import { articlePath } from "~/articles/article-page";
import { dayInZone } from "~/time";
import { carriesToast } from "~/http/flash.server";
import { secureRedirect } from "~/http/responses.server";
import { feedPageParts } from "~/feed-page/parts.server";
import { rulemakingGroupsPage } from "~/rulemakings/groups.server";
import { asksForGrouping, GROUPED_CATEGORY, groupedHref, isGroupedView } from "~/feed/grouped-view";
import { readVisitorId } from "~/visitors/visitor.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data?.filters.search ? `"${data.filters.search}": Federal Deregulation Tracker` : "Federal Deregulation Tracker: US regulatory news intelligence",
  },
  // The view as feeds a reader's software can follow (the Saved view is the visitor's own and has none).
  ...(data && !data.filters.saved
    ? [
        { tagName: "link", rel: "alternate", type: "application/atom+xml", title: "This view (Atom)", href: feedHref(data.filters, 1, "", "/feed.atom") },
        { tagName: "link", rel: "alternate", type: "application/feed+json", title: "This view (JSON Feed)", href: feedHref(data.filters, 1, "", "/feed.json") },
      ]
    : []),
];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tidyPath = tidyFeedPath(url);
  if (tidyPath) throw secureRedirect(tidyPath);
  const { filters, page: requestedPage } = parseFeedParams(url.searchParams);
  // Only the Regulatory Rollbacks view groups by rulemaking, in one address per page: elsewhere `group` goes, as any
  // untidy parameter does, and the grouped view drops the filters that narrow documents only.
  const grouped = asksForGrouping(url.searchParams);
  if (grouped) {
    const address = isGroupedView(filters, url.searchParams) ? groupedHref(requestedPage) : feedHref(filters, requestedPage);
    if (address !== `${url.pathname}${url.search}`) throw secureRedirect(address);
  }
  // Only the Saved view, and a page showing the outcome of the reader's own form (a toast), are the visitor's
  // own. Every other page is the same for every reader and is shared (server.ts, docs/decisions/013): its
  // bookmark buttons learn their state after load (useFeedState).
  const ownPage = Boolean(filters.saved) || carriesToast(request.headers.get("Cookie") ?? undefined);
  const visitorId = ownPage ? await readVisitorId(request) : undefined;
  // The Regulatory Rollbacks view grouped by rulemaking: a page of rulemakings instead of documents.
  const groups = grouped ? await rulemakingGroupsPage(GROUPED_CATEGORY, requestedPage, PAGE_SIZE) : null;
  const { articles, total, totalCapped, page, pageCount } = groups
    ? { articles: [], total: 0, totalCapped: false, page: 1, pageCount: 1 }
    : await feedPage(filters, requestedPage, PAGE_SIZE, visitorId);
  return json(
    {
      filters,
      groups,
      articles: articles.map((article) => withoutCardDefaults(cardFields(article))),
      total,
      totalCapped,
      page,
      pageCount,
      emptyHelp: total || groups ? null : await emptyFeedHelp(filters, visitorId),
      // Facets, trends and sources: read once per revision of the shared pages.
      ...(await feedPageParts()),
      timeZone: config().APP_TIMEZONE,
      // The shared page's revision includes the day (docs/decisions/013), so "Comments close in N days" stays true.
      today: dayInZone(new Date(), config().APP_TIMEZONE),
      // Only how many related articles each card has: the entries come when a reader opens the block (decision 054).
      relatedCounts: await storedRelatedCounts(articles.map((a) => a.id)),
    },
    ownPage ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

/**
 * What the empty state can offer: how the first update goes when no article is stored at all, else the newest
 * match when a time filter hid it, and whether anything is saved.
 */
async function emptyFeedHelp(filters: ArticleFilters, visitorId: string | undefined): Promise<EmptyFeedHelp> {
  const firstUpdate = await firstUpdateState();
  if (firstUpdate) return { firstUpdate };
  return {
    newestAnyTime: filters.timeframe === "all" ? undefined : await newestPublishDate({ ...filters, timeframe: "all" }, visitorId),
    hasSaved: filters.saved ? (await countArticles({ timeframe: "all", saved: true }, visitorId)) > 0 : undefined,
  };
}

/**
 * An article with the fields its card and the page's scripts use (not when it was stored, nor its source's id, nor
 * its full text's statements beyond the designation).
 */
function cardFields({ createdAt: _createdAt, sourceId: _sourceId, ruleText, ...shown }: ArticleJson) {
  return { ...shown, ruleText: cardRuleText(ruleText) };
}

type Card = ReturnType<typeof cardFields>;

/**
 * What most cards hold in these fields. The loader leaves a field out when it holds this value and the page puts it
 * back (`withCardDefaults`), so the page's loader data does not repeat a dozen nulls a card: the server renders and
 * the browser hydrates the same cards (docs/benchmarks.md, "First load of `/` under 150 KB, its HTML under 80
 * KB").
 */
const CARD_DEFAULTS = {
  documentNumber: null,
  documentType: null,
  commentsCloseOn: null,
  aiSummary: null,
  aiSummaryBy: null,
  officialDesignation: null,
  publicInspection: null,
  rulemaking: null,
  restrictions: null,
  comments: null,
  ruleText: null,
  manuallyTagged: false,
  isBookmarked: false,
  views: 0,
} satisfies Partial<Card>;

type CardDefault = keyof typeof CARD_DEFAULTS;
const CARD_DEFAULT_KEYS = Object.keys(CARD_DEFAULTS) as CardDefault[];

export function withoutCardDefaults(card: Card): Omit<Card, CardDefault> & Partial<Pick<Card, CardDefault>> {
  const sent: Partial<Card> = { ...card };
  for (const key of CARD_DEFAULT_KEYS) if (sent[key] === CARD_DEFAULTS[key]) delete sent[key];
  return sent as Card;
}

/**
 * A sent card with the fields the loader left out put back, in place: copying each card with a spread took about 0.3
 * ms of a page's render and its garbage (docs/benchmarks.md, "A page encoded in pieces"). Filling only what is
 * missing, it can run again on the same card.
 */
export function withCardDefaults<T extends object>(sent: T) {
  const card = sent as Record<string, unknown>;
  for (const key of CARD_DEFAULT_KEYS) if (!(key in card)) card[key] = CARD_DEFAULTS[key];
  return sent as typeof CARD_DEFAULTS & T;
}

/** A card reached from a related article is highlighted for 2 seconds. */
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

export default function Feed() {
  const {
    filters,
    groups,
    facets,
    articles: sentArticles,
    total,
    totalCapped,
    page,
    pageCount,
    emptyHelp,
    trends,
    newestArticleBeforeWindow,
    sources,
    timeZone,
    today,
    relatedCounts,
  } = useLoaderData<typeof loader>();
  const articles = useMemo(() => sentArticles.map(withCardDefaults), [sentArticles]);
  const first = (page - 1) * PAGE_SIZE + 1;
  const location = useLocation();
  const hydrated = useHydrated();
  const viewCounter = useFetcher();
  const { highlighted, jump } = useArticleJumps(articles.map((a) => a.id));
  const feedState = useFeedState(articles, Boolean(filters.saved));
  const returnTo = `/${location.search}`;
  return (
    <>
      <SiteHeader search={<FeedSearchInput search={filters.search} />} actions={<FeedbackButton />} />
      <main id="main" className="page-container page-main">
        <FeedFilters filters={filters} facets={facets} />
        <TrendsCard trends={trends} newestArticleBeforeWindow={newestArticleBeforeWindow} timeZone={timeZone} />
        <NewsletterSignup />
        {groups ? (
          <section aria-labelledby="rulemakings-title">
            <div className="section-head">
              <h2 className="title-h4" id="rulemakings-title">
                Rulemakings
              </h2>
              <p className="text-sm dimmed" aria-live="polite">
                {groups.total
                  ? showingLabel((groups.page - 1) * PAGE_SIZE + 1, groups.groups.length, groups.total)
                  : "No rulemaking has a document in this view yet."}
              </p>
            </div>
            <GroupToggle grouped documentsHref={feedHref(filters)} rulemakingsHref={groupedHref()} />
            {groups.groups.length ? <RulemakingGroups groups={groups.groups} timeZone={timeZone} /> : null}
            <Pagination page={groups.page} pageCount={groups.pageCount} hrefFor={(p) => groupedHref(p)} />
          </section>
        ) : (
          <section aria-labelledby="articles-title">
            <div className="section-head">
              <h2 className="title-h4" id="articles-title">
                Latest articles
              </h2>
              <p className="text-sm dimmed" aria-live="polite">
                {total ? showingLabel(first, articles.length, total, totalCapped) : "0 articles"}
              </p>
            </div>
            {filters.category === GROUPED_CATEGORY ? <GroupToggle grouped={false} documentsHref={feedHref(filters)} rulemakingsHref={groupedHref()} /> : null}
            {filters.saved ? null : (
              <div id="follow-view" className="follow-view">
                <p className="text-sm dimmed">
                  Follow this view: <a href={feedHref(filters, 1, "", "/feed.atom")}>Atom</a> · <a href={feedHref(filters, 1, "", "/feed.json")}>JSON Feed</a> ·{" "}
                  <a href={feedHref(filters, 1, "", "/export.csv")} download>
                    CSV
                  </a>
                </p>
                <ToastHere at="follow-view" />
                <AlertForm view={feedHref(filters).replace(/^\/\??/, "")} />
              </div>
            )}
            {articles.length ? (
              <div className="stack feed-cards">
                {articles.map((article) => (
                  <ArticleCard
                    key={article.id}
                    article={{ ...article, views: feedState.views[article.id] ?? article.views }}
                    timeZone={timeZone}
                    today={today}
                    detailsHref={articlePath(article)}
                    search={filters.search}
                    highlighted={highlighted === article.id}
                    readHref={hydrated ? article.originalUrl : `/articles/${article.id}/open`}
                    onReadOriginal={hydrated ? () => viewCounter.submit({}, { method: "PATCH", action: `/api/articles/${article.id}/view` }) : undefined}
                    headerAction={
                      <BookmarkToggle articleId={article.id} bookmarked={article.isBookmarked || feedState.bookmarked.has(article.id)} returnTo={returnTo} />
                    }
                  >
                    <AiSummary article={article} />
                    <RelatedArticles
                      articleId={article.id}
                      count={relatedCounts[article.id] ?? 0}
                      timeZone={timeZone}
                      search={location.search}
                      onJump={hydrated ? jump : undefined}
                    />
                  </ArticleCard>
                ))}
              </div>
            ) : (
              <FeedEmptyState filters={filters} help={emptyHelp ?? {}} timeZone={timeZone} />
            )}
            <FeedPagination filters={filters} page={page} pageCount={pageCount} />
          </section>
        )}
        <SourcesFaq sources={sources} />
      </main>
      <SiteFooter />
    </>
  );
}
