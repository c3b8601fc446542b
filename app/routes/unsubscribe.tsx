// /unsubscribe?token=: GET asks for confirmation (a link prefetched by a mail scanner changes nothing);
// POST unsubscribes, which is also what a mail client's RFC 8058 one-click request does. The signed
// token is the authority here, so no session or same-origin check applies.
import { Text } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CardPage, ConfirmForm } from "~/components/CardPage";
import { deactivateSubscriber } from "~/newsletter/store.server";
import { subscriberFromToken } from "~/newsletter/subscribers.server";

export { mantineLinks as links } from "~/components/MantineScope";

export const meta: MetaFunction = () => [{ title: "Unsubscribe: Federal Deregulation Tracker" }, { name: "robots", content: "noindex" }];

function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token");
}

export async function loader({ request }: LoaderFunctionArgs) {
  const subscriber = await subscriberFromToken(tokenOf(request));
  return json({ valid: Boolean(subscriber), email: subscriber?.email ?? null, active: subscriber?.isActive ?? false }, { status: subscriber ? 200 : 400 });
}

export async function action({ request }: ActionFunctionArgs) {
  const subscriber = await subscriberFromToken(tokenOf(request));
  if (!subscriber) return json({ unsubscribed: false }, { status: 400 });
  await deactivateSubscriber(subscriber.id);
  return json({ unsubscribed: true });
}

export default function Unsubscribe() {
  const data = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  let body;
  if (!data.valid || done?.unsubscribed === false) {
    body = <Text>This unsubscribe link is invalid. Please use the link from your most recent newsletter email.</Text>;
  } else if (done?.unsubscribed || !data.active) {
    body = (
      <Text role="status">
        {data.email} is unsubscribed. You will not receive the weekly newsletter anymore. You can subscribe again from the home page at any time.
      </Text>
    );
  } else {
    body = <ConfirmForm question={`Stop sending the weekly newsletter to ${data.email}?`} submitLabel="Unsubscribe" color="red" />;
  }
  return <CardPage title="Unsubscribe">{body}</CardPage>;
}
