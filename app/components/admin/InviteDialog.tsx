import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import type { CreatedInvitation } from "~/auth/invitations.server";
import { showToast } from "../Toasts";
import { DialogFrame, FormError, IntentForm, kept, SubmitButton, useIntent, type DialogState } from "./intent";

const ROLE_OPTIONS = [
  { value: "viewer", label: "Viewer: read-only access to the dashboard" },
  { value: "editor", label: "Editor: can manage sources and content" },
  { value: "admin", label: "Admin: full access including user management" },
];

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    showToast({ title: "Copied", message: "The invitation link is on your clipboard." });
  } catch {
    showToast({ title: "Failed to copy", message: "Select the link and copy it by hand.", variant: "destructive" });
  }
}

export function InviteDialog({ dialog }: { dialog: DialogState }) {
  const state = useIntent<CreatedInvitation>("invite");
  const invitation = state.data?.ok ? state.data.result : undefined;
  return (
    <DialogFrame dialog={dialog} title="Invite user">
      <IntentForm state={state}>
        <Stack gap="sm">
          <TextInput label="Email" name="email" type="email" required defaultValue={kept(state, "email")} />
          <NativeSelect label="Role" name="role" required data={ROLE_OPTIONS} defaultValue={kept(state, "role", "editor")} />
          <FormError state={state} />
          <SubmitButton state={state}>Create invitation</SubmitButton>
        </Stack>
      </IntentForm>
      {invitation ? (
        <Alert color="green" mt="md" title={`Invitation for ${invitation.email} (${invitation.role})`} role="status">
          <Text size="sm" mb="xs">
            {invitation.emailSent ? "We emailed this link. " : "The email could not be sent: pass this link on yourself. "}
            It works once and expires in 7 days.
          </Text>
          <Group gap="xs" wrap="nowrap">
            <TextInput readOnly value={invitation.link} aria-label="Invitation link" style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
            {state.hydrated ? (
              <Button variant="light" onClick={() => copy(invitation.link)}>
                Copy
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : null}
    </DialogFrame>
  );
}
