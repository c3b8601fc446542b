import { Anchor, Card, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { isHttpUrl } from "~/articles/canonical-url";

type PublicSource = { id: number; name: string; url: string; category: string };

const SOURCE_GROUPS = [
  { category: "government", label: "Government" },
  { category: "legal", label: "Courts and legal" },
  { category: "think-tank", label: "Think tanks" },
  { category: "news", label: "News" },
];

const FAQ = [
  {
    q: "What does this dashboard track?",
    a: "New federal regulations, regulatory rollbacks (rescissions, repeals, withdrawals, delayed effective dates), policy analysis, court decisions and legislative action, gathered from public sources.",
  },
  {
    q: "How often is it updated?",
    a: "Every source is checked every 6 hours. The 30-day trends analysis is generated daily at 9 AM, and the newsletter goes out on Mondays.",
  },
  {
    q: "How are articles categorised and prioritised?",
    a: "Rules read each item's title, summary, source and, for Federal Register documents, the document type, agencies and significance. Executive orders, significant rules, Supreme Court rulings and comment deadlines within 7 days are high priority; routine notices are low. Editors can correct any article by hand; those articles carry a Manual badge.",
  },
  {
    q: "Is this legal advice?",
    a: "No. Always read the original document before acting on it: every card links to its source.",
  },
];

/** Where a source's link is shown: the site's home page, not its machine-readable feed address; none unless http(s). */
function siteOf(url: string) {
  return isHttpUrl(url) ? new URL(url.trim()).origin : undefined;
}

export function SourcesFaq({ sources }: { sources: PublicSource[] }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" component="section" aria-labelledby="faq-title">
      <Card withBorder padding="lg">
        <Title order={2} size="h4" id="faq-title" mb="sm">
          Frequently asked questions
        </Title>
        <Stack gap="xs">
          {FAQ.map((item) => (
            <details key={item.q}>
              <summary>
                <Text component="span" fw={600} size="sm">
                  {item.q}
                </Text>
              </summary>
              <Text size="sm" mt={4}>
                {item.a}
              </Text>
            </details>
          ))}
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          Our sources ({sources.length})
        </Title>
        <Stack gap="sm">
          {SOURCE_GROUPS.map((group) => {
            const inGroup = sources.filter((s) => s.category === group.category);
            if (!inGroup.length) return null;
            return (
              <div key={group.category}>
                <Title order={3} size="h6">
                  {group.label}
                </Title>
                {/* Links at least 24px apart (WCAG 2.2 target size). */}
                <List size="sm" spacing={6}>
                  {inGroup.map((source) => (
                    <List.Item key={source.id}>
                      <Anchor href={siteOf(source.url)} target="_blank" rel="noopener noreferrer" size="sm">
                        {source.name}
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
              </div>
            );
          })}
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
