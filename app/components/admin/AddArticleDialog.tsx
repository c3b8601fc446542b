import { Button, Group, NativeSelect, Stack, Textarea, TextInput } from "@mantine/core";
import { useRef, useState } from "react";
import type { DashboardActionData } from "~/admin/dashboard-action";
import { CATEGORIES, DEFAULT_PRIORITY, PRIORITIES } from "~/articles/vocabulary";
import { DialogFrame, FormError, IntentForm, useIntent, type DialogState } from "./intent";

type Extracted = { title: string; summary: string; category: string; priority: string; tags: string[] };
type Fields = { url: string; title: string; summary: string; category: string; priority: string; tags: string };

const EMPTY: Fields = { url: "", title: "", summary: "", category: "", priority: DEFAULT_PRIORITY, tags: "" };

/** What the fields show: the extracted details after Extract, or what was typed after a failure. */
function fieldsFrom(data: DashboardActionData | undefined): Fields {
  if (!data) return EMPTY;
  const values = (data.values ?? {}) as Partial<Record<keyof Fields, string>>;
  const typed = { ...EMPTY, ...Object.fromEntries(Object.entries(values).filter(([k]) => k in EMPTY)) } as Fields;
  if (data.ok && data.intent === "extract-article") {
    const found = data.result as Extracted;
    return { ...typed, title: found.title, summary: found.summary, category: found.category, priority: found.priority, tags: found.tags.join(", ") };
  }
  return data.ok ? EMPTY : typed;
}

export function AddArticleDialog({ dialog }: { dialog: DialogState }) {
  const form = useRef<HTMLFormElement>(null);
  const [version, setVersion] = useState(0);
  const state = useIntent("add-article", {
    match: (data) => data.intent === "add-article" || data.intent === "extract-article",
    onSuccess: (data) => {
      setVersion((v) => v + 1);
      if (data.intent === "add-article") dialog.close();
    },
  });
  const fields = fieldsFrom(state.data);
  const categoryOptions = [{ value: "", label: "Select a category" }, ...CATEGORIES.map((c) => ({ value: c.value, label: c.label }))];
  return (
    <DialogFrame dialog={dialog} title="Add Article">
      <IntentForm state={state} withIntentField={false} formRef={form}>
        <Stack gap="sm" key={version}>
          <Group align="flex-end" wrap="nowrap">
            <TextInput label="URL" name="url" type="url" withAsterisk defaultValue={fields.url} style={{ flex: 1 }} />
            <Button
              type="submit"
              name="intent"
              value="extract-article"
              variant="light"
              loading={state.pending && state.fetcher.formData?.get("intent") === "extract-article"}
            >
              Extract
            </Button>
          </Group>
          <TextInput label="Title" name="title" withAsterisk defaultValue={fields.title} />
          <Textarea label="Summary" name="summary" withAsterisk autosize minRows={3} defaultValue={fields.summary} />
          <Group grow>
            <NativeSelect label="Category" name="category" withAsterisk data={categoryOptions} defaultValue={fields.category} />
            <NativeSelect
              label="Priority"
              name="priority"
              data={PRIORITIES.map((p) => ({ value: p.value, label: p.editorLabel }))}
              defaultValue={fields.priority}
            />
          </Group>
          <TextInput label="Tags" name="tags" description="Comma-separated, e.g. epa, rule-rescission" defaultValue={fields.tags} />
          <FormError state={state} />
          <Group justify="flex-end">
            <Button type="submit" name="intent" value="add-article" loading={state.pending && state.fetcher.formData?.get("intent") === "add-article"}>
              Add Article
            </Button>
          </Group>
        </Stack>
      </IntentForm>
    </DialogFrame>
  );
}
