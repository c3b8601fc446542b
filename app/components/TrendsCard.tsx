import { Badge, Card, Group, List, Stack, Text, Title } from "@mantine/core";
import { formatDate } from "~/time";
import type { TrendsJson } from "~/trends/queries.server";
import { readTrendsStats } from "~/trends/stats";
import { IconTrend } from "./icons";
import { TrendsChart } from "./TrendsChart";

function Section({ title, text }: { title: string; text: string }) {
  if (!text) return null;
  return (
    <div>
      <Title order={3} size="h6">
        {title}
      </Title>
      <Text size="sm">{text}</Text>
    </div>
  );
}

type Props = {
  trends: TrendsJson | null;
  /** The newest article's date when it is older than the 30 days analysed (app/trends/queries.server.ts). */
  newestArticleBeforeWindow: string | null;
  timeZone: string;
};

export function TrendsCard({ trends, newestArticleBeforeWindow, timeZone }: Props) {
  const stats = trends ? readTrendsStats(trends.stats) : null;
  const staleNote = newestArticleBeforeWindow ? (
    <Text size="sm" fw={500}>
      The newest article is from {formatDate(newestArticleBeforeWindow, timeZone)}, more than 30 days ago, so the last 30 days have no articles to analyse.
    </Text>
  ) : null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="trends-title">
      <Group gap="xs" mb="sm">
        <IconTrend size={20} />
        <Title order={2} size="h4" id="trends-title">
          30-Day Policy Trends Analysis
        </Title>
      </Group>
      {trends ? (
        <Stack gap="sm">
          {staleNote}
          <Group gap="xs">
            <Badge variant="light">{trends.articleCount} articles analysed</Badge>
            <Text size="xs" c="dimmed">
              {trends.provider === "openai" ? `AI analysis · ${trends.model ?? "model"}` : "Automatic analysis · statistical"} · updated {trends.date}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: "pre-line" }}>
            {trends.trendsAnalysis}
          </Text>
          {trends.keyInsights.length ? (
            <>
              <Title order={3} size="h6">
                Key insights
              </Title>
              <List size="sm" spacing={4}>
                {trends.keyInsights.map((insight) => (
                  <List.Item key={insight}>{insight}</List.Item>
                ))}
              </List>
            </>
          ) : null}
          <Section title="Significant changes" text={trends.significantChanges} />
          <Section title="Emerging patterns" text={trends.emergingPatterns} />
          {stats?.daily.length ? <TrendsChart daily={stats.daily} /> : null}
        </Stack>
      ) : (
        (staleNote ?? (
          <Text size="sm" c="dimmed">
            No analysis yet. The 30-day trends analysis is generated daily at 9 AM once articles have been collected.
          </Text>
        ))
      )}
    </Card>
  );
}
