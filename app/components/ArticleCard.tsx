import { Anchor, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { ArticleJson } from "~/articles/queries.server";
import { CARD_SUMMARY_LIMIT, CARD_TAG_LIMIT, categoryLabel, priorityInfo } from "~/articles/vocabulary";
import { isHttpUrl } from "~/articles/canonical-url";
import { formatDate, truncate } from "~/format";
import { Highlight } from "./Highlight";
import { IconCalendar, IconExternal, IconEye, IconSource } from "./icons";

type Props = {
  article: ArticleJson;
  timeZone: string;
  search?: string;
  /** Where "Read Original" points (a counting redirect on the public feed). */
  readHref?: string;
  /** Called when "Read Original" is opened (the feed counts the view with JavaScript). */
  onReadOriginal?: () => void;
  /** Controls added by later features: bookmark toggle, AI summary, related articles, admin editors. */
  headerAction?: ReactNode;
  children?: ReactNode;
  highlighted?: boolean;
};

export function articleAnchorId(id: number) {
  return `article-${id}`;
}

export function CardSummary({
  text,
  limit,
  search,
  className = "summary-block",
}: {
  text: string;
  limit: number;
  search?: string;
  className?: string;
}) {
  if (text.length <= limit) {
    return (
      <Text size="sm">
        <Highlight text={text} search={search} />
      </Text>
    );
  }
  return (
    <div className={className}>
      <Text size="sm" className="summary-short">
        <Highlight text={truncate(text, limit)} search={search} />
      </Text>
      <details>
        <summary>
          <span className="when-closed">Read more</span>
          <span className="when-open">Show less</span>
        </summary>
        <Text size="sm">
          <Highlight text={text} search={search} />
        </Text>
      </details>
    </div>
  );
}

export function ArticleCard({ article, timeZone, search, readHref, onReadOriginal, headerAction, children, highlighted }: Props) {
  const priority = priorityInfo(article.priority);
  const extraTags = article.tags.length - CARD_TAG_LIMIT;
  return (
    <Card
      component="article"
      id={articleAnchorId(article.id)}
      withBorder
      padding="lg"
      className={`article-card${highlighted ? " is-highlighted" : ""}`}
      aria-labelledby={`${articleAnchorId(article.id)}-title`}
      tabIndex={-1}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color="indigo">
              {categoryLabel(article.category)}
            </Badge>
            <Text size="xs" c="dimmed" component="span" className="inline-icon">
              <IconCalendar width={12} height={12} />{" "}
              <time dateTime={article.publishDate}>{formatDate(article.publishDate, timeZone)}</time>
            </Text>
          </Group>
          {headerAction}
        </Group>
        <Title order={3} size="h4" id={`${articleAnchorId(article.id)}-title`}>
          <Highlight text={article.title} search={search} />
        </Title>
        {article.summary ? <CardSummary text={article.summary} limit={CARD_SUMMARY_LIMIT} search={search} /> : null}
        <Group gap={6} wrap="wrap">
          <Badge color={priority.color} variant="filled" size="sm">
            {priority.label} priority
          </Badge>
          {article.tags.slice(0, CARD_TAG_LIMIT).map((tag) => (
            <Badge key={tag} variant="outline" color="gray" size="sm" tt="none">
              {tag}
            </Badge>
          ))}
          {extraTags > 0 ? (
            <Text size="xs" c="dimmed" component="span" title={article.tags.slice(CARD_TAG_LIMIT).join(", ")}>
              +{extraTags} more
            </Text>
          ) : null}
          {article.manuallyTagged ? (
            <Badge color="grape" variant="light" size="sm">
              Manual
            </Badge>
          ) : null}
        </Group>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="md" wrap="wrap">
            <Text size="sm" c="dimmed" component="span" className="inline-icon">
              <IconSource width={14} height={14} /> {article.sourceName}
            </Text>
            <Text size="sm" c="dimmed" component="span" className="inline-icon" aria-label={`${article.views} views`}>
              <IconEye width={14} height={14} /> {article.views}
            </Text>
          </Group>
          {isHttpUrl(article.originalUrl) ? (
            <Anchor
              href={readHref ?? article.originalUrl}
              onClick={onReadOriginal}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              fw={600}
              className="inline-icon read-original"
            >
              Read Original <IconExternal width={14} height={14} />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </Anchor>
          ) : null}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
