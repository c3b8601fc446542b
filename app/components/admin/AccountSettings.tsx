import { Alert, Button, Code, Divider, Group, NativeSelect, PasswordInput, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useRef } from "react";
import type { ApiTokenJson } from "~/auth/account.server";
import { useHydrated } from "~/hooks";
import { DialogFrame, FormError, IntentForm, kept, SubmitButton, useIntent, type DialogState } from "./intent";
import { RowActionButton } from "./panel";

/** After an email change the page goes back to /admin after 2 s. */
const EMAIL_CHANGE_REDIRECT_MS = 2000;

function EmailForm({ email }: { email: string }) {
  const state = useIntent<{ email: string }>("update-email");
  const hydrated = useHydrated();
  const done = state.data?.ok ? state.data : undefined;
  useEffect(() => {
    if (!done || !hydrated) return;
    const timer = setTimeout(() => window.location.assign("/admin"), EMAIL_CHANGE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, hydrated]);
  return (
    <IntentForm state={state}>
      <input type="hidden" name="currentEmail" value={email} />
      <Stack gap="xs">
        <Title order={3} size="h5">
          Change email
        </Title>
        {done ? (
          <Alert color="green" role="status" title={done.toast.title}>
            {done.toast.message} Returning to the dashboard…
            {hydrated ? null : <meta httpEquiv="refresh" content={`${EMAIL_CHANGE_REDIRECT_MS / 1000};url=/admin`} />}
          </Alert>
        ) : null}
        <TextInput label="New email" name="newEmail" type="email" autoComplete="email" defaultValue={kept(state, "newEmail")} />
        <PasswordInput
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          description="We email your old address about the change and sign out your other sessions."
        />
        <FormError state={state} />
        <SubmitButton state={state}>Update email</SubmitButton>
      </Stack>
    </IntentForm>
  );
}

function PasswordForm() {
  const form = useRef<HTMLFormElement>(null);
  const state = useIntent("update-password", { onSuccess: () => form.current?.reset() });
  return (
    <IntentForm state={state} formRef={form}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Change password
        </Title>
        <PasswordInput label="Current password" name="currentPassword" autoComplete="current-password" />
        <PasswordInput
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          description="At least 6 characters. Your other sessions end and your API tokens are revoked."
        />
        <PasswordInput label="Confirm new password" name="confirmPassword" autoComplete="new-password" />
        <FormError state={state} />
        <SubmitButton state={state}>Update password</SubmitButton>
      </Stack>
    </IntentForm>
  );
}

/** The form's expiry choices, in days (the API also takes any `expiresInDays` or an `expiresAt`). */
const TOKEN_EXPIRY_CHOICES = [
  { value: "7", label: "in 7 days" },
  { value: "30", label: "in 30 days" },
  { value: "90", label: "in 90 days" },
  { value: "365", label: "in 1 year" },
  { value: "", label: "never" },
];

function ApiTokens({ tokens }: { tokens: ApiTokenJson[] }) {
  const state = useIntent<{ name: string; token: string }>("create-token");
  const created = state.data?.ok ? state.data.result : undefined;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Personal API tokens
      </Title>
      <Text size="sm" c="dimmed">
        Scripts call the admin API with <Code>Authorization: Bearer &lt;token&gt;</Code>, with your role.
      </Text>
      {created ? (
        <Alert color="blue" title={`Token "${created.name}" (shown only once)`} role="status">
          <Code block data-testid="new-api-token">
            {created.token}
          </Code>
        </Alert>
      ) : null}
      <IntentForm state={state}>
        <Group align="flex-end">
          <TextInput label="Token name" name="name" placeholder="e.g. nightly export" defaultValue={kept(state, "name")} />
          <NativeSelect label="Expires" name="expiresInDays" data={TOKEN_EXPIRY_CHOICES} defaultValue={kept(state, "expiresInDays", "90")} />
          <Button type="submit" loading={state.pending}>
            Create token
          </Button>
        </Group>
        <FormError state={state} />
      </IntentForm>
      {tokens.length ? (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>Expires</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.map((token) => (
              <Table.Tr key={token.id}>
                <Table.Td>{token.name}</Table.Td>
                <Table.Td>{token.createdAt.slice(0, 10)}</Table.Td>
                <Table.Td>{token.lastUsedAt ? token.lastUsedAt.slice(0, 10) : "never"}</Table.Td>
                <Table.Td>{token.expiresAt ? token.expiresAt.slice(0, 10) : "never"}</Table.Td>
                <Table.Td>
                  <RowActionButton intent="revoke-token" rowId={token.id} label="Revoke" rowName={`token ${token.name}`} color="red" navigate />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}

export function AccountSettingsDialog({ dialog, email, apiTokens }: { dialog: DialogState; email: string; apiTokens: ApiTokenJson[] }) {
  return (
    <DialogFrame dialog={dialog} title="Account settings">
      <Stack gap="md">
        <EmailForm email={email} />
        <Divider />
        <PasswordForm />
        <Divider />
        <ApiTokens tokens={apiTokens} />
      </Stack>
    </DialogFrame>
  );
}
