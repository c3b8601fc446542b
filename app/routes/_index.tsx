import { Container, Group, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { parseFeedParams } from "~/articles/filters";
import { feedPage } from "~/articles/queries.server";
import { PAGE_SIZE } from "~/articles/vocabulary";
import { AiSummary } from "~/components/AiSummary";
import { ArticleCard } from "~/components/ArticleCard";
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
  };
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
  const { filters, articles, total, page, pageCount, trends, sources, timeZone } = useLoaderData<typeof loader>();
  const first = (page - 1) * PAGE_SIZE + 1;
  return (
    <>
      <SiteHeader search={<FeedSearchInput search={filters.search} />} />
      <Container size="lg" component="main" id="main" py="lg">
        <Stack gap="lg">
          <FeedFilters filters={filters} />
          <TrendsCard trends={trends} />
          <section aria-labelledby="articles-title">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4" id="articles-title">
                Latest articles
              </Title>
              <Text size="sm" c="dimmed" aria-live="polite">
                {total
                  ? `Showing ${first}–${first + articles.length - 1} of ${total.toLocaleString("en-US")}`
                  : "0 articles"}
              </Text>
            </Group>
            {articles.length ? (
              <Stack gap="md">
                {articles.map((article) => (
                  <ArticleCard key={article.id} article={article} timeZone={timeZone} search={filters.search}>
                    <AiSummary article={article} />
                  </ArticleCard>
                ))}
              </Stack>
            ) : (
              <EmptyState searching={Boolean(filters.search)} />
            )}
            <FeedPagination filters={filters} page={page} pageCount={pageCount} />
          </section>
          <SourcesFaq sources={sources} />
        </Stack>
      </Container>
      <SiteFooter />
    </>
  );
}
