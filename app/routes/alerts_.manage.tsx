// /alerts/manage?token=: every alert of one address (the signed link in each alert email), each with its view,
// schedule and state, and a button that stops it.
import { Anchor, Button, Text } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { alertFromUnsubscribeToken, alertsOf, emailFromManageToken } from "~/alerts/alerts.server";
import { stopAlert } from "~/alerts/store.server";
import { CardPage } from "~/components/CardPage";
import { readForm } from "~/http/input.server";

export const meta: MetaFunction = () => [{ title: "Your alerts: Federal Deregulation Tracker" }, { name: "robots", content: "noindex" }];

function emailOf(request: Request) {
  return emailFromManageToken(new URL(request.url).searchParams.get("token"));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const email = emailOf(request);
  if (!email) return json({ email: null, alerts: [] }, { status: 400 });
  return json({ email, alerts: await alertsOf(email) });
}

/** Stops one of the address's alerts; the page then shows the list again. */
export async function action({ request }: ActionFunctionArgs) {
  const email = emailOf(request);
  const alert = await alertFromUnsubscribeToken(String((await readForm(request)).get("alert") ?? ""));
  if (!email || !alert || alert.email !== email) return json({ stopped: false }, { status: 400 });
  await stopAlert(alert.id);
  return json({ stopped: true });
}

export default function ManageAlerts() {
  const { email, alerts } = useLoaderData<typeof loader>();
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
              </Text>
              {alert.status === "stopped" ? null : (
                <Form method="post">
                  <input type="hidden" name="alert" value={alert.unsubscribeToken} />
                  <Button type="submit" size="xs" variant="light" color="red" aria-label={`Stop alert ${alert.title}`}>
                    Stop
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <Text>No alerts.</Text>
      )}
    </CardPage>
  );
}
