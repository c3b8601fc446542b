// /subscribe: where the newsletter form posts without JavaScript. Success goes back to the feed with a toast;
// an error shows the form again with what was typed. (No redirecting loader: it would also run after the action.)
import { json, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { CardPage, Refusal } from "~/components/CardPage";
import { FeedbackButton } from "~/components/FeedbackDialog";
import { NewsletterForm } from "~/components/NewsletterSignup";
import { assertSameOrigin } from "~/auth/same-origin.server";
import { refusalOf, withAppErrors } from "~/http/app-error.server";
import { redirectWithToast } from "~/http/flash.server";
import { readForm } from "~/http/input.server";
import { clientAddress } from "~/http/client-address.server";
import { addressRateKey } from "~/rate-limit.server";
import { SUBSCRIBE_TOASTS } from "~/newsletter/signup";
import { subscribe } from "~/newsletter/subscribers.server";

export { mantineLinks as links } from "~/components/MantineScope";

export const meta: MetaFunction = () => [{ title: "Subscribe: Federal Deregulation Tracker" }];

// The wrapper is applied inside the action: a top-level call would stay in the browser bundle, where the
// server-only module it comes from is empty.
export function action(args: ActionFunctionArgs) {
  return withAppErrors(handleAction)(args);
}

async function handleAction({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const email = String(form.get("email") ?? "");
  try {
    const { message } = await subscribe(email, form.get("source"), addressRateKey(clientAddress(context)));
    return redirectWithToast("/#newsletter", { title: SUBSCRIBE_TOASTS.subscribed.title, message });
  } catch (error) {
    const refusal = await refusalOf(error);
    if (!refusal) throw error;
    // A bad address gets the form's own toast; anything else (a rate limit) the failure toast with its reason.
    const toast =
      refusal.message === SUBSCRIBE_TOASTS.invalidEmail.message ? SUBSCRIBE_TOASTS.invalidEmail : { ...SUBSCRIBE_TOASTS.failed, message: refusal.message };
    return json({ toast, email }, { status: refusal.status });
  }
}

export default function SubscribePage() {
  const result = useActionData<typeof action>();
  return (
    <CardPage title="Weekly newsletter" width={560} spacing="lg" headerActions={<FeedbackButton />}>
      {result ? <Refusal title={result.toast.title}>{result.toast.message}</Refusal> : null}
      <NewsletterForm defaultEmail={result?.email} error={result ? result.toast.message : undefined} />
    </CardPage>
  );
}
