// `GET /api/articles` query parameters: the feed's view (app/feed/filters.ts, VIEW_PARAMS) and paging, read
// strictly, with an error naming an unknown parameter or a bad value.
// Server-only: zod would otherwise be bundled into every page that links to the feed.
import { z } from "zod";
import { AppError } from "../errors";
import { decimalParam, fieldMessage } from "../validation";
import { FILTER_PARAMS, readView, type ArticleFilters } from "./filters";

/**
 * The most articles one answer holds, and what an answer without `limit` holds: the newest matches.
 * Unbounded, the whole table at 100,000 articles was about 60 MB of JSON, over 6 s of work and 700 MB
 * of memory per request; larger sets are read page by page with `offset`.
 */
export const API_MAX_LIMIT = 1000;

/** The most counts of each kind one `GET /api/articles/facets` answer holds, and how many it holds without `limit`. */
export const FACETS_MAX_LIMIT = 100;
export const FACETS_DEFAULT_LIMIT = 20;

const articlePaging = z.object({ limit: decimalParam(1, API_MAX_LIMIT).optional(), offset: decimalParam(0).optional() });
const facetPaging = z.object({ limit: decimalParam(1, FACETS_MAX_LIMIT).optional() });

const invalid = (name: string, problem: string) => new AppError("invalid", `Invalid '${name}' parameter: ${problem}`);

/**
 * A view (VIEW_PARAMS, app/feed/filters.ts) and the paging params `paging` names, strictly: an unknown
 * parameter or a bad value is an "invalid" AppError naming it. Empty values are left out.
 */
function parseParams<S extends z.ZodObject>(paging: S, params: URLSearchParams): { filters: ArticleFilters; paging: z.output<S> } {
  const known = new Set([...FILTER_PARAMS, ...Object.keys(paging.shape)]);
  for (const name of params.keys())
    if (!known.has(name)) throw new AppError("invalid", `Unknown parameter '${name}'. The parameters are: ${[...known].join(", ")}.`);
  const filters = readView(params, (name, problem) => {
    throw invalid(name, problem);
  });
  const raw: Record<string, string> = {};
  for (const key of Object.keys(paging.shape)) {
    const value = params.get(key);
    if (value) raw[key] = value;
  }
  const parsed = paging.safeParse(raw, { error: fieldMessage });
  if (!parsed.success) throw invalid(String(parsed.error.issues[0].path[0]), parsed.error.issues[0].message);
  return { filters, paging: parsed.data };
}

/** `GET /api/articles` params; an unknown parameter or a bad value is an "invalid" AppError naming it. */
export function parseApiArticleQuery(params: URLSearchParams) {
  const { filters, paging } = parseParams(articlePaging, params);
  return { filters, limit: paging.limit ?? API_MAX_LIMIT, offset: paging.offset ?? 0 } as const;
}

/** `GET /api/articles/facets` params: the same filters, and how many counts of each kind to give. */
export function parseApiFacetQuery(params: URLSearchParams) {
  const { filters, paging } = parseParams(facetPaging, params);
  return { filters, limit: paging.limit ?? FACETS_DEFAULT_LIMIT } as const;
}
