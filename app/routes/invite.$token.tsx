import { Button, Stack, Text } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { findOpenInvitation } from "~/auth/invitations.server";
import { INVALID_INVITATION, INVITATION_PASSWORD_MIN } from "~/auth/rules";
import { CardPage, Outcome, Refusal } from "~/components/CardPage";
import { NewPasswordFields } from "~/components/NewPasswordFields";
import { pageAction, type PageOutcome } from "~/http/page-action.server";
import { acceptInvitationFlow } from "~/auth/flows.server";
import { clientAddress } from "~/http/client-address.server";

export { mantineLinks as links } from "~/components/MantineScope";

export const meta: MetaFunction = () => [{ title: "Accept your invitation: Federal Deregulation Tracker" }, { name: "robots", content: "noindex" }];

/**
 * The token is checked with the server before the form shows (the spec's client-only check is not enough).
 * An unknown or expired token is a 404, as on GET /api/invitations/{token}.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const invitation = await findOpenInvitation(params.token ?? "");
  if (!invitation) return json({ valid: false as const }, { status: 404 });
  return json({ valid: true as const, email: invitation.email, role: invitation.role });
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  pageAction(request, "Could not create your account", async (values) => {
    const { user, setCookie } = await acceptInvitationFlow(clientAddress(context), params.token ?? "", values);
    return {
      toast: { title: "Account created", message: `Welcome! You are signed in as ${user.email} (${user.role}).` },
      headers: { "Set-Cookie": setCookie },
    };
  });

export default function InvitePage() {
  const invitation = useLoaderData<typeof loader>();
  const outcome = useActionData<PageOutcome>();
  const validating = useNavigation().state === "submitting";
  if (outcome?.ok)
    return (
      <CardPage title="Your account is ready">
        <Outcome toast={outcome.toast} />
        <Button component={Link} to="/admin">
          Open the admin dashboard
        </Button>
      </CardPage>
    );
  if (!invitation.valid)
    return (
      <CardPage title="Invitation">
        <Refusal>{INVALID_INVITATION}</Refusal>
        <Text size="sm">
          Ask the admin who invited you for a new link, or <Link to="/admin">log in</Link> if you already have an account.
        </Text>
      </CardPage>
    );
  return (
    <CardPage title="Accept your invitation">
      <Text size="sm" mb="md">
        You are invited as <strong>{invitation.role}</strong> with the email <strong>{invitation.email}</strong>. Choose a password to create your account.
      </Text>
      <Outcome toast={outcome?.toast} />
      <Form method="post">
        <Stack gap="sm">
          <NewPasswordFields label="Password" name="password" confirmLabel="Confirm password" minLength={INVITATION_PASSWORD_MIN} />
          <Button type="submit" loading={validating}>
            Create account
          </Button>
        </Stack>
      </Form>
    </CardPage>
  );
}
