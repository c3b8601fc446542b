import { Badge, Button, Group, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { ApiTokenJson } from "~/auth/account.server";
import { AccountSettingsDialog } from "./AccountSettings";
import { DialogTrigger, useDialog } from "./intent";
import { InviteDialog } from "./InviteDialog";

type Props = {
  user: { id: number; email: string; role: string };
  can: { edit: boolean; admin: boolean };
  apiTokens: ApiTokenJson[];
};

export function DashboardHeader({ user, can, apiTokens }: Props) {
  const account = useDialog("account");
  const invite = useDialog("invite");
  return (
    <section aria-labelledby="dashboard-title">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="sm">
        <div>
          <Title order={2} id="dashboard-title">
            Admin dashboard
          </Title>
          <Text size="sm" c="dimmed" component="div">
            Signed in as <strong>{user.email}</strong>{" "}
            <Badge size="sm" variant="light" color={user.role === "admin" ? "red" : user.role === "editor" ? "blue" : "gray"}>
              {user.role}
            </Badge>
            {can.edit ? null : " Read-only access: ask an admin for the editor role to make changes."}
          </Text>
        </div>
        <Group gap="xs">
          <DialogTrigger dialog={account} variant="default">
            Account settings
          </DialogTrigger>
          {can.admin ? (
            <DialogTrigger dialog={invite} variant="light">
              Invite user
            </DialogTrigger>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="logout" />
            <Button type="submit" variant="default">
              Log out
            </Button>
          </Form>
        </Group>
      </Group>
      <AccountSettingsDialog dialog={account} email={user.email} apiTokens={apiTokens} />
      {can.admin ? <InviteDialog dialog={invite} /> : null}
    </section>
  );
}
