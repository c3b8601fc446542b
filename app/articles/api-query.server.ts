// `GET /api/articles` query parameters: strict, with an error naming the bad parameter.
// Server-only: zod would otherwise be bundled into every page that links to the feed.
import { z } from "zod";
import { AppError } from "../errors";
import { isUnstorableText } from "../text/storable";
import { decimalParam, fieldMessage } from "../validation";
import {
  cleanAgency,
  cleanCfr,
  cleanDocket,
  cleanRin,
  cleanSearch,
  MAX_AGENCY_LENGTH,
  MAX_DOCKET_LENGTH,
  MAX_SEARCH_LENGTH,
  type ArticleFilters,
} from "./filters";
import { CATEGORY_VALUES, DOCUMENT_TYPE_VALUES, PRIORITY_VALUES, TIMEFRAME_VALUES } from "./vocabulary";

/**
 * The most articles one answer holds, and what an answer without `limit` holds: the newest matches.
 * Unbounded, the whole table at 100,000 articles was about 60 MB of JSON, over 6 s of work and 700 MB
 * of memory per request; larger sets are read page by page with `offset`.
 */
export const API_MAX_LIMIT = 1000;

const apiQuerySchema = z.object({
  category: z.enum(["all", ...CATEGORY_VALUES]).optional(),
  priority: z.enum(["all", ...PRIORITY_VALUES]).optional(),
  timeframe: z.enum(TIMEFRAME_VALUES).optional(),
  search: z
    .string()
    .max(MAX_SEARCH_LENGTH)
    .refine((text) => !isUnstorableText(text), "must not contain NUL characters")
    .optional(),
  agency: z
    .string()
    .max(MAX_AGENCY_LENGTH)
    .refine((text) => !isUnstorableText(text), "must not contain NUL characters")
    .optional(),
  type: z.enum(DOCUMENT_TYPE_VALUES).optional(),
  rin: z
    .string()
    .refine((text) => cleanRin(text) !== undefined, 'must be a Regulation Identifier Number, four digits, a hyphen and four letters or digits ("2060-AV83")')
    .optional(),
  docket: z
    .string()
    .max(MAX_DOCKET_LENGTH)
    .refine((text) => cleanDocket(text) !== undefined && !isUnstorableText(text), "must be a docket id without control characters")
    .optional(),
  cfr: z
    .string()
    .max(40)
    .refine((text) => cleanCfr(text) !== undefined, 'must be a CFR title and part ("40-63" or "40 CFR 63"), or a title alone ("40")')
    .optional(),
  saved: z.enum(["true", "false", "1", "0"]).optional(),
  limit: decimalParam(1, API_MAX_LIMIT).optional(),
  offset: decimalParam(0).optional(),
});

/** The most counts of each kind one `GET /api/articles/facets` answer holds, and how many it holds without `limit`. */
export const FACETS_MAX_LIMIT = 100;
export const FACETS_DEFAULT_LIMIT = 20;

const facetQuerySchema = apiQuerySchema.omit({ limit: true, offset: true }).extend({ limit: decimalParam(1, FACETS_MAX_LIMIT).optional() });

/** The params a schema names, empty ones left out, parsed; a bad value is an "invalid" AppError naming the parameter. */
function parseParams<S extends z.ZodObject>(schema: S, params: URLSearchParams): z.output<S> {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  const parsed = schema.safeParse(raw, { error: fieldMessage });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("invalid", `Invalid '${String(issue.path[0])}' parameter: ${issue.message}`);
  }
  return parsed.data;
}

/** `GET /api/articles` params; a bad value is an "invalid" AppError naming the parameter. */
export function parseApiArticleQuery(params: URLSearchParams) {
  const q = parseParams(apiQuerySchema, params);
  return { filters: filtersOf(q), limit: q.limit ?? API_MAX_LIMIT, offset: q.offset ?? 0 } as const;
}

/** `GET /api/articles/facets` params: the same filters, and how many counts of each kind to give. */
export function parseApiFacetQuery(params: URLSearchParams) {
  const q = parseParams(facetQuerySchema, params);
  return { filters: filtersOf(q), limit: q.limit ?? FACETS_DEFAULT_LIMIT } as const;
}

function filtersOf(q: z.output<typeof facetQuerySchema>): ArticleFilters {
  return {
    category: q.category === "all" ? undefined : q.category,
    priority: q.priority === "all" ? undefined : q.priority,
    timeframe: q.timeframe ?? "all",
    search: cleanSearch(q.search ?? null),
    agency: cleanAgency(q.agency ?? null),
    documentType: q.type,
    saved: q.saved === "true" || q.saved === "1",
    rin: cleanRin(q.rin ?? null),
    docket: cleanDocket(q.docket ?? null),
    cfr: cleanCfr(q.cfr ?? null),
  };
}
