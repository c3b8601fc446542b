import { ToastHere } from "../Toasts";
import { Badge, Button, Card, Group, Table, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { FeedbackJson } from "~/feedback/triage.server";
import { formatDate } from "~/time";
import { AutoSubmitSelect, FormError, IntentForm, useHrefWith, useIntent } from "./intent";
import { AdminTable } from "./panel";

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

function FilterLink({ to, current, children }: { to: string; current: boolean; children: ReactNode }) {
  return (
    <Button component={Link} to={to} size="xs" variant={current ? "filled" : "default"} aria-current={current ? "page" : undefined} preventScrollReset>
      {children}
    </Button>
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
              <FilterLink to={allHref} current={filter === "all"}>
                All
              </FilterLink>
              <FilterLink to={activeHref} current={filter === "active"}>
                Active
              </FilterLink>
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
      <AdminTable
        label="Feedback"
        columns={["Type", "Subject and message", "Email", "Priority", "Date", "Status"]}
        items={feedback}
        row={(item) => (
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
        )}
        minWidth={760}
        verticalSpacing="sm"
        empty={filter === "active" ? "No open or reviewed feedback." : "No feedback yet."}
      />
    </Card>
  );
}
