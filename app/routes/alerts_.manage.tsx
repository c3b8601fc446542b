// /alerts/manage?token=: every alert of one address (the signed link in each alert email), each with its view,
// schedule and state, a button that stops it, and its delivery: email, or a webhook (docs/webhooks.md) with its
// latest deliveries and failures. Every form works without JavaScript; a refused webhook keeps what was typed.
import { Alert as Notice, Anchor, Button, Code, Group, NativeSelect, Text, TextInput } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { alertFromUnsubscribeToken, alertsOf, emailFromManageToken, type AlertSummary } from "~/alerts/alerts.server";
import { stopAlert } from "~/alerts/store.server";
import { deliverByEmail, deliverByWebhook } from "~/alerts/webhooks.server";
import { CardPage } from "~/components/CardPage";
import { IconSelector } from "~/components/icons";
import { AppError } from "~/errors";
import { refusalOf } from "~/http/app-error.server";
import { clientAddress } from "~/http/client-address.server";
import { readForm } from "~/http/input.server";
import { addressRateKey } from "~/rate-limit.server";

export { mantineLinks as links } from "~/components/MantineScope";

export const meta: MetaFunction = () => [{ title: "Your alerts: Federal Deregulation Tracker" }, { name: "robots", content: "noindex" }];

function emailOf(request: Request) {
  return emailFromManageToken(new URL(request.url).searchParams.get("token"));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const email = emailOf(request);
  if (!email) return json({ email: null, alerts: [] }, { status: 400 });
  return json({ email, alerts: await alertsOf(email) });
}

type ActionAnswer = {
  stopped?: boolean;
  /** The alert a delivery form was sent for, and what happened. */
  alertId?: number;
  /** A new webhook's secret: shown once, never again. */
  secret?: string;
  saved?: "email" | "webhook";
  error?: string;
  values?: { delivery: string; url: string; format: string };
};

/** Stops one of the address's alerts, or changes its delivery; the page then shows the list again. */
export async function action({ request, context }: ActionFunctionArgs) {
  const email = emailOf(request);
  const form = await readForm(request);
  const alert = await alertFromUnsubscribeToken(String(form.get("alert") ?? ""));
  if (!email || !alert || alert.email !== email) return json<ActionAnswer>({ stopped: false }, { status: 400 });
  if (form.get("intent") !== "delivery") {
    await stopAlert(alert.id);
    return json<ActionAnswer>({ stopped: true });
  }
  const values = { delivery: String(form.get("delivery") ?? "email"), url: String(form.get("url") ?? ""), format: String(form.get("format") ?? "json") };
  if (!alert.confirmedAt || alert.unsubscribedAt)
    return json<ActionAnswer>({ alertId: alert.id, error: "Only a running alert's delivery can be changed.", values }, { status: 400 });
  if (values.delivery !== "webhook") {
    await deliverByEmail(alert);
    return json<ActionAnswer>({ alertId: alert.id, saved: "email" });
  }
  try {
    const { secret } = await deliverByWebhook(alert, values, addressRateKey(clientAddress(context)));
    return json<ActionAnswer>({ alertId: alert.id, saved: "webhook", secret });
  } catch (error) {
    const refusal = await refusalOf(error);
    if (!refusal) throw error;
    const retryAfter = error instanceof AppError ? error.details.retryAfterSeconds : undefined;
    return json<ActionAnswer>(
      { alertId: alert.id, error: refusal.message, values },
      { status: refusal.status, headers: retryAfter ? { "Retry-After": String(retryAfter) } : undefined },
    );
  }
}

function DeliveryForm({ alert, answer }: { alert: AlertSummary; answer: ActionAnswer | undefined }) {
  const mine = answer?.alertId === alert.id ? answer : undefined;
  const values = mine?.values ?? { delivery: alert.delivery, url: alert.webhookUrl ?? "", format: alert.webhookFormat ?? "json" };
  return (
    <Form method="post" aria-label={`Delivery of alert ${alert.title}`} noValidate>
      <input type="hidden" name="alert" value={alert.unsubscribeToken} />
      <input type="hidden" name="intent" value="delivery" />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Deliver by"
          name="delivery"
          defaultValue={values.delivery}
          data={[
            { value: "email", label: "Email" },
            { value: "webhook", label: "Webhook" },
          ]}
          w={130}
          rightSection={<IconSelector />}
        />
        <TextInput label="Webhook address" name="url" type="url" placeholder="https://" defaultValue={values.url} error={mine?.error} w={320} />
        <NativeSelect
          label="Format"
          name="format"
          defaultValue={values.format}
          data={[
            { value: "json", label: "JSON" },
            { value: "slack", label: "Slack" },
          ]}
          w={110}
          rightSection={<IconSelector />}
        />
        <Button type="submit" size="xs" variant="light">
          Save delivery
        </Button>
      </Group>
      {mine?.secret ? (
        <Notice color="green" title="Webhook saved" mt="sm" role="status">
          <Text size="sm">
            Its signing secret, shown only this once: <Code>{mine.secret}</Code>. Keep it where your receiver can check the <Code>X-Dereg-Signature</Code>{" "}
            header with it (see the webhook documentation). We keep it only to sign; saving the webhook again makes a new one.
          </Text>
        </Notice>
      ) : mine?.saved === "email" ? (
        <Text size="sm" role="status" mt="xs">
          This alert is delivered by email again.
        </Text>
      ) : null}
    </Form>
  );
}

function Deliveries({ alert }: { alert: AlertSummary }) {
  const { recent, failures } = alert.deliveries;
  return (
    <>
      <Text size="sm" fw={600} mt="xs">
        Recent deliveries
      </Text>
      {recent.length ? (
        <ul aria-label={`Recent deliveries of alert ${alert.title}`}>
          {recent.map((row) => (
            <li key={row.articleId}>
              <Text size="sm">
                {row.title}: {row.status}
                {row.attempts > 1 ? ` after ${row.attempts} attempts` : ""} ({row.at})
              </Text>
            </li>
          ))}
        </ul>
      ) : (
        <Text size="sm">None yet.</Text>
      )}
      {failures.length ? (
        <>
          <Text size="sm" fw={600}>
            Last failures
          </Text>
          <ul aria-label={`Last failures of alert ${alert.title}`}>
            {failures.map((row) => (
              <li key={row.articleId}>
                <Text size="sm" c="red">
                  {row.title}: {row.lastError} ({row.status === "failed" ? "given up" : `attempt ${row.attempts}, retrying`}, {row.at})
                </Text>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

export default function ManageAlerts() {
  const { email, alerts } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  if (!email)
    return <CardPage title="Your alerts">{<Text role="alert">This link is invalid. Please use the link from your most recent alert email.</Text>}</CardPage>;
  return (
    <CardPage title="Your alerts">
      <Text mb="md">Alerts for {email}:</Text>
      {alerts.length ? (
        <ul className="stack" aria-label="Alerts">
          {alerts.map((alert) => (
            <li key={alert.id}>
              <Anchor component={Link} to={`/${alert.view ? `?${alert.view}` : ""}`}>
                {alert.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {alert.schedule} · {alert.status}
                {alert.delivery === "webhook" ? ` · ${alert.webhookFormat === "slack" ? "Slack" : "JSON"} webhook to ${alert.webhookUrl}` : ""}
              </Text>
              {alert.status === "stopped" ? null : (
                <Form method="post">
                  <input type="hidden" name="alert" value={alert.unsubscribeToken} />
                  <Button type="submit" size="xs" variant="light" color="red" aria-label={`Stop alert ${alert.title}`}>
                    Stop
                  </Button>
                </Form>
              )}
              {alert.status === "active" ? <DeliveryForm alert={alert} answer={answer} /> : null}
              {alert.delivery === "webhook" ? <Deliveries alert={alert} /> : null}
            </li>
          ))}
        </ul>
      ) : (
        <Text>No alerts.</Text>
      )}
    </CardPage>
  );
}
