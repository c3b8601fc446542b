// Editing articles from the admin dashboard and the admin API: tags, priority, category, manual
// additions and deletions. Every edit marks the article manually tagged, so jobs never overwrite it.
import { z } from "zod";
import { httpUrl, requiredText, textList } from "../validation";
import { AppError } from "../errors";
import { canonicalUrl, federalRegisterDocumentNumber } from "../articles/canonical-url";
import { getArticle } from "../feed/queries.server";
import { dedupKeys } from "../articles/canonical-url";
import { deleteArticles, forgetDeletedArticles, saveEditorCategory, saveEditorTags } from "../articles/store/edits.server";
import { insertArticle } from "../ingest/insert.server";
import { CATEGORY_VALUES, DEFAULT_PRIORITY, normalizeTag, PRIORITY_VALUES, type Category, type Priority, type Tag } from "../articles/vocabulary";

const MAX_TAGS = 30;
export const ADD_ARTICLE_MISSING = "Please fill in URL, title, summary, and category.";

/** The tag entry rule (`normalizeTag`), for a whole list: normalised, empty entries and duplicates dropped. */
function normalizeTags(raw: string[]) {
  return [
    ...new Set(
      raw
        .map(normalizeTag)
        .map((tag) => tag.replace(/^-+|-+$/g, ""))
        .filter(Boolean),
    ),
  ].map((tag) => tag.slice(0, 60));
}

const priorityField = z.enum(PRIORITY_VALUES);
const categoryField = (missing?: string) =>
  z.enum(CATEGORY_VALUES, {
    error: (issue) => (issue.input || !missing ? `'category' must be one of: ${CATEGORY_VALUES.join(", ")}` : missing),
  });

export const articleTagsSchema = z.object({
  tags: textList(MAX_TAGS),
  /** The tag editor's free entry field (comma-separated), merged into `tags`. */
  newTags: z.string().max(1000).optional(),
  priority: priorityField.optional(),
});

export const articleCategorySchema = z.object({ category: categoryField() });

export const addArticleSchema = z.object({
  url: httpUrl(ADD_ARTICLE_MISSING),
  title: requiredText(ADD_ARTICLE_MISSING, 500),
  summary: requiredText(ADD_ARTICLE_MISSING, 20_000),
  category: categoryField(ADD_ARTICLE_MISSING),
  /** The form's "no choice" is an empty value: the default priority, not an error. */
  priority: z.preprocess((value) => (value === "" ? undefined : value), priorityField.optional()),
  tags: textList(MAX_TAGS).optional(),
});

const notFound = () => new AppError("not-found", "Article not found");

export async function updateArticleTags(id: number, input: z.output<typeof articleTagsSchema>) {
  const tags = normalizeTags([...input.tags, ...(input.newTags ?? "").split(",")]);
  if (tags.length > MAX_TAGS) throw new AppError("invalid", `'tags' must hold at most ${MAX_TAGS} entries`);
  if (!(await saveEditorTags(id, tags, input.priority))) throw notFound();
  return (await getArticle(id))!;
}

export async function updateArticleCategory(id: number, category: Category) {
  if (!(await saveEditorCategory(id, category))) throw notFound();
  return (await getArticle(id))!;
}

/** Adds an article by hand; one deleted earlier may be added again on purpose. */
export async function addManualArticle(input: z.output<typeof addArticleSchema>) {
  const url = input.url;
  const keys = dedupKeys(canonicalUrl(url), federalRegisterDocumentNumber(url));
  await forgetDeletedArticles(keys);
  const outcome = await insertArticle({
    title: input.title,
    summary: input.summary,
    originalUrl: url,
    publishDate: new Date(),
    sourceId: null,
    sourceName: new URL(url).hostname.replace(/^www\./, ""),
    manualClassification: {
      category: input.category,
      priority: (input.priority || DEFAULT_PRIORITY) as Priority,
      tags: normalizeTags(input.tags ?? []) as Tag[],
    },
  });
  if (outcome.status === "invalid-url") throw new AppError("invalid", "The URL must start with http:// or https://.");
  if (outcome.status !== "inserted") throw new AppError("conflict", "This article is already in the feed.");
  return (await getArticle(outcome.id))!;
}

export async function deleteArticle(id: number) {
  if (!(await deleteArticles([id]))) throw new AppError("not-found", "Article not found");
}
