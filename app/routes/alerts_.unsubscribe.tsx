// /alerts/unsubscribe?token=: one alert's stop link. GET asks (a prefetching mail scanner changes nothing); POST
// stops it, which is also what a mail client's RFC 8058 one-click request does. The signed token is the authority.
import { Text } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { alertFromUnsubscribeToken } from "~/alerts/alerts.server";
import { stopAlert } from "~/alerts/store.server";
import { viewTitle } from "~/feed/feeds-out.server";
import { parseFeedParams } from "~/feed/filters";
import { CardPage, ConfirmForm } from "~/components/CardPage";

export { mantineLinks as links } from "~/components/MantineScope";

export const meta: MetaFunction = () => [{ title: "Stop an alert: Federal Deregulation Tracker" }, { name: "robots", content: "noindex" }];

function alertOf(request: Request) {
  return alertFromUnsubscribeToken(new URL(request.url).searchParams.get("token"));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const alert = await alertOf(request);
  if (!alert) return json({ valid: false, email: null, title: null, stopped: false }, { status: 400 });
  return json({
    valid: true,
    email: alert.email,
    title: viewTitle(parseFeedParams(new URLSearchParams(alert.view)).filters),
    stopped: Boolean(alert.unsubscribedAt),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const alert = await alertOf(request);
  if (!alert) return json({ stopped: false }, { status: 400 });
  await stopAlert(alert.id);
  return json({ stopped: true });
}

export default function StopAlert() {
  const data = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  let body;
  if (!data.valid || done?.stopped === false) body = <Text role="alert">This link is invalid. Please use the link from your most recent alert email.</Text>;
  else if (done?.stopped || data.stopped)
    body = (
      <Text role="status">
        The alert “{data.title}” for {data.email} is stopped. No more emails will be sent for it.
      </Text>
    );
  else body = <ConfirmForm question={`Stop emailing new articles of “${data.title}” to ${data.email}?`} submitLabel="Stop alert" color="red" />;
  return <CardPage title="Stop an alert">{body}</CardPage>;
}
