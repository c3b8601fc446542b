// The feed's filters: one parser for the page's URL search params and one for the /api contract.
import { z } from "zod";
import { CATEGORY_VALUES, PRIORITY_VALUES, TIMEFRAME_VALUES, type Category, type Priority, type Timeframe } from "./vocabulary";

// This module is also in the browser bundle, where zod would probe for eval with `new Function("")`:
// the page's CSP refuses that and reports a violation on every feed page. Tell zod not to try.
z.config({ jitless: true });

export type ArticleFilters = {
  category?: Category;
  priority?: Priority;
  timeframe: Timeframe;
  search?: string;
  /** Only the caller's bookmarks. */
  saved?: boolean;
};

export const MAX_SEARCH_LENGTH = 200;

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return raw && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

function cleanSearch(raw: string | null) {
  const text = (raw ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  return text || undefined;
}

/**
 * The public feed's params (`category`, `priority`, `time`, `q`, `page`, `saved`).
 * Unknown values fall back to the default: a hand-edited or stale link still shows a page.
 */
export function parseFeedParams(params: URLSearchParams) {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const filters: ArticleFilters = {
    category: oneOf(CATEGORY_VALUES, params.get("category")),
    priority: oneOf(PRIORITY_VALUES, params.get("priority")),
    timeframe: oneOf(TIMEFRAME_VALUES, params.get("time")) ?? "all",
    search: cleanSearch(params.get("q")),
    saved: params.get("saved") === "1",
  };
  return { filters, page: Number.isFinite(page) && page > 0 ? page : 1 };
}

/** The feed URL for a set of filters and a page, leaving defaults out so links stay short. */
export function feedHref(filters: ArticleFilters, page = 1, hash = "") {
  const params = new URLSearchParams();
  if (filters.category) params.set("category", filters.category);
  if (filters.priority) params.set("priority", filters.priority);
  if (filters.timeframe !== "all") params.set("time", filters.timeframe);
  if (filters.search) params.set("q", filters.search);
  if (filters.saved) params.set("saved", "1");
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/${query ? `?${query}` : ""}${hash}`;
}

const apiQuerySchema = z.object({
  category: z.enum(["all", ...CATEGORY_VALUES]).optional(),
  priority: z.enum(["all", ...PRIORITY_VALUES]).optional(),
  timeframe: z.enum(TIMEFRAME_VALUES).optional(),
  search: z.string().max(MAX_SEARCH_LENGTH).optional(),
  saved: z.enum(["true", "false", "1", "0"]).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

/** `GET /api/articles` params; a bad value is an error naming the parameter. */
export function parseApiArticleQuery(params: URLSearchParams) {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(apiQuerySchema.shape)) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  const parsed = apiQuerySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0]);
    return { error: `Invalid '${name}' parameter: ${issue.message}` } as const;
  }
  const q = parsed.data;
  const filters: ArticleFilters = {
    category: q.category === "all" ? undefined : q.category,
    priority: q.priority === "all" ? undefined : q.priority,
    timeframe: q.timeframe ?? "all",
    search: cleanSearch(q.search ?? null),
    saved: q.saved === "true" || q.saved === "1",
  };
  return { filters, limit: q.limit, offset: q.offset ?? 0 } as const;
}
