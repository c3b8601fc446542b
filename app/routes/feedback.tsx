// /feedback: the feedback form as a page, for browsers without JavaScript (the header button links here).
import { json, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { CardPage, Refusal } from "~/components/CardPage";
import { FeedbackButton, FeedbackFields, FEEDBACK_TITLE } from "~/components/FeedbackDialog";
import { FEEDBACK_TOASTS, feedbackToast, feedbackValues } from "~/feedback/feedback";
import { submitFeedback } from "~/feedback/feedback.server";
import { assertSameOrigin } from "~/auth/same-origin.server";
import { refusalOf, withAppErrors } from "~/http/app-error.server";
import { redirectWithToast } from "~/http/flash.server";
import { readForm } from "~/http/input.server";
import { clientAddress } from "~/http/client-address.server";
import { addressRateKey } from "~/rate-limit.server";

export { mantineLinks as links } from "~/components/MantineScope";

export const meta: MetaFunction = () => [{ title: `${FEEDBACK_TITLE}: Federal Deregulation Tracker` }];

// The wrapper is applied inside the action: a top-level call would stay in the browser bundle, where the
// server-only module it comes from is empty.
export function action(args: ActionFunctionArgs) {
  return withAppErrors(handleAction)(args);
}

async function handleAction({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const raw = Object.fromEntries(await readForm(request));
  try {
    await submitFeedback(raw, addressRateKey(clientAddress(context)));
  } catch (error) {
    const refusal = await refusalOf(error);
    if (!refusal) throw error;
    return json({ toast: feedbackToast(refusal.message), values: feedbackValues(raw) }, { status: refusal.status });
  }
  return redirectWithToast("/", FEEDBACK_TOASTS.submitted);
}

export default function FeedbackPage() {
  const result = useActionData<typeof action>();
  return (
    <CardPage title={FEEDBACK_TITLE} width={500} spacing="lg" headerActions={<FeedbackButton />}>
      {result ? <Refusal title={result.toast.title}>{result.toast.message}</Refusal> : null}
      <Form method="post" noValidate>
        <FeedbackFields
          key={JSON.stringify(result?.values ?? null)}
          values={result?.values ?? { type: "", subject: "", message: "", email: "" }}
          cancelHref="/"
        />
      </Form>
    </CardPage>
  );
}
