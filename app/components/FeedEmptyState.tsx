// The feed's empty state ('No articles found' with a hint), saying what would help: how to save
// an article when nothing is saved yet, and when a time filter hides everything, how old the newest match is.
import { Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { feedHref, type ArticleFilters } from "~/articles/filters";
import type { Timeframe } from "~/articles/vocabulary";
import { formatDate } from "~/time";

/** What the loader found out when the page came back empty (app/routes/_index.tsx). */
export type EmptyFeedHelp = {
  /** When the newest article matching the same filters at any time was published; only asked under a time filter. */
  newestAnyTime?: string;
  /** In the Saved view: whether the visitor has saved any article at all. */
  hasSaved?: boolean;
};

const TIMEFRAME_WORDS: Record<Exclude<Timeframe, "all">, string> = { today: "today", week: "this week", month: "this month" };

function hint(filters: ArticleFilters, help: EmptyFeedHelp, timeZone: string) {
  if (filters.saved && help.hasSaved === false) {
    return (
      <>
        You have not saved any articles yet. To save one, press the Save button with the bookmark at the top right of its card; saved articles are kept in this
        browser. <Link to={feedHref({ ...filters, saved: false })}>Show all articles</Link>
      </>
    );
  }
  if (filters.timeframe !== "all" && help.newestAnyTime) {
    const narrowed = Boolean(filters.category || filters.priority || filters.search || filters.saved);
    return (
      <>
        {narrowed ? "No matching articles" : "No articles"} {TIMEFRAME_WORDS[filters.timeframe]}. The newest
        {narrowed ? " match" : ""} is from {formatDate(help.newestAnyTime, timeZone)}:{" "}
        <Link to={feedHref({ ...filters, timeframe: "all" })}>show all time</Link>
      </>
    );
  }
  return filters.search
    ? "No articles match your search. Try different or fewer keywords, or clear the search to see everything."
    : "No articles match these filters yet. Try another category, priority or time range; sources are checked every 6 hours.";
}

export function FeedEmptyState({ filters, help, timeZone }: { filters: ArticleFilters; help: EmptyFeedHelp; timeZone: string }) {
  return (
    <Stack align="center" py="xl" gap="xs" ta="center" role="status">
      <Title order={2} size="h4">
        No articles found
      </Title>
      <Text c="dimmed" size="sm" maw={520}>
        {hint(filters, help, timeZone)}
      </Text>
    </Stack>
  );
}
