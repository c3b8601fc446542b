// What the dashboard's panels share: the panel itself, its tables and the actions on one of their rows.
import { Button, Card, Table, Text, Title, type MantineSpacing } from "@mantine/core";
import type { ReactNode } from "react";
import { ToastHere } from "../Toasts";
import { DialogFrame, FormError, IntentForm, SubmitButton, useIntent, type DialogState } from "./intent";

/** A dashboard panel: a section named by its heading, where the outcomes of posts that return to it show without JavaScript. */
export function AdminPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`${id}-title`} id={id}>
      <Title order={2} size="h4" id={`${id}-title`} mb="sm">
        {title}
      </Title>
      <ToastHere at={id} />
      {children}
    </Card>
  );
}

type AdminTableProps<T> = {
  /** The table's accessible name. */
  label: string;
  /** The header cells; "" for a column without a heading. */
  columns: string[];
  items: T[];
  row: (item: T) => ReactNode;
  /** Shown instead of the table when there are no items; without it the table shows its headers alone. */
  empty?: string;
  /** Past this width the table scrolls sideways inside its panel. */
  minWidth: number;
  mah?: number;
  mt?: MantineSpacing;
  verticalSpacing?: MantineSpacing;
  "data-testid"?: string;
};

/** A table of a panel, one row an item. */
export function AdminTable<T>({ label, columns, items, row, empty, minWidth, mah, mt, ...table }: AdminTableProps<T>) {
  if (!items.length && empty)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Table.ScrollContainer type="native" minWidth={minWidth} mah={mah} mt={mt}>
      <Table aria-label={label} {...table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{items.map(row)}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type RowActionButtonProps = {
  intent: string;
  /** The row's id, posted as `id`. */
  rowId: number;
  /** Further hidden fields the action takes. */
  fields?: Record<string, string>;
  label: string;
  /** Said after the label in the button's accessible name, which tells the rows apart: "Delete ann@example.com". */
  rowName: string;
  color?: string;
  /** Show a failure next to the button too, not only as a toast. */
  withError?: boolean;
  /** Submit as a page navigation: for actions whose row disappears on success (see `IntentForm`). */
  navigate?: boolean;
  /** As `IntentForm`'s: without `navigate`, this button shows the outcome it returns to. */
  at?: string;
  errorAt?: string;
};

/** A one-button form acting on one row of a table. */
export function RowActionButton({ intent, rowId, fields = {}, label, rowName, color, withError = false, navigate = false, at, errorAt }: RowActionButtonProps) {
  const state = useIntent(intent, { rowId });
  return (
    <IntentForm state={state} navigate={navigate} at={at} errorAt={errorAt}>
      <input type="hidden" name="id" value={rowId} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" size="xs" variant="light" color={color} loading={state.pending} aria-label={`${label} ${rowName}`}>
        {label}
      </Button>
      {withError ? <FormError state={state} /> : null}
      {/* A row that stays shows its outcome here; a navigation's outcome shows where `at` says. */}
      {at && !navigate ? <ToastHere at={at} /> : null}
    </IntentForm>
  );
}

type ConfirmDeleteDialogProps = {
  dialog: DialogState;
  title: string;
  intent: string;
  rowId: number;
  /** Without JavaScript, where the page returns to after the row is gone. */
  at: string;
  confirmLabel: string;
  /** The question, naming what goes. */
  children: ReactNode;
};

/** Asks before deleting one row; the delete is a page navigation, since the row disappears on success. */
export function ConfirmDeleteDialog({ dialog, title, intent, rowId, at, confirmLabel, children }: ConfirmDeleteDialogProps) {
  const state = useIntent(intent, { rowId });
  return (
    <DialogFrame dialog={dialog} title={title} size="md">
      <Text size="sm" mb="md">
        {children}
      </Text>
      <IntentForm state={state} navigate at={at} errorAt={dialog.name}>
        <input type="hidden" name="id" value={rowId} />
        <FormError state={state} />
        <SubmitButton state={state} justify="flex-end" color="red">
          {confirmLabel}
        </SubmitButton>
      </IntentForm>
    </DialogFrame>
  );
}
