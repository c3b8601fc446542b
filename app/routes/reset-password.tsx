import { Anchor, Button, Stack } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { RESET_NO_TOKEN, RESET_PASSWORD_MIN } from "~/auth/rules";
import { CardPage, Outcome, RedirectAfter, Refusal } from "~/components/CardPage";
import { NewPasswordFields } from "~/components/NewPasswordFields";
import { pageAction, type PageOutcome } from "~/http/page-action.server";
import { resetPasswordFlow } from "~/auth/flows.server";
import { clientAddress } from "~/http/client-address.server";

export { mantineLinks as links } from "~/components/MantineScope";

/** After a reset the page goes to /admin after 2 s. */
const REDIRECT_MS = 2000;

export const meta: MetaFunction = () => [{ title: "Reset your password: Federal Deregulation Tracker" }, { name: "robots", content: "noindex" }];

export function loader({ request }: LoaderFunctionArgs) {
  return json({ token: new URL(request.url).searchParams.get("token") ?? "" });
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  pageAction(request, "Failed to reset password", async (values) => {
    const { message } = await resetPasswordFlow(clientAddress(context), values);
    return { toast: { title: "Password reset", message } };
  });

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const outcome = useActionData<PageOutcome>();
  const submitting = useNavigation().state === "submitting";
  if (outcome?.ok)
    return (
      <CardPage title="Password reset">
        <Outcome toast={outcome.toast} />
        <RedirectAfter to="/admin" ms={REDIRECT_MS} />
        <Anchor component={Link} to="/admin">
          Go to the login page
        </Anchor>
      </CardPage>
    );
  return (
    <CardPage title="Choose a new password">
      {token ? null : <Refusal>{RESET_NO_TOKEN}</Refusal>}
      <Outcome toast={outcome?.toast} />
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <Stack gap="sm">
          <NewPasswordFields label="New password" name="newPassword" confirmLabel="Confirm new password" minLength={RESET_PASSWORD_MIN} />
          <Button type="submit" loading={submitting} disabled={!token}>
            Reset password
          </Button>
          <Anchor component={Link} to="/forgot-password" size="sm">
            Request a new link
          </Anchor>
        </Stack>
      </Form>
    </CardPage>
  );
}
