import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";

const MESSAGES: Record<number, { title: string; text: string }> = {
  400: { title: "Bad request", text: "The request could not be read. Please go back and try again." },
  403: { title: "Access denied", text: "You do not have permission to see this page." },
  404: { title: "Page not found", text: "The page you asked for does not exist or has moved." },
};

export function ErrorPage({ status }: { status: number }) {
  const message = MESSAGES[status] ?? {
    title: "Something went wrong",
    text: "An unexpected error occurred. Please try again in a moment.",
  };
  return (
    <>
      <SiteHeader />
      <Container size="sm" component="main" id="main" py={64}>
        <Stack align="center" gap="md" ta="center">
          <Text fw={700} c="dimmed" size="xl">
            {status}
          </Text>
          <Title order={2}>{message.title}</Title>
          <Text>{message.text}</Text>
          <Button component={Link} to="/">
            Back to the news feed
          </Button>
        </Stack>
      </Container>
      <SiteFooter />
    </>
  );
}
