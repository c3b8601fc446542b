import { Button, Group, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { feedHref, type ArticleFilters } from "~/articles/filters";

/** Page numbers to show: first, last, and two either side of the current page. */
export function visiblePages(page: number, pageCount: number): (number | "gap")[] {
  const pages: (number | "gap")[] = [];
  for (let p = 1; p <= pageCount; p++) {
    if (p === 1 || p === pageCount || Math.abs(p - page) <= 2) pages.push(p);
    else if (pages[pages.length - 1] !== "gap") pages.push("gap");
  }
  return pages;
}

type Props = { filters: ArticleFilters; page: number; pageCount: number; /** The list's page: the feed, or the admin article list. */ path?: string };

export function FeedPagination({ filters, page, pageCount, path = "/" }: Props) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination">
      <Group gap={6} justify="center" wrap="wrap" mt="lg">
        {page > 1 ? (
          <Button component={Link} to={feedHref(filters, page - 1, "", path)} variant="default" size="sm" rel="prev">
            Previous
          </Button>
        ) : null}
        {visiblePages(page, pageCount).map((p, i) =>
          p === "gap" ? (
            <Text key={`gap-${i}`} c="dimmed" aria-hidden="true">
              …
            </Text>
          ) : (
            <Button
              key={p}
              component={Link}
              to={feedHref(filters, p, "", path)}
              variant={p === page ? "filled" : "default"}
              size="sm"
              aria-current={p === page ? "page" : undefined}
              aria-label={`Page ${p}`}
            >
              {p}
            </Button>
          ),
        )}
        {page < pageCount ? (
          <Button component={Link} to={feedHref(filters, page + 1, "", path)} variant="default" size="sm" rel="next">
            Next
          </Button>
        ) : null}
      </Group>
    </nav>
  );
}
