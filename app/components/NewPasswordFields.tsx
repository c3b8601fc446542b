import { PasswordInput } from "@mantine/core";

/** A new password and its confirmation (posted as `confirmPassword`), with the least length the server accepts. */
export function NewPasswordFields({ label, name, confirmLabel, minLength }: { label: string; name: string; confirmLabel: string; minLength: number }) {
  return (
    <>
      <PasswordInput label={label} name={name} autoComplete="new-password" withAsterisk description={`At least ${minLength} characters.`} />
      <PasswordInput label={confirmLabel} name="confirmPassword" autoComplete="new-password" withAsterisk />
    </>
  );
}
