import { Badge, Box, Container, Group, Text, TextInput, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { forwardRef, type ReactNode } from "react";
import { IconSearch } from "./icons";

export const SEARCH_PLACEHOLDER = "Search federal regulations, agencies, executive orders, or policy changes...";

type Props = {
  /** The search field; the feed supplies one tied to its filter form. Other pages get a plain GET form to the feed. */
  search?: ReactNode;
  /** Extra header actions (the Feedback button). */
  actions?: ReactNode;
};

export function SiteHeader({ search, actions }: Props) {
  return (
    <Box component="header" className="site-header" py="md">
      <Container size="lg">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Group gap="sm" align="center" wrap="wrap">
            <Title order={1} size="h3">
              <Link to="/" className="brand-link">
                Federal Deregulation Tracker
              </Link>
            </Title>
            <Badge color="indigo" variant="filled" size="sm">
              PRO
            </Badge>
            <Badge color="green" variant="light" size="sm" leftSection={<span className="live-dot" aria-hidden="true" />}>
              LIVE
            </Badge>
            <Text size="sm" c="dimmed">
              Monitoring 20+ News Sources
            </Text>
          </Group>
          {actions}
        </Group>
        <Box mt="md" role="search">
          {search ?? (
            <form method="get" action="/">
              <HeaderSearchInput />
            </form>
          )}
        </Box>
      </Container>
    </Box>
  );
}

/** Forwards its ref to the input: the feed sets the box's words when the URL changes (back and forward). */
export const HeaderSearchInput = forwardRef<HTMLInputElement, React.ComponentProps<typeof TextInput>>(function HeaderSearchInput(props, ref) {
  return (
    <TextInput
      ref={ref}
      type="search"
      name="q"
      aria-label="Search articles"
      placeholder={SEARCH_PLACEHOLDER}
      leftSection={<IconSearch />}
      size="md"
      maxLength={200}
      {...props}
    />
  );
});
