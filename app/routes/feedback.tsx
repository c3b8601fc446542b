// /feedback: the feedback form as a page, for browsers without JavaScript (the header button links here).
import { Alert, Card, Container, Title } from "@mantine/core";
import { json, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { FeedbackButton, FeedbackFields, FEEDBACK_TITLE } from "~/components/FeedbackDialog";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { feedbackValues } from "~/feedback/feedback";
import { submitFeedback } from "~/feedback/feedback.server";
import { assertSameOrigin } from "~/auth/same-origin.server";
import { withAppErrors } from "~/http/app-error.server";
import { redirectWithToast } from "~/http/flash.server";
import { readForm } from "~/http/input.server";
import { clientAddress } from "~/http/client-address.server";
import { addressRateKey } from "~/rate-limit.server";

export const meta: MetaFunction = () => [{ title: `${FEEDBACK_TITLE}: Federal Deregulation Tracker` }];

// The wrapper is applied inside the action: a top-level call would stay in the browser bundle, where the
// server-only module it comes from is empty.
export function action(args: ActionFunctionArgs) {
  return withAppErrors(handleAction)(args);
}

async function handleAction({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const raw = Object.fromEntries(await readForm(request));
  const outcome = submitFeedback(raw, addressRateKey(clientAddress(context)));
  if (outcome.ok) return redirectWithToast("/", outcome.toast);
  return json({ toast: outcome.toast, values: feedbackValues(raw) }, { status: outcome.status });
}

export default function FeedbackPage() {
  const result = useActionData<typeof action>();
  return (
    <>
      <SiteHeader actions={<FeedbackButton />} />
      <Container size={500} component="main" id="main" py="lg">
        <Card withBorder padding="lg">
          <Title order={2} size="h3" mb="md">
            {FEEDBACK_TITLE}
          </Title>
          {result ? (
            <Alert color="red" title={result.toast.title} mb="md" role="alert">
              {result.toast.message}
            </Alert>
          ) : null}
          <Form method="post" noValidate>
            <FeedbackFields
              key={JSON.stringify(result?.values ?? null)}
              values={result?.values ?? { type: "", subject: "", message: "", email: "" }}
              cancelHref="/"
            />
          </Form>
        </Card>
      </Container>
      <SiteFooter />
    </>
  );
}
