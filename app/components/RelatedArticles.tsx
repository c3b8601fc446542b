// The collapsible "Related Articles (N)" block of a public card, and the list it shows. The feed page carries only
// the count; the entries come when the reader opens the block (docs/decisions/054): with JavaScript the card loads
// them from the article's related route in place, without it the block links to that route's page. Each title links
// to the feed page that shows the article; with JavaScript the feed scrolls there itself and highlights it.
// Plain elements styled in app.css rather than Mantine components: a page holds up to 36 of these items, and
// each Mantine component adds to the work of rendering the page on the server and hydrating it in the browser.
import { useFetcher } from "@remix-run/react";
import type { RelatedArticle } from "~/related/pages.server";
import { RELATED_SUMMARY_LIMIT, categoryLabel } from "~/articles/vocabulary";
import { formatDate } from "~/time";
import { CardSummary } from "./ArticleCard";
import { IconExternal } from "./icons";

type Entry = Omit<RelatedArticle, "originalUrl" | "score">;

type ListProps = {
  related: Entry[];
  timeZone: string;
  /** The feed's current query string ("" or "?..."), kept when jumping to a related article. */
  search: string;
  onJump?: (articleId: number) => void;
};

export function locateHref(articleId: number, search: string) {
  return `/articles/${articleId}/locate${search}`;
}

/** The page of an article's related articles, which the block's entries come from; `search` is the feed view's. */
export function relatedHref(articleId: number, search: string) {
  return `/articles/${articleId}/related${search}`;
}

type BlockProps = Omit<ListProps, "related"> & { articleId: number; count: number };

export function RelatedArticles({ articleId, count, timeZone, search, onJump }: BlockProps) {
  const fetcher = useFetcher<{ related: Entry[] }>();
  if (!count) return null;
  const href = relatedHref(articleId, search);
  return (
    <details
      className="related-block"
      onToggle={(event) => {
        if (event.currentTarget.open && fetcher.state === "idle" && !fetcher.data) fetcher.load(href);
      }}
    >
      <summary>{`Related Articles (${count})`}</summary>
      {fetcher.data ? (
        <RelatedList related={fetcher.data.related} timeZone={timeZone} search={search} onJump={onJump} />
      ) : (
        <p className="text-sm related-more" aria-busy={fetcher.state === "loading"}>
          <a href={href}>{fetcher.state === "loading" ? "Loading the related articles…" : "Show the related articles"}</a>
        </p>
      )}
    </details>
  );
}

export function RelatedList({ related, timeZone, search, onJump }: ListProps) {
  return (
    <ul className="related-list">
      {related.map((article) => (
        <li key={article.id} className="related-item">
          <div className="related-meta">
            {/* The card's light indigo badge, its colours from a class rather than a style attribute. */}
            <span className="card-badge is-small badge-indigo-light">{categoryLabel(article.category)}</span>
            <time className="related-dimmed" dateTime={article.publishDate}>
              {formatDate(article.publishDate, timeZone)}
            </time>
          </div>
          <a
            href={locateHref(article.id, search)}
            className="related-link"
            onClick={
              onJump
                ? (event) => {
                    event.preventDefault();
                    onJump(article.id);
                  }
                : undefined
            }
          >
            {article.title}
          </a>
          {article.summary ? <CardSummary text={article.summary} limit={RELATED_SUMMARY_LIMIT} className="related-summary" /> : null}
          <a href={`/articles/${article.id}/open`} target="_blank" rel="noopener noreferrer" className="related-source inline-icon">
            {`${article.sourceName} `}
            <IconExternal size={12} />
            <span className="visually-hidden"> (original, opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
