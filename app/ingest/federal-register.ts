// The Federal Register API v1 (documents.json): its document shape, the URLs we ask it for,
// and how a document becomes an article.
import { z } from "zod";
import { isHttpUrl } from "../articles/canonical-url";
import type { NewArticle } from "../articles/new-article";
import { normalizeSummary, normalizeTitle } from "./normalize";

export type FederalRegisterDocument = {
  document_number: string;
  title: string;
  abstract?: string | null;
  html_url: string;
  publication_date: string;
  type?: string | null;
  agencies?: { name?: string; raw_name?: string }[] | null;
  significant?: boolean | null;
  comments_close_on?: string | null;
  effective_on?: string | null;
  /** e.g. "Final rule; delay of effective date." */
  action?: string | null;
  /** The DATES paragraph: when the rule takes effect, when comments are due. */
  dates?: string | null;
  regulation_id_numbers?: string[] | null;
  topics?: string[] | null;
  /** The CFR parts the document touches: { title: 40, part: 52 } is 40 CFR part 52. */
  cfr_references?: { title?: number | string | null; part?: number | string | null }[] | null;
  page_length?: number | null;
  /** Regulations.gov dockets, e.g. ["EPA-HQ-OAR-2021-0317"]. */
  docket_ids?: string[] | null;
  full_text_xml_url?: string | null;
  /**
   * What the Federal Register last read of the document on regulations.gov: its `comments_count` (absent when none
   * is known), `docket_id` and `checked_regulationsdotgov_at`, among fields the adapter does not read
   * (`document_id`, `agency_id`, `comments_url`, `supporting_documents`, ...). Null or `{}` when the document has none.
   */
  regulations_dot_gov_info?: { comments_count?: number | null; docket_id?: string | null } | null;
};

export type FederalRegisterPage = { count?: number; next_page_url?: string | null; results?: FederalRegisterDocument[] };

/** The API never returns more than this many results for one query (its `count` stops there too). */
export const FEDERAL_REGISTER_RESULT_CAP = 10_000;
/** The API's largest page. */
export const FEDERAL_REGISTER_MAX_PER_PAGE = 1000;

/** The fields the adapter reads; asking only for them keeps responses small. */
export const FEDERAL_REGISTER_FIELDS = [
  "document_number",
  "title",
  "abstract",
  "html_url",
  "publication_date",
  "type",
  "agencies",
  "significant",
  "comments_close_on",
  "effective_on",
  "action",
  "dates",
  "regulation_id_numbers",
  "topics",
  "cfr_references",
  "page_length",
  "docket_ids",
  "full_text_xml_url",
  "regulations_dot_gov_info",
] as const;

export function isFederalRegisterApiUrl(url: string) {
  try {
    const parsed = new URL(url);
    return /(^|\.)federalregister\.gov$/i.test(parsed.hostname) && /^\/api\/v1\/documents(\.json)?$/i.test(parsed.pathname);
  } catch {
    return false;
  }
}

/** A documents.json body at first sight: an object whose `results` hold documents (or an empty page with a count). */
export function isFederalRegisterPage(value: unknown): value is { results: unknown[] } {
  if (!value || typeof value !== "object" || !Array.isArray((value as { results?: unknown }).results)) return false;
  const results = (value as { results: unknown[] }).results;
  return results.length === 0
    ? "count" in value
    : results.some((doc) => Boolean(doc) && typeof (doc as { document_number?: unknown }).document_number === "string");
}

/** A documents.json page as the paging reads it; its documents are checked one by one (usableDocuments). */
export const federalRegisterPageSchema = z.object({
  count: z.number().optional(),
  next_page_url: z.string().nullish(),
  results: z.array(z.unknown()),
});
export type FederalRegisterApiPage = z.output<typeof federalRegisterPageSchema>;

/** The source's URL, asking for the fields we read (unless the operator listed fields themselves). */
export function federalRegisterRequestUrl(sourceUrl: string, options: { from?: string; to?: string; perPage?: number } = {}) {
  const url = new URL(sourceUrl);
  if (!url.searchParams.has("fields[]")) for (const field of FEDERAL_REGISTER_FIELDS) url.searchParams.append("fields[]", field);
  if (options.from) url.searchParams.set("conditions[publication_date][gte]", options.from);
  if (options.to) url.searchParams.set("conditions[publication_date][lte]", options.to);
  if (options.perPage) url.searchParams.set("per_page", String(options.perPage));
  return url.toString();
}

/** Publication dates are calendar days in Washington; noon UTC keeps them on that day in every US zone. */
function publicationInstant(day: string) {
  return new Date(`${day}T12:00:00Z`);
}

const optionalText = z.string().nullish().catch(null);
const textOrNumber = z.union([z.number(), z.string()]).nullish().catch(null);
/** A list field, its malformed entries dropped rather than the document: the API answers null for "none". */
const listOf = <T extends z.ZodType>(entry: T) =>
  z
    .array(z.unknown())
    .transform((values) =>
      values.flatMap((value) => {
        const parsed = entry.safeParse(value);
        return parsed.success ? [parsed.data as z.output<T>] : [];
      }),
    )
    .nullish()
    .catch(null);

/**
 * A usable document has a number, a title, an http(s) link and a publication day; anything else is skipped.
 * The further fields are read when well-formed and left empty when not, so one odd field never loses a document.
 */
const federalRegisterDocumentSchema: z.ZodType<FederalRegisterDocument> = z.object({
  document_number: z.string(),
  title: z.string().refine((title) => title.trim() !== ""),
  html_url: z.string().refine(isHttpUrl),
  publication_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  abstract: optionalText,
  type: optionalText,
  agencies: listOf(z.object({ name: z.string().optional().catch(undefined), raw_name: z.string().optional().catch(undefined) })),
  significant: z
    .unknown()
    .optional()
    .transform((value) => (value == null ? null : Boolean(value))),
  comments_close_on: optionalText,
  effective_on: optionalText,
  action: optionalText,
  dates: optionalText,
  regulation_id_numbers: listOf(z.string()),
  topics: listOf(z.string()),
  cfr_references: listOf(z.object({ title: textOrNumber, part: textOrNumber })),
  page_length: z.number().nullish().catch(null),
  docket_ids: listOf(z.string()),
  // Only an http(s) address is kept: the job runner reads it through the fetcher (app/rule-text/).
  full_text_xml_url: z.string().refine(isHttpUrl).nullish().catch(null),
  // Only the count and its docket are read; a count that is not a whole number of comments is no count.
  regulations_dot_gov_info: z
    .object({
      comments_count: z.number().int().min(0).max(2_147_483_647).nullish().catch(null),
      docket_id: optionalText,
    })
    .nullish()
    .catch(null),
});

/**
 * The usable documents of a page's results, how many were not, and how many were past the API's largest page
 * (FEDERAL_REGISTER_MAX_PER_PAGE): a page holding more is not the API's, and is read no further.
 */
export function usableDocuments(results: unknown[]) {
  const read = results.slice(0, FEDERAL_REGISTER_MAX_PER_PAGE);
  const documents: FederalRegisterDocument[] = [];
  for (const raw of read) {
    const parsed = federalRegisterDocumentSchema.safeParse(raw);
    if (parsed.success) documents.push(parsed.data);
  }
  return { documents, invalid: read.length - documents.length, overLimit: results.length - read.length };
}

/** Strings of a list field, trimmed, empty and non-string entries dropped: the API answers null for "none". */
function textList(values: unknown[] | null | undefined) {
  return (values ?? [])
    .filter((v): v is string => typeof v === "string")
    .map((v) => normalizeTitle(v))
    .filter(Boolean);
}

/** { title: 40, part: 52 } -> "40 CFR 52"; a reference to a whole title -> "40 CFR". */
export function cfrCitations(refs: FederalRegisterDocument["cfr_references"]) {
  const citations = (refs ?? [])
    .filter((ref) => ref && ref.title != null && String(ref.title).trim())
    .map((ref) => `${String(ref.title).trim()} CFR${ref.part != null && String(ref.part).trim() ? ` ${String(ref.part).trim()}` : ""}`);
  return [...new Set(citations)];
}

/** The document's comment count as regulations.gov gave it to the Federal Register, read at `readAt`; null when it gives none. */
function commentCountOf(doc: FederalRegisterDocument, readAt: Date): NewArticle["comments"] {
  const info = doc.regulations_dot_gov_info;
  const count = info?.comments_count;
  if (typeof count !== "number" || !Number.isSafeInteger(count) || count < 0) return null;
  const docketId = typeof info?.docket_id === "string" ? normalizeTitle(info.docket_id) || null : null;
  return { count, docketId, readAt };
}

/** A document as an article; `readAt`: when the API was read, which dates its comment count. */
export function federalRegisterArticle(
  doc: FederalRegisterDocument,
  source: { id: number | null; name: string; category?: string | null },
  readAt = new Date(),
): NewArticle {
  const agencies = (doc.agencies ?? []).map((a) => normalizeTitle(a.name ?? a.raw_name ?? "")).filter(Boolean);
  return {
    title: normalizeTitle(doc.title),
    summary: normalizeSummary(doc.abstract),
    originalUrl: doc.html_url,
    publishDate: publicationInstant(doc.publication_date),
    sourceId: source.id,
    sourceName: source.name,
    sourceCategory: source.category ?? "government",
    documentNumber: doc.document_number,
    documentType: doc.type ?? null,
    agencies,
    significant: Boolean(doc.significant),
    commentsCloseOn: doc.comments_close_on ?? null,
    effectiveOn: doc.effective_on ?? null,
    registerAction: normalizeTitle(doc.action) || null,
    registerDates: normalizeSummary(doc.dates) || null,
    regulationIdNumbers: textList(doc.regulation_id_numbers),
    topics: textList(doc.topics),
    cfrReferences: cfrCitations(doc.cfr_references),
    pageLength: Number.isSafeInteger(doc.page_length) && doc.page_length! > 0 ? doc.page_length! : null,
    docketIds: textList(doc.docket_ids),
    fullTextXmlUrl: doc.full_text_xml_url ?? null,
    comments: commentCountOf(doc, readAt),
  };
}
