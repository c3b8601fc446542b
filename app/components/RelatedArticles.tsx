// The collapsible "Related Articles" block of a public card (SPEC.md sections 2 and 9). Each title links to
// the feed page that shows the article; with JavaScript the feed scrolls there itself and highlights it.
import { Anchor, Badge, Group, Text } from "@mantine/core";
import type { RelatedArticle } from "~/articles/related.server";
import { RELATED_SUMMARY_LIMIT, categoryLabel } from "~/articles/vocabulary";
import { formatDate } from "~/format";
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
      <summary>Related Articles ({related.length})</summary>
      <ul className="related-list">
        {related.map((article) => (
          <li key={article.id} className="related-item">
            <Group gap="xs" wrap="wrap">
              <Badge variant="light" color="indigo" size="sm">
                {categoryLabel(article.category)}
              </Badge>
              <Text size="xs" c="dimmed" component="time" dateTime={article.publishDate}>
                {formatDate(article.publishDate, timeZone)}
              </Text>
            </Group>
            <Anchor
              href={locateHref(article.id, search)}
              fw={600}
              size="sm"
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
            </Anchor>
            {article.summary ? (
              <CardSummary text={article.summary} limit={RELATED_SUMMARY_LIMIT} className="related-summary" />
            ) : null}
            <Anchor
              href={`/articles/${article.id}/open`}
              target="_blank"
              rel="noopener noreferrer"
              size="xs"
              c="dimmed"
              className="inline-icon"
            >
              {article.sourceName} <IconExternal width={12} height={12} />
              <span className="visually-hidden"> (original, opens in a new tab)</span>
            </Anchor>
          </li>
        ))}
      </ul>
    </details>
  );
}
