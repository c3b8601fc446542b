// The collapsible "Related Articles" block of a public card. Each title links to
// the feed page that shows the article; with JavaScript the feed scrolls there itself and highlights it.
// Plain elements styled in app.css rather than Mantine components: a page holds up to 36 of these items, and
// each Mantine component adds to the work of rendering the page on the server and hydrating it in the browser.
import type { RelatedArticle } from "~/related/pages.server";
import { RELATED_SUMMARY_LIMIT, categoryLabel } from "~/articles/vocabulary";
import { formatDate } from "~/time";
import { CardSummary } from "./ArticleCard";
import { IconExternal } from "./icons";

type Props = {
  related: Omit<RelatedArticle, "originalUrl" | "score">[];
  timeZone: string;
  /** The feed's current query string ("" or "?..."), kept when jumping to a related article. */
  search: string;
  onJump?: (articleId: number) => void;
};

export function locateHref(articleId: number, search: string) {
  return `/articles/${articleId}/locate${search}`;
}

export function RelatedArticles({ related, timeZone, search, onJump }: Props) {
  if (!related.length) return null;
  return (
    <details className="related-block">
      <summary>{`Related Articles (${related.length})`}</summary>
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
    </details>
  );
}
