import { Alert, Anchor, Button, Card, Group, PasswordInput, Stack, TextInput, Title } from "@mantine/core";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import type { DashboardActionData } from "~/admin/dashboard-action";
import { showToast } from "../Toasts";

export function LoginForm() {
  const actionData = useActionData<DashboardActionData>();
  const failure = actionData?.intent === "login" && !actionData.ok ? actionData : undefined;
  const submitting = useNavigation().state === "submitting";
  useEffect(() => {
    if (failure) showToast(failure.toast);
  }, [failure]);
  return (
    <Card withBorder padding="xl" maw={420} mx="auto" mt="xl" component="section" aria-labelledby="login-title">
      <Title order={2} size="h3" id="login-title" mb="md">
        Admin login
      </Title>
      <Form method="post">
        <input type="hidden" name="intent" value="login" />
        <Stack gap="sm">
          {failure ? (
            <Alert color="red" title={failure.toast.title} role="alert">
              {failure.toast.message}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            defaultValue={typeof failure?.values?.email === "string" ? failure.values.email : ""}
          />
          <PasswordInput label="Password" name="password" autoComplete="current-password" />
          <Button type="submit" loading={submitting}>
            Log in
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot your password?
            </Anchor>
            <Anchor component={Link} to="/" size="sm">
              Back to the news feed
            </Anchor>
          </Group>
        </Stack>
      </Form>
    </Card>
  );
}
