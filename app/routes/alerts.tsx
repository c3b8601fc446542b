// /alerts: where the feed's alert form posts. Success goes back to the view with the answer; an error shows the
// form again with what was typed. (No redirecting loader: it would also run after the action.)
import { Text } from "@mantine/core";
import { json, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { requestAlert } from "~/alerts/alerts.server";
import { assertSameOrigin } from "~/auth/same-origin.server";
import { AlertForm } from "~/components/AlertForm";
import { CardPage, Refusal } from "~/components/CardPage";
import { FeedbackButton } from "~/components/FeedbackDialog";
import { refusalOf } from "~/http/app-error.server";
import { clientAddress } from "~/http/client-address.server";
import { redirectWithToast } from "~/http/flash.server";
import { readForm } from "~/http/input.server";
import { addressRateKey } from "~/rate-limit.server";

export { mantineLinks as links } from "~/components/MantineScope";

export const meta: MetaFunction = () => [{ title: "Email alert: Federal Deregulation Tracker" }, { name: "robots", content: "noindex" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const values = { email: String(form.email ?? ""), frequency: String(form.frequency ?? ""), hour: String(form.hour ?? ""), view: String(form.view ?? "") };
  try {
    // Inside the try: a cross-site post is refused on this page with what was typed, not as an error.
    assertSameOrigin(request);
    const { message, view } = await requestAlert(form, addressRateKey(clientAddress(context)));
    // Back to the view as stored (its tidy, percent-encoded form), never the typed text: that may hold line
    // breaks or characters a Location header cannot carry.
    return redirectWithToast(`/${view ? `?${view}` : ""}#follow-view`, { title: "Alert requested", message });
  } catch (error) {
    const refusal = await refusalOf(error);
    if (!refusal) throw error;
    return json({ error: refusal.message, values }, { status: refusal.status });
  }
}

export default function AlertPage() {
  const result = useActionData<typeof action>();
  return (
    <CardPage title="Email alert" width={640} spacing="lg" headerActions={<FeedbackButton />}>
      {result ? (
        <Refusal title="The alert was not started">{result.error}</Refusal>
      ) : (
        <Text mb="md">Choose a view on the news feed, then use its form to get new articles by email.</Text>
      )}
      <AlertForm view={result?.values.view ?? ""} values={result?.values} error={result?.error} />
    </CardPage>
  );
}
