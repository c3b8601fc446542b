import { ToastHere } from "../Toasts";
import { Badge, Button, Card, Group, Table, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { FeedbackJson } from "~/feedback/admin.server";
import { formatDate } from "~/time";
import { AutoSubmitSelect, FormError, IntentForm, useHrefWith, useIntent } from "./intent";

const STATUSES = ["open", "reviewed", "resolved"];
const TYPE_LABELS: Record<string, string> = {
  bug: "Bug Report",
  suggestion: "Feature Suggestion",
  feature: "Feature Suggestion",
  source: "Source Suggestion",
  general: "General Feedback",
};
const PRIORITY_COLORS: Record<string, string> = { high: "red", medium: "blue", low: "gray" };

function StatusSelect({ item, canEdit }: { item: FeedbackJson; canEdit: boolean }) {
  const state = useIntent("feedback-status", { rowId: item.id });
  if (!canEdit) return <Badge variant="light">{item.status}</Badge>;
  return (
    <IntentForm state={state} at={`feedback-${item.id}`}>
      <input type="hidden" name="id" value={item.id} />
      <Group gap={4} wrap="nowrap">
        <AutoSubmitSelect state={state} name="status" label={`Status of “${item.subject}”`} value={item.status} data={STATUSES} />
      </Group>
      <FormError state={state} />
      <ToastHere at={`feedback-${item.id}`} />
    </IntentForm>
  );
}

type Props = { feedback: FeedbackJson[]; filter: "all" | "active"; can: { edit: boolean }; timeZone: string };

export function FeedbackPanel({ feedback, filter, can, timeZone }: Props) {
  const archive = useIntent("archive-feedback");
  const allHref = useHrefWith("feedback", null);
  const activeHref = useHrefWith("feedback", "active");
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="feedback-title" id="feedback">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id="feedback-title">
          Feedback Management
        </Title>
        <Group gap="sm">
          <nav aria-label="Feedback filter">
            <Group gap={4}>
              <Button
                component={Link}
                to={allHref}
                size="xs"
                variant={filter === "all" ? "filled" : "default"}
                aria-current={filter === "all" ? "page" : undefined}
                preventScrollReset
              >
                All
              </Button>
              <Button
                component={Link}
                to={activeHref}
                size="xs"
                variant={filter === "active" ? "filled" : "default"}
                aria-current={filter === "active" ? "page" : undefined}
                preventScrollReset
              >
                Active
              </Button>
            </Group>
          </nav>
          {can.edit ? (
            <IntentForm state={archive} at="feedback">
              <Button type="submit" size="xs" variant="light" loading={archive.pending}>
                Archive Old
              </Button>
            </IntentForm>
          ) : null}
        </Group>
      </Group>
      <FormError state={archive} />
      <ToastHere at="feedback" />
      {feedback.length ? (
        <Table.ScrollContainer type="native" minWidth={760}>
          <Table aria-label="Feedback" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>Subject and message</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Priority</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {feedback.map((item) => (
                <Table.Tr key={item.id} id={`feedback-${item.id}`}>
                  <Table.Td>{TYPE_LABELS[item.type] ?? item.type}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {item.subject}
                    </Text>
                    <Text size="sm" className="pre-wrap">
                      {item.message}
                    </Text>
                  </Table.Td>
                  <Table.Td>{item.email ?? "—"}</Table.Td>
                  <Table.Td>
                    <Badge color={PRIORITY_COLORS[item.priority] ?? "gray"} variant="light">
                      {item.priority}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDate(item.createdAt, timeZone)}</Table.Td>
                  <Table.Td>
                    <StatusSelect item={item} canEdit={can.edit} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          {filter === "active" ? "No open or reviewed feedback." : "No feedback yet."}
        </Text>
      )}
    </Card>
  );
}
