import { Checkbox, NativeSelect, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { ArticleJson } from "~/feed/queries.server";
import { articleAnchorId } from "../ArticleCard";
import { COMMON_TAGS, PRIORITIES, TAG_VOCABULARY } from "~/articles/vocabulary";
import { DialogFrame, FormError, IntentForm, SubmitButton, useIntent, type DialogState } from "./intent";

function TagGroup({ title, tags, selected, onToggle }: { title: string; tags: string[]; selected: Set<string>; onToggle: (tag: string) => void }) {
  if (!tags.length) return null;
  return (
    <fieldset className="tag-group">
      <legend>
        <Text size="sm" fw={600} component="span">
          {title}
        </Text>
      </legend>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing={6}>
        {tags.map((tag) => (
          <Checkbox key={tag} name="tags" value={tag} label={tag} size="xs" checked={selected.has(tag)} onChange={() => onToggle(tag)} />
        ))}
      </SimpleGrid>
    </fieldset>
  );
}

/**
 * The tag editor: the 12 common tags, suggestions loaded when it opens, the whole vocabulary,
 * free entry (normalised on save) and the priority. Every tag appears once, as a checkbox, so the
 * editor is an ordinary form without JavaScript.
 */
export function TagEditor({ article, dialog, suggested: serverSuggested }: { article: ArticleJson; dialog: DialogState; suggested?: string[] }) {
  const [selected, setSelected] = useState(() => new Set(article.tags));
  const suggestions = useFetcher<{ suggestedTags?: string[] }>();
  const state = useIntent("update-tags", {
    rowId: article.id,
    onSuccess: dialog.close,
  });
  useEffect(() => {
    if (dialog.opened && state.hydrated && suggestions.state === "idle" && !suggestions.data) suggestions.load(`/api/articles/${article.id}/suggest-tags`);
  }, [dialog.opened, state.hydrated, suggestions, article.id]);
  useEffect(() => setSelected(new Set(article.tags)), [article.tags]);

  const suggested = (suggestions.data?.suggestedTags ?? serverSuggested ?? []).filter((tag) => !COMMON_TAGS.includes(tag as never));
  const shown = new Set<string>([...COMMON_TAGS, ...suggested]);
  const more = [...TAG_VOCABULARY, ...article.tags].filter((tag, i, all) => !shown.has(tag) && all.indexOf(tag) === i);
  const toggle = (tag: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(tag)) next.delete(tag);
      else next.add(tag);
      return next;
    });

  return (
    <DialogFrame dialog={dialog} title={`Edit tags: ${article.title}`} size="xl">
      <IntentForm state={state} at={articleAnchorId(article.id)} errorAt={`${dialog.name}-save`}>
        <input type="hidden" name="id" value={article.id} />
        <input type="hidden" name="tags" value="" />
        <Stack gap="sm">
          <TagGroup title="Common tags" tags={[...COMMON_TAGS]} selected={selected} onToggle={toggle} />
          {suggestions.state === "loading" ? (
            <Text size="sm" c="dimmed">
              Loading suggested tags…
            </Text>
          ) : (
            <TagGroup title="Suggested tags" tags={suggested} selected={selected} onToggle={toggle} />
          )}
          <TagGroup title="All tags" tags={more} selected={selected} onToggle={toggle} />
          <TextInput
            label="Add your own tags"
            name="newTags"
            description="Comma-separated; saved in lower case with hyphens (e.g. “Clean Air” becomes clean-air)."
          />
          <NativeSelect
            label="Priority"
            name="priority"
            defaultValue={article.priority}
            data={PRIORITIES.map((p) => ({ value: p.value, label: p.editorLabel }))}
          />
          <div id={`${dialog.name}-save`}>
            <FormError state={state} />
          </div>
          <SubmitButton state={state} justify="flex-end">
            Save tags
          </SubmitButton>
        </Stack>
      </IntentForm>
    </DialogFrame>
  );
}
