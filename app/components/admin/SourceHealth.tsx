import { formatCount } from "../../text/count";
import { Card, SimpleGrid, Text, Title } from "@mantine/core";

type Props = {
  stats: { totalSources: number; activeSources: number; articles: number };
  health: { healthy: number; warning: number; error: number; unchecked: number };
};

function Figure({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} c={color} data-testid={`figure-${label}`}>
        {formatCount(value)}
      </Text>
    </Card>
  );
}

/** The three summary cards and the RSS feed health monitor's four counters. */
export function SourceHealth({ stats, health }: Props) {
  return (
    <section aria-labelledby="health-title">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mb="md">
        <Figure label="Total sources" value={stats.totalSources} />
        <Figure label="Active sources" value={stats.activeSources} />
        <Figure label="Articles collected" value={stats.articles} />
      </SimpleGrid>
      <Title order={2} size="h4" id="health-title" mb="xs">
        RSS feed health
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label="Healthy" value={health.healthy} color="green.8" />
        <Figure label="Warning" value={health.warning} color="yellow.9" />
        <Figure label="Error" value={health.error} color="red.8" />
        <Figure label="Never checked or disabled" value={health.unchecked} color="gray.7" />
      </SimpleGrid>
    </section>
  );
}
