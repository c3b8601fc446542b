import { Anchor, Card, Container, List, Stack, Text, Title } from "@mantine/core";
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FeedbackButton } from "~/components/FeedbackDialog";
import { SiteFooter, SUPPORT_EMAIL } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { SourcesFaq } from "~/components/SourcesFaq";
import { listPublicSources } from "~/sources/queries.server";

export const meta: MetaFunction = () => [{ title: "About: Federal Deregulation Tracker" }];

export function loader() {
  return { sources: listPublicSources() };
}

export default function About() {
  const { sources } = useLoaderData<typeof loader>();
  return (
    <>
      <SiteHeader actions={<FeedbackButton />} />
      <Container size="lg" component="main" id="main" py="lg">
        <Stack gap="lg">
          <Title order={2}>About the Federal Deregulation Tracker</Title>
          <Card withBorder padding="lg" component="section" aria-labelledby="mission">
            <Title order={3} size="h4" id="mission" mb="xs">
              Our mission
            </Title>
            <Text>
              Policy analysts, lawyers, journalists and compliance teams need to know what changes in federal
              regulation the day it changes. This dashboard gathers regulatory and deregulatory news from {sources.length}{" "}
              public sources (21+ across government, courts, Congress, think tanks and the press), classifies every item
              and makes it searchable in one place.
            </Text>
          </Card>
          <Card withBorder padding="lg" component="section" aria-labelledby="features">
            <Title order={3} size="h4" id="features" mb="xs">
              Features
            </Title>
            <List spacing={4}>
              <List.Item>A live feed, checked every 6 hours, filterable by category, priority and time, with full-text search.</List.Item>
              <List.Item>Automatic categories (new regulations, rollbacks, analysis, legal decisions, legislative action), priorities and tags.</List.Item>
              <List.Item>A 30-day policy trends analysis, generated daily at 9 AM.</List.Item>
              <List.Item>Summaries on demand, related articles, bookmarks, and a weekly email newsletter on Mondays.</List.Item>
            </List>
          </Card>
          <SourcesFaq sources={sources} />
          <Card withBorder padding="lg" component="section" aria-labelledby="contact">
            <Title order={3} size="h4" id="contact" mb="xs">
              Contact
            </Title>
            <Text>
              Questions, corrections or a source we should track? Write to{" "}
              <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>.
            </Text>
          </Card>
          <Card withBorder padding="lg" component="section" aria-labelledby="disclaimer">
            <Title order={3} size="h4" id="disclaimer" mb="xs">
              Disclaimer
            </Title>
            <Text size="sm">
              This service summarises public information for convenience. It is not legal advice and may contain errors or
              omissions; classifications and summaries are produced automatically. Always consult the original document
              (linked on every article) before relying on it.
            </Text>
          </Card>
        </Stack>
      </Container>
      <SiteFooter />
    </>
  );
}
