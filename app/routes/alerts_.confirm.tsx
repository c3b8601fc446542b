// /alerts/confirm?token=: the link in an alert's confirmation email. GET asks (a mail scanner that prefetches the
// link starts nothing); the button's POST starts the alert. The token is the authority here.
import { Anchor, Text } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { confirmAlert, pendingAlertFromToken } from "~/alerts/alerts.server";
import { CONFIRMATION_LINK_HOURS } from "~/confirmations/link-hours";
import { CardPage, ConfirmForm } from "~/components/CardPage";

export { mantineLinks as links } from "~/components/MantineScope";

export const meta: MetaFunction = () => [{ title: "Start your alert: Federal Deregulation Tracker" }, { name: "robots", content: "noindex" }];

function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token");
}

export async function loader({ request }: LoaderFunctionArgs) {
  const alert = await pendingAlertFromToken(tokenOf(request));
  return json({ email: alert?.email ?? null, view: alert?.view ?? "" }, { status: alert ? 200 : 404 });
}

export async function action({ request }: ActionFunctionArgs) {
  const alert = await confirmAlert(tokenOf(request));
  return json({ started: alert ? { email: alert.email, view: alert.view } : null }, { status: alert ? 200 : 404 });
}

export default function ConfirmAlert() {
  const { email, view } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const viewHref = `/${view ? `?${view}` : ""}`;
  let body;
  if (done?.started) {
    body = (
      <Text role="status">
        The alert for {done.started.email} is on. New articles of{" "}
        <Anchor component={Link} to={`/${done.started.view ? `?${done.started.view}` : ""}`}>
          this view
        </Anchor>{" "}
        will arrive by email; each email ends with a link to stop it.
      </Text>
    );
  } else if (!email || done) {
    body = (
      <Text role="alert">
        This link is invalid, already used or older than {CONFIRMATION_LINK_HOURS} hours. Ask for the alert again from the{" "}
        <Anchor component={Link} to="/">
          news feed
        </Anchor>
        .
      </Text>
    );
  } else {
    body = (
      <ConfirmForm
        question={
          <>
            Send new articles of{" "}
            <Anchor component={Link} to={viewHref}>
              this view
            </Anchor>{" "}
            to {email}?
          </>
        }
        submitLabel="Start alert"
      />
    );
  }
  return <CardPage title="Start your alert">{body}</CardPage>;
}
