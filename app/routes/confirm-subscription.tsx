// /confirm-subscription?token=: the double opt-in link from the confirmation email. GET asks (a mail scanner
// that prefetches the link confirms nothing); the button's POST confirms. The token is the authority here.
import { Anchor, Text } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CardPage, ConfirmForm } from "~/components/CardPage";
import { CONFIRMATION_LINK_HOURS } from "~/confirmations/link-hours";
import { confirmSubscription, pendingSubscriberFromToken } from "~/newsletter/subscribers.server";

export { mantineLinks as links } from "~/components/MantineScope";

export const meta: MetaFunction = () => [{ title: "Confirm your subscription: Federal Deregulation Tracker" }, { name: "robots", content: "noindex" }];

function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token");
}

export async function loader({ request }: LoaderFunctionArgs) {
  const subscriber = await pendingSubscriberFromToken(tokenOf(request));
  return json({ email: subscriber?.email ?? null }, { status: subscriber ? 200 : 404 });
}

export async function action({ request }: ActionFunctionArgs) {
  const subscriber = await confirmSubscription(tokenOf(request));
  return json({ confirmed: subscriber?.email ?? null }, { status: subscriber ? 200 : 404 });
}

export default function ConfirmSubscription() {
  const { email } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  let body;
  if (done?.confirmed) {
    body = <Text role="status">{done.confirmed} is subscribed. The weekly newsletter arrives every Monday; each one ends with a link to unsubscribe.</Text>;
  } else if (!email || done) {
    body = (
      <Text role="alert">
        This confirmation link is invalid, already used or older than {CONFIRMATION_LINK_HOURS} hours. Subscribe again from the{" "}
        <Anchor component={Link} to="/#newsletter">
          home page
        </Anchor>{" "}
        to get a new one.
      </Text>
    );
  } else {
    body = <ConfirmForm question={`Start sending the weekly newsletter to ${email}?`} submitLabel="Confirm subscription" />;
  }
  return <CardPage title="Confirm your subscription">{body}</CardPage>;
}
