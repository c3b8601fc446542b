import { Link } from "@remix-run/react";
import { feedHref, type ArticleFilters } from "~/feed/filters";

/**
 * Page numbers to show: first, last, and two either side of the current page, with a gap where pages are left
 * out. Built from those few numbers alone: a feed of 100,000 articles has 8,334 pages.
 */
export function visiblePages(page: number, pageCount: number): (number | "gap")[] {
  const shown = [1, page - 2, page - 1, page, page + 1, page + 2, pageCount].filter((p) => p >= 1 && p <= pageCount);
  const pages: (number | "gap")[] = [];
  let last = 0;
  for (const p of [...new Set(shown)].sort((a, b) => a - b)) {
    if (p > last + 1) pages.push("gap");
    pages.push(p);
    last = p;
  }
  return pages;
}

type Props = { filters: ArticleFilters; page: number; pageCount: number; /** The list's page: the feed, or the admin article list. */ path?: string };

/** The feed's (or the admin article list's) pages, keeping its filters. */
export function FeedPagination({ filters, page, pageCount, path = "/" }: Props) {
  return <Pagination page={page} pageCount={pageCount} hrefFor={(p) => feedHref(filters, p, "", path)} />;
}

// Links styled in app.css as Mantine's default and filled buttons: a row of them on every list page.
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="pagination">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="page-button" rel="prev">
          Previous
        </Link>
      ) : null}
      {visiblePages(page, pageCount).map((p, i) =>
        p === "gap" ? (
          <span key={`gap-${i}`} className="pagination-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <Link key={p} to={hrefFor(p)} className="page-button" aria-current={p === page ? "page" : undefined} aria-label={`Page ${p}`}>
            {p}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className="page-button" rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
