// An article's own page, /articles/{id}-{slug}: everything its feed card shows, the Federal Register details,
// the classification reasons, related articles, and the metadata search engines and link previews read.
// `/articles/{id}` and any other slug answer 301 to the canonical address. The file is named `$slug`, not `$id`:
// a `$id` page would become the parent of articles.$id.open.ts and articles.$id.locate.ts.
import { json, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useFeedState } from "~/components/feed-state";
import { commentsLine } from "~/articles/comment-labels";
import { articlePath, commentDaysLeft, daysLeftLabel, docketUrl, parseArticleAddress } from "~/articles/article-page";
import { articleRuleText, getArticleDetail } from "~/feed/article-page.server";
import { cfrLabel, cleanCfr, documentRulemakingViews, feedHref, followViewHref } from "~/feed/filters";
import { isHttpUrl } from "~/articles/canonical-url";
import { todayInZone } from "~/rulemakings/comment-periods.server";
import { relatedArticles } from "~/related/pages.server";
import { categoryLabel, priorityInfo } from "~/articles/vocabulary";
import { AgendaFacts } from "~/components/AgendaFacts";
import { AiSummary } from "~/components/AiSummary";
import { ArticleCard, reasonText } from "~/components/ArticleCard";
import { BookmarkToggle } from "~/components/BookmarkToggle";
import { Fact } from "~/components/FactList";
import { FeedbackButton } from "~/components/FeedbackDialog";
import { PanelSection } from "~/components/PanelSection";
import { RedlineParts } from "~/components/Redline";
import { RuleStatements } from "~/components/RuleStatements";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { config } from "~/config.server";
import { useHydrated } from "~/hooks";
import { pageRouteRefusal, secureRedirect } from "~/http/responses.server";
import { useNonce } from "~/nonce";
import { publicUrl } from "~/public-url.server";
import { rulemakingPath } from "~/rulemakings/keys";
import { truncateAtWord } from "~/text/truncate";
import { formatDate } from "~/time";
import { readVisitorId } from "~/visitors/visitor.server";
import { redlinePath } from "~/rule-text/labels";
import ruleTextStyles from "~/styles/rule-text.css";

const SITE_NAME = "Federal Deregulation Tracker";
/** Search engines show about this much of a description. */
const DESCRIPTION_LIMIT = 200;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: ruleTextStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const address = parseArticleAddress(params.slug);
  if (!address) throw pageRouteRefusal(request, 404, "Article not found.");
  // Without a visitor (every shared render, docs/decisions/013) the page is everyone's; with one it shows their bookmark.
  const visitorId = await readVisitorId(request);
  const article = await getArticleDetail(address.id, visitorId);
  if (!article) throw pageRouteRefusal(request, 404, "Article not found.");
  const path = articlePath(article);
  if (`/articles/${params.slug}` !== path) throw secureRedirect(path, 301);
  const siteUrl = await publicUrl();
  const related = ((await relatedArticles([article.id]))[article.id] ?? []).map(({ originalUrl: _url, score: _score, ...shown }) => shown);
  const ruleText = await articleRuleText(article);
  return json(
    { article, related, ruleText, siteUrl, canonicalUrl: `${siteUrl}${path}`, timeZone: config().APP_TIMEZONE, today: todayInZone() },
    visitorId ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

type LoaderData = SerializeFrom<typeof loader>;

function describe(article: LoaderData["article"]) {
  const text = article.summary || article.aiSummary || [article.documentType, article.agencies.join("; ")].filter(Boolean).join(" · ") || article.title;
  return truncateAtWord(text, DESCRIPTION_LIMIT);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `Article not found: ${SITE_NAME}` }];
  const { article, canonicalUrl } = data;
  const description = describe(article);
  return [
    { title: `${article.title}: ${SITE_NAME}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: "article" },
    { property: "og:title", content: article.title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonicalUrl },
    { property: "article:published_time", content: article.publishDate },
    { property: "article:modified_time", content: article.modifiedAt },
    { property: "article:section", content: categoryLabel(article.category) },
    ...article.tags.map((tag) => ({ property: "article:tag", content: tag })),
  ];
};

/** The schema.org NewsArticle of the page (https://schema.org/NewsArticle). */
function newsArticle({ article, canonicalUrl, siteUrl }: LoaderData) {
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: article.title,
    description: describe(article),
    url: canonicalUrl,
    mainEntityOfPage: canonicalUrl,
    datePublished: article.publishDate,
    dateModified: article.modifiedAt,
    publisher: { "@type": "Organization", name: SITE_NAME, url: `${siteUrl}/` },
    about: [categoryLabel(article.category), ...article.agencies, ...article.tags].map((name) => ({ "@type": "Thing", name })),
    keywords: article.tags.join(", ") || undefined,
    ...(isHttpUrl(article.originalUrl) ? { isBasedOn: article.originalUrl } : {}),
  };
}

/**
 * JSON that cannot end its script element early: `<`, `>` and `&` are written as escapes (so "</script>" or
 * "<!--" in a title stays text), and so are the line separators JavaScript once refused in strings.
 */
export function scriptSafeJson(value: unknown) {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  // The browser hides a nonce attribute from scripts after load; React must not compare it when hydrating.
  return <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scriptSafeJson(data) }} />;
}

function day(value: string, timeZone: string) {
  // Stored register dates are calendar days: read at noon UTC, they stay on that day in every US zone.
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value;
  return Number.isNaN(Date.parse(iso)) ? value : formatDate(iso, timeZone);
}

/** "Follow this rulemaking": the feed's view of the document's RIN (or docket), at its alert form and feeds. */
function FollowRulemaking({ views }: { views: ReturnType<typeof documentRulemakingViews> }) {
  if (!views.length) return null;
  if (views.length === 1)
    return (
      <p className="text-sm">
        <Link to={followViewHref(views[0].filters)} className="anchor is-sm">
          Follow this rulemaking
        </Link>
        <span className="dimmed"> ({views[0].label}: email alert, Atom or JSON feed of its new documents)</span>
      </p>
    );
  return (
    <p className="text-sm">
      Follow a rulemaking of this document:{" "}
      {views.map((view, i) => (
        <span key={view.label}>
          {i ? " · " : null}
          <Link to={followViewHref(view.filters)} className="anchor is-sm">
            {view.label}
          </Link>
        </span>
      ))}
    </p>
  );
}

export default function ArticlePage() {
  const data = useLoaderData<typeof loader>();
  const { related, ruleText, canonicalUrl, timeZone, today } = data;
  // The shared copy of this page carries no reader's bookmark; this reader's, and the current count, come after load.
  const articles = useMemo(() => [data.article], [data.article]);
  const feedState = useFeedState(articles, false);
  const article = { ...data.article, views: feedState.views[data.article.id] ?? data.article.views };
  const hydrated = useHydrated();
  const viewCounter = useFetcher();
  const priority = priorityInfo(article.priority);
  const daysLeft = commentDaysLeft(article.commentsCloseOn, today);
  const path = articlePath(article);
  return (
    <>
      <SiteHeader actions={<FeedbackButton />} />
      <main id="main" className="page-container page-main">
        <JsonLd data={newsArticle(data)} />
        <p className="text-sm">
          <Link to="/" className="anchor is-sm">
            ← Back to the feed
          </Link>
        </p>
        <ArticleCard
          article={article}
          timeZone={timeZone}
          today={today}
          titleAs="h2"
          readHref={hydrated ? article.originalUrl : `/articles/${article.id}/open`}
          onReadOriginal={hydrated ? () => viewCounter.submit({}, { method: "PATCH", action: `/api/articles/${article.id}/view` }) : undefined}
          headerAction={<BookmarkToggle articleId={article.id} bookmarked={article.isBookmarked || feedState.bookmarked.has(article.id)} returnTo={path} />}
        >
          <AiSummary article={article} />
        </ArticleCard>

        <PanelSection id="details-title" title="Details">
          <dl className="fact-list">
            <Fact label="Source">{article.sourceName}</Fact>
            <Fact label="Published">
              <time dateTime={article.publishDate}>{formatDate(article.publishDate, timeZone)}</time>
            </Fact>
            <Fact label="Category">
              {categoryLabel(article.category)} ({reasonText(article.categoryReason)})
            </Fact>
            <Fact label="Priority">
              {priority.label} ({reasonText(article.priorityReason)})
            </Fact>
            {article.documentType ? <Fact label="Document type">{article.documentType}</Fact> : null}
            {article.documentNumber ? <Fact label="Document number">{article.documentNumber}</Fact> : null}
            {article.agencies.length ? <Fact label={article.agencies.length === 1 ? "Agency" : "Agencies"}>{article.agencies.join("; ")}</Fact> : null}
            {article.registerAction ? <Fact label="Action">{article.registerAction}</Fact> : null}
            {article.effectiveOn ? (
              <Fact label="Effective">
                <time dateTime={article.effectiveOn}>{day(article.effectiveOn, timeZone)}</time>
              </Fact>
            ) : null}
            {article.commentsCloseOn ? (
              <Fact label="Comments close">
                <time dateTime={article.commentsCloseOn}>{day(article.commentsCloseOn, timeZone)}</time>
                {daysLeft !== undefined ? (
                  <>
                    {" "}
                    ({daysLeftLabel(daysLeft)},{" "}
                    <a href={`/articles/${article.id}.ics`} className="anchor is-sm" download>
                      add to calendar
                    </a>
                    )
                  </>
                ) : (
                  " (closed)"
                )}
              </Fact>
            ) : null}
            {article.comments ? (
              <Fact label="Comments">
                {commentsLine(article.comments)} on regulations.gov
                {article.comments.docketId ? `, docket ${article.comments.docketId}` : ""}, counted by the Federal Register on{" "}
                <time dateTime={article.comments.readAt}>{formatDate(article.comments.readAt, timeZone)}</time>
              </Fact>
            ) : null}
            {article.docketIds.length ? (
              <Fact label={article.docketIds.length === 1 ? "Docket" : "Dockets"}>
                {article.docketIds.map((id, i) => (
                  <span key={id}>
                    {i ? ", " : null}
                    <a href={docketUrl(id)} className="anchor is-sm" rel="noopener noreferrer" target="_blank">
                      {id}
                      <span className="visually-hidden"> on regulations.gov (opens in a new tab)</span>
                    </a>
                  </span>
                ))}
              </Fact>
            ) : null}
            {article.cfrReferences.length ? (
              <Fact label="CFR">
                {article.cfrReferences.map((reference, i) => {
                  const cfr = cleanCfr(reference);
                  return (
                    <span key={reference}>
                      {i ? ", " : null}
                      {cfr ? (
                        <Link to={feedHref({ timeframe: "all", cfr })} className="anchor is-sm">
                          {reference}
                          <span className="visually-hidden"> (documents citing {cfrLabel(cfr)})</span>
                        </Link>
                      ) : (
                        reference
                      )}
                    </span>
                  );
                })}
              </Fact>
            ) : null}
            {article.regulationIdNumbers.length ? (
              <Fact label={article.regulationIdNumbers.length === 1 ? "RIN" : "RINs"}>
                {article.regulationIdNumbers.map((rin, i) => (
                  <span key={rin}>
                    {i ? ", " : null}
                    <a href={rulemakingPath(rin.toUpperCase())} className="anchor is-sm">
                      {rin}
                      <span className="visually-hidden"> (the rulemaking's documents)</span>
                    </a>
                  </span>
                ))}
              </Fact>
            ) : null}
            {article.topics.length ? <Fact label="Topics">{article.topics.join(", ")}</Fact> : null}
            {isHttpUrl(article.originalUrl) ? (
              <Fact label="Original">
                <a href={article.originalUrl} className="anchor is-sm break-all" rel="noopener noreferrer">
                  {article.originalUrl}
                </a>
              </Fact>
            ) : null}
            <Fact label="Address">
              <span className="break-all">{canonicalUrl}</span>
            </Fact>
          </dl>
          <FollowRulemaking views={documentRulemakingViews(article.regulationIdNumbers, article.docketIds)} />
        </PanelSection>

        {data.article.officialDesignation ? <AgendaFacts entry={data.article.officialDesignation} /> : null}

        {ruleText ? (
          <RuleStatements
            statements={ruleText.statements}
            disagreements={ruleText.disagreements}
            originalUrl={isHttpUrl(article.originalUrl) ? article.originalUrl : null}
            documentNumber={article.documentNumber}
          />
        ) : null}
        {ruleText?.parts.length ? (
          <PanelSection id="redline-title" title="What the rule changes in the CFR">
            <RedlineParts parts={ruleText.parts} fullHref={(part, from) => redlinePath(path, part, from)} />
          </PanelSection>
        ) : null}

        {related.length ? (
          <PanelSection id="related-title" title="Related articles">
            <ul className="list is-sm">
              {related.map((item) => (
                <li key={item.id}>
                  <Link to={articlePath(item)} className="anchor is-sm">
                    {item.title}
                  </Link>{" "}
                  <span className="dimmed">
                    · {categoryLabel(item.category)} · {item.sourceName} · <time dateTime={item.publishDate}>{formatDate(item.publishDate, timeZone)}</time>
                  </span>
                </li>
              ))}
            </ul>
          </PanelSection>
        ) : null}
        <p className="text-sm">
          <a href={`/articles/${article.id}/locate`} className="anchor is-sm">
            Show this article in the feed
          </a>
        </p>
      </main>
      <SiteFooter />
    </>
  );
}
