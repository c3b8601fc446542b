import { ToastHere } from "../Toasts";
import { Button, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";
import { showingLabel, type ArticleFilters } from "~/feed/filters";
import type { ArticleJson } from "~/feed/queries.server";
import { ADMIN_PAGE_SIZE, CATEGORIES, PRIORITIES, TIMEFRAMES } from "~/articles/vocabulary";
import { ArticleCard, articleAnchorId, reasonText } from "../ArticleCard";
import { FeedPagination } from "../FeedPagination";
import { AutoSubmitSelect, DialogTrigger, IntentForm, useDialog, useIntent } from "./intent";
import { AdminPanel, ConfirmDeleteDialog } from "./panel";
import { TagEditor } from "./TagEditor";

const ARTICLES_ANCHOR = "articles-admin";

function CategoryEditor({ article }: { article: ArticleJson }) {
  const state = useIntent("update-category", {
    rowId: article.id,
    toastFailures: false,
  });
  return (
    <IntentForm state={state} at={articleAnchorId(article.id)}>
      <input type="hidden" name="id" value={article.id} />
      <Group gap={4} wrap="nowrap" align="flex-end">
        <AutoSubmitSelect
          state={state}
          name="category"
          label={`Category of ${article.title}`}
          value={article.category}
          data={CATEGORIES.map((c) => ({ value: c.value, label: c.label }))}
        />
      </Group>
      {state.data && !state.data.ok ? (
        <Text size="xs" c="red.8" role="alert">
          Failed to update category
        </Text>
      ) : null}
    </IntentForm>
  );
}

function DeleteArticle({ article }: { article: ArticleJson }) {
  const confirm = useDialog(`delete-article-${article.id}`);
  return (
    <>
      <DialogTrigger dialog={confirm} size="xs" color="red" variant="subtle">
        Delete
      </DialogTrigger>
      <ConfirmDeleteDialog
        dialog={confirm}
        title="Delete article"
        intent="delete-article"
        rowId={article.id}
        at={ARTICLES_ANCHOR}
        confirmLabel="Delete article"
      >
        Delete “{article.title}”? It will not come back with later updates.
      </ConfirmDeleteDialog>
    </>
  );
}

function ManagedArticle({
  article,
  can,
  timeZone,
  suggested,
}: {
  article: ArticleJson;
  can: { edit: boolean; admin: boolean };
  timeZone: string;
  suggested?: string[];
}) {
  const tags = useDialog(`tags-${article.id}`);
  return (
    <ArticleCard article={article} timeZone={timeZone} headerAction={can.edit ? <CategoryEditor article={article} /> : undefined}>
      <Text size="xs" c="dimmed" data-testid="classification-reason">
        Category: {reasonText(article.categoryReason)} · Priority: {reasonText(article.priorityReason)}
      </Text>
      <ToastHere at={articleAnchorId(article.id)} />
      {can.edit ? (
        <>
          <Group gap="xs">
            <DialogTrigger dialog={tags} size="xs" variant="light">
              Edit tags
            </DialogTrigger>
            {can.admin ? <DeleteArticle article={article} /> : null}
          </Group>
          <TagEditor article={article} dialog={tags} suggested={suggested} />
        </>
      ) : null}
    </ArticleCard>
  );
}

type Props = {
  articles: { articles: ArticleJson[]; total: number; totalCapped: boolean; page: number; pageCount: number };
  filters: ArticleFilters;
  suggestions: { articleId: number; tags: string[] } | null;
  can: { edit: boolean; admin: boolean };
  timeZone: string;
};

export function ArticleManagement({ articles, filters, suggestions, can, timeZone }: Props) {
  const first = (articles.page - 1) * ADMIN_PAGE_SIZE + 1;
  return (
    <AdminPanel id={ARTICLES_ANCHOR} title="Article Management">
      <Form method="get" action="/admin" aria-label="Filter managed articles" preventScrollReset>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput type="search" name="q" label="Search" defaultValue={filters.search ?? ""} maxLength={200} />
          <NativeSelect
            label="Category"
            name="category"
            defaultValue={filters.category ?? ""}
            data={[{ value: "", label: "All categories" }, ...CATEGORIES.map((c) => ({ value: c.value, label: c.label }))]}
          />
          <NativeSelect
            label="Priority"
            name="priority"
            defaultValue={filters.priority ?? ""}
            data={[{ value: "", label: "All" }, ...PRIORITIES.map((p) => ({ value: p.value, label: p.label }))]}
          />
          <NativeSelect label="Time" name="time" defaultValue={filters.timeframe} data={TIMEFRAMES.map((t) => ({ value: t.value, label: t.label }))} />
          <Button type="submit" variant="light">
            Apply
          </Button>
        </Group>
      </Form>
      <Text size="sm" c="dimmed" my="sm" aria-live="polite">
        {articles.total ? showingLabel(first, articles.articles.length, articles.total, articles.totalCapped) : "No articles match these filters."}
      </Text>
      <Stack gap="md">
        {articles.articles.map((article) => (
          <ManagedArticle
            key={article.id}
            article={article}
            can={can}
            timeZone={timeZone}
            suggested={suggestions?.articleId === article.id ? suggestions.tags : undefined}
          />
        ))}
      </Stack>
      <FeedPagination filters={filters} page={articles.page} pageCount={articles.pageCount} path="/admin" />
    </AdminPanel>
  );
}
