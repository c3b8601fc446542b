import { ToastHere } from "../Toasts";
import { Badge, Button, Card, Group, Table, Text, Title } from "@mantine/core";
import type { SubscriberJson, SubscriberStatus } from "~/newsletter/subscriber-list.server";
import { formatDate, formatDateTime } from "~/time";
import { IntentForm, useIntent } from "./intent";
import { AdminTable, RowActionButton } from "./panel";

const STATUS_LABELS: Record<SubscriberStatus, string> = { active: "Active", pending: "Pending", unsubscribed: "Unsubscribed" };
const STATUS_COLORS: Record<SubscriberStatus, string> = { active: "green", pending: "yellow", unsubscribed: "gray" };

type AlertStats = {
  active: number;
  pending: number;
  stopped: number;
  failures: { alertId: number; period: string; error: string | null; at: string }[];
  failingWebhooks: { alertId: number; url: string | null; articleId: number; status: string; attempts: number; error: string | null; at: string }[];
};

export function SubscribersPanel({ subscribers, alerts, timeZone }: { subscribers: SubscriberJson[]; alerts: AlertStats | null; timeZone: string }) {
  const testSend = useIntent("send-test-newsletter");
  const active = subscribers.filter((s) => s.status === "active").length;
  const pending = subscribers.filter((s) => s.status === "pending").length;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="subscribers-title" id="subscribers">
      <Group justify="space-between" mb="sm">
        <div>
          <Title order={2} size="h4" id="subscribers-title">
            Email Subscribers
          </Title>
          <Text size="sm" c="dimmed">
            {active} active, {pending} waiting to confirm, {subscribers.length - active - pending} unsubscribed. The newsletter goes out on Mondays to active
            addresses.
          </Text>
        </div>
        <IntentForm state={testSend} at="subscribers">
          <Button type="submit" variant="light" loading={testSend.pending}>
            Send test newsletter
          </Button>
        </IntentForm>
      </Group>
      <ToastHere at="subscribers" />
      {alerts ? (
        <Text size="sm" mb="sm" aria-label="Saved-search alerts">
          Saved-search alerts: {alerts.active} active, {alerts.pending} waiting to confirm, {alerts.stopped} stopped.
          {alerts.failures.length
            ? ` Latest delivery failures: ${alerts.failures
                .slice(0, 3)
                .map((f) => `alert ${f.alertId} (${f.period}): ${f.error ?? "unknown error"}`)
                .join("; ")}.`
            : " No delivery failures."}
        </Text>
      ) : null}
      {alerts?.failingWebhooks.length ? (
        <div aria-label="Failing webhooks">
          <Text size="sm" fw={600}>
            Failing webhooks
          </Text>
          <ul className="stack">
            {alerts.failingWebhooks.map((f) => (
              <li key={`${f.alertId}-${f.articleId}`}>
                <Text size="sm">
                  alert {f.alertId} → {f.url ?? "(no address)"}: article {f.articleId}, {f.attempts} attempts, {f.status === "failed" ? "given up" : "retrying"}{" "}
                  ({f.error ?? "unknown error"}) at {formatDateTime(f.at, timeZone)}
                </Text>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <AdminTable
        label="Subscribers"
        columns={["Email", "Status", "Source", "Subscribed", "Last email", ""]}
        items={subscribers}
        row={(s) => (
          <Table.Tr key={s.id} id={`subscriber-${s.id}`}>
            <Table.Td>{s.email}</Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLORS[s.status]} variant="light">
                {STATUS_LABELS[s.status]}
              </Badge>
            </Table.Td>
            <Table.Td>{s.source}</Table.Td>
            <Table.Td>{formatDate(s.createdAt, timeZone)}</Table.Td>
            <Table.Td>{s.lastEmailSent ? formatDate(s.lastEmailSent, timeZone) : "never"}</Table.Td>
            <Table.Td>
              <RowActionButton
                intent="subscriber-status"
                rowId={s.id}
                fields={{ isActive: String(!s.isActive) }}
                label={s.isActive ? "Deactivate" : "Activate"}
                rowName={s.email}
                color={s.isActive ? "gray" : "green"}
                at={`subscriber-${s.id}`}
              />
            </Table.Td>
          </Table.Tr>
        )}
        minWidth={560}
        mah={360}
        empty="No subscribers yet."
      />
    </Card>
  );
}
