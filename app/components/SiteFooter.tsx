import { Anchor, Container, Group, Text } from "@mantine/core";
import { Link } from "@remix-run/react";

export const SUPPORT_EMAIL = "support@deregulation-tracker.org";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <Container size="lg" py="xl">
        <Group justify="space-between" wrap="wrap" gap="md">
          <Text size="sm" c="dimmed">
            Federal Deregulation Tracker: US regulatory and deregulatory news from public sources.
          </Text>
          <nav aria-label="Footer">
            <Group gap="md" wrap="wrap">
              <Anchor component={Link} to="/" size="sm">Home</Anchor>
              <Anchor component={Link} to="/about" size="sm">About</Anchor>
              <Anchor component={Link} to="/admin" size="sm">Admin</Anchor>
              <Anchor href="/#newsletter" size="sm">Newsletter</Anchor>
              <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm">Support</Anchor>
            </Group>
          </nav>
        </Group>
      </Container>
    </footer>
  );
}
