import { ToastHere } from "../Toasts";
import { Badge, Card, Group, Table, Text, Title } from "@mantine/core";
import type { UserJson } from "~/auth/user-admin.server";
import { formatDate } from "~/time";
import { AdminTable, RowActionButton } from "./panel";

/** Admins only: every account with its role and status, to disable, enable or delete. */
export function UsersPanel({ users, currentUserId, timeZone }: { users: UserJson[]; currentUserId: number; timeZone: string }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="users-title" id="users">
      <Title order={2} size="h4" id="users-title">
        Users
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Disabling signs the user out everywhere and revokes their API tokens. The last active admin cannot be disabled or deleted.
      </Text>
      <ToastHere at="users" />
      <AdminTable
        label="Users"
        columns={["Email", "Role", "Status", "Since", ""]}
        items={users}
        row={(user) => (
          <Table.Tr key={user.id} id={`user-${user.id}`}>
            <Table.Td>
              {user.email}
              {user.id === currentUserId ? " (you)" : ""}
            </Table.Td>
            <Table.Td>{user.role}</Table.Td>
            <Table.Td>
              <Badge color={user.disabled ? "gray" : "green"} variant="light">
                {user.disabled ? "Disabled" : "Active"}
              </Badge>
            </Table.Td>
            <Table.Td>{formatDate(user.createdAt, timeZone)}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <RowActionButton
                  intent="user-status"
                  rowId={user.id}
                  fields={{ disabled: String(!user.disabled) }}
                  label={user.disabled ? "Enable" : "Disable"}
                  rowName={user.email}
                  color={user.disabled ? "green" : "gray"}
                  withError
                  at={`user-${user.id}`}
                />
                <RowActionButton
                  intent="delete-user"
                  rowId={user.id}
                  label="Delete"
                  rowName={user.email}
                  color="red"
                  withError
                  navigate
                  at="users"
                  errorAt={`user-${user.id}`}
                />
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
        minWidth={560}
        mah={360}
      />
    </Card>
  );
}
