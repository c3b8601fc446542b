import { Anchor, Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useRef } from "react";
import { isHttpUrl } from "~/articles/canonical-url";
import { SOURCE_CATEGORIES, SOURCE_TYPE_LABELS, SOURCE_TYPES } from "~/articles/vocabulary";
import { formatDateTime } from "~/time";
import { sourceHealthLabel } from "~/sources/health";
import type { SourceJson } from "~/sources/store.server";
import { ToastHere } from "../Toasts";
import { DialogFrame, DialogTrigger, FormError, IntentForm, kept, SubmitButton, useDialog, useIntent, type DialogState, type IntentState } from "./intent";
import { AdminPanel, AdminTable, ConfirmDeleteDialog } from "./panel";

const SOURCES_ANCHOR = "sources";
const ADD_SOURCE_ANCHOR = "add-source";
const sourceAnchor = (id: number) => `source-${id}`;

/** The fields of a source, to add one or edit one: `source` fills them in, a failed post's values take precedence. */
function SourceFields({ state, source }: { state: IntentState<unknown>; source?: SourceJson }) {
  return (
    <>
      <Group grow align="flex-start" wrap="wrap">
        <TextInput label="Name" name="name" withAsterisk defaultValue={kept(state, "name", source?.name)} />
        <TextInput label="Feed URL" name="url" withAsterisk placeholder="https://…" defaultValue={kept(state, "url", source?.url)} />
        <NativeSelect
          label="Category"
          name="category"
          withAsterisk
          data={[{ value: "", label: "Select a category" }, ...SOURCE_CATEGORIES.map((c) => ({ value: c, label: c }))]}
          defaultValue={kept(state, "category", source?.category)}
        />
      </Group>
      <NativeSelect
        label="Type"
        name="type"
        description={
          source
            ? `Now: ${source.type ? (SOURCE_TYPE_LABELS[source.type as keyof typeof SOURCE_TYPE_LABELS] ?? source.type) : "not told yet"}. Pick one to read it so; otherwise it is kept (or detected again for a new URL).`
            : "Detected from the source's answer unless you pick one (a Unified Agenda edition is detected on reginfo.gov only)."
        }
        data={[
          { value: "", label: source ? "Keep / detect automatically" : "Detect automatically" },
          ...SOURCE_TYPES.map((type) => ({ value: type, label: SOURCE_TYPE_LABELS[type] })),
        ]}
        defaultValue={kept(state, "type", "")}
      />
      <TextInput
        label="Keywords"
        name="keywords"
        description="Comma-separated. When set, only items mentioning one of them are kept."
        defaultValue={kept(state, "keywords", source?.keywords.join(", "))}
      />
      <FormError state={state} />
    </>
  );
}

function AddSourceForm() {
  const form = useRef<HTMLFormElement>(null);
  const state = useIntent("create-source", { onSuccess: () => form.current?.reset() });
  return (
    <IntentForm state={state} formRef={form} aria-label="Add New Source" id={ADD_SOURCE_ANCHOR} at={ADD_SOURCE_ANCHOR}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          Add New Source
        </Title>
        <ToastHere at={ADD_SOURCE_ANCHOR} />
        <SourceFields state={state} />
        <SubmitButton state={state}>Add source</SubmitButton>
      </Stack>
    </IntentForm>
  );
}

/** Editing keeps the source's row, so its health history stays; a failure keeps the dialog open with what was typed. */
function EditSourceDialog({ source, dialog }: { source: SourceJson; dialog: DialogState }) {
  const state = useIntent("update-source", {
    rowId: source.id,
    onSuccess: dialog.close,
  });
  return (
    <DialogFrame dialog={dialog} title={`Edit source: ${source.name}`}>
      <IntentForm state={state} aria-label={`Edit ${source.name}`} at={sourceAnchor(source.id)} errorAt={dialog.name}>
        <input type="hidden" name="id" value={source.id} />
        <Stack gap="sm">
          <SourceFields state={state} source={source} />
          <SubmitButton state={state} justify="flex-end">
            Save source
          </SubmitButton>
        </Stack>
      </IntentForm>
    </DialogFrame>
  );
}

function SourceRow({ source, canEdit, timeZone }: { source: SourceJson; canEdit: boolean; timeZone: string }) {
  const toggle = useIntent("toggle-source", { rowId: source.id });
  const confirm = useDialog(`delete-source-${source.id}`);
  const edit = useDialog(`edit-source-${source.id}`);
  const health = sourceHealthLabel(source);
  return (
    <Table.Tr id={sourceAnchor(source.id)}>
      <Table.Td>
        <Text fw={600} size="sm">
          {source.name}
        </Text>
        {isHttpUrl(source.url) ? (
          <Anchor href={source.url} size="xs" target="_blank" rel="noopener noreferrer" className="break-all">
            {source.url}
          </Anchor>
        ) : (
          <Text size="xs" className="break-all">
            {source.url}
          </Text>
        )}
        {source.keywords.length ? (
          <Text size="xs" c="dimmed">
            Keywords: {source.keywords.join(", ")}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{source.category}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Badge color={health.color} variant="light">
            {health.label}
          </Badge>
          {source.isActive ? null : (
            <Badge color="gray" variant="outline">
              Disabled
            </Badge>
          )}
        </Group>
        {source.errorMessage ? (
          <Text size="xs" c="red.8">
            {source.errorMessage}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          Last successful scrape: {source.lastSuccessfulScrape ? formatDateTime(source.lastSuccessfulScrape, timeZone) : "never"}
        </Text>
      </Table.Td>
      {canEdit ? (
        <Table.Td>
          <Group gap={6} wrap="nowrap">
            <IntentForm state={toggle} at={sourceAnchor(source.id)}>
              <input type="hidden" name="id" value={source.id} />
              <Button type="submit" size="xs" variant="light" loading={toggle.pending} aria-label={`${source.isActive ? "Disable" : "Enable"} ${source.name}`}>
                {source.isActive ? "Disable" : "Enable"}
              </Button>
            </IntentForm>
            <DialogTrigger dialog={edit} size="xs" variant="light" aria-label={`Edit ${source.name}`}>
              Edit
            </DialogTrigger>
            <DialogTrigger dialog={confirm} size="xs" color="red" variant="light" aria-label={`Delete ${source.name}`}>
              Delete
            </DialogTrigger>
          </Group>
          <FormError state={toggle} />
          <ToastHere at={sourceAnchor(source.id)} />
          <EditSourceDialog source={source} dialog={edit} />
          <ConfirmDeleteDialog dialog={confirm} title="Delete source" intent="delete-source" rowId={source.id} at={SOURCES_ANCHOR} confirmLabel="Delete source">
            Delete {source.name}? Its articles stay in the feed with their source name; it is no longer checked.
          </ConfirmDeleteDialog>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

export function SourcesPanel({ sources, can, timeZone }: { sources: SourceJson[]; can: { edit: boolean }; timeZone: string }) {
  return (
    <AdminPanel id={SOURCES_ANCHOR} title="Source Management">
      {can.edit ? <AddSourceForm /> : null}
      <AdminTable
        label="Sources"
        columns={["Source", "Category", "Health", ...(can.edit ? ["Actions"] : [])]}
        items={sources}
        row={(source) => <SourceRow key={source.id} source={source} canEdit={can.edit} timeZone={timeZone} />}
        minWidth={640}
        mt="md"
        verticalSpacing="sm"
      />
    </AdminPanel>
  );
}
