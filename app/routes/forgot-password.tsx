import { Anchor, Button, Stack, TextInput } from "@mantine/core";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { CardPage, Outcome } from "~/components/CardPage";
import { pageAction, type PageOutcome } from "~/http/page-action.server";
import { forgotPasswordFlow } from "~/auth/flows.server";
import { clientAddress } from "~/http/client-address.server";

export { mantineLinks as links } from "~/components/MantineScope";

export const meta: MetaFunction = () => [{ title: "Forgot your password? Federal Deregulation Tracker" }];

export const action = ({ request, context }: ActionFunctionArgs) =>
  pageAction(request, "Failed to send reset email", async (values) => {
    const { message } = await forgotPasswordFlow(clientAddress(context), values);
    return { toast: { title: "Check your email", message } };
  });

export default function ForgotPassword() {
  const outcome = useActionData<PageOutcome>();
  const submitting = useNavigation().state === "submitting";
  return (
    <CardPage title="Forgot your password?">
      <Outcome toast={outcome?.toast} />
      <Form method="post">
        <Stack gap="sm">
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            withAsterisk
            defaultValue={typeof outcome?.values?.email === "string" ? outcome.values.email : ""}
          />
          <Button type="submit" loading={submitting}>
            Send reset link
          </Button>
          <Anchor component={Link} to="/admin" size="sm">
            Back to login
          </Anchor>
        </Stack>
      </Form>
    </CardPage>
  );
}
