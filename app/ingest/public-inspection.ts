// The Federal Register's public inspection desk (API v1 public-inspection-documents/current.json): the documents
// filed for the coming issues, a day or more before they are published. Its document shape, and how a document on
// the desk becomes an article marked as such. When the same document number later arrives published, the insert
// path turns that article into the published one (app/articles/store/insert.server.ts, docs/decisions/032).
import { z } from "zod";
import { isHttpUrl } from "../articles/canonical-url";
import type { NewArticle } from "../articles/new-article";
import { normalizeTitle } from "./normalize";

/** A document on the desk as current.json lists it (the fields we read; the API sends more). */
export type PublicInspectionDocument = {
  document_number: string;
  title: string;
  /** "Rule", "Proposed Rule", "Notice", "Presidential Document". */
  type?: string | null;
  agencies?: { name?: string; raw_name?: string }[] | null;
  agency_names?: string[] | null;
  docket_numbers?: string[] | null;
  /** "regular" or "special". */
  filing_type?: string | null;
  /** When it was put on the desk, e.g. "2025-09-12T08:45:00.000-04:00". */
  filed_at?: string | null;
  /** The issue it is scheduled for (YYYY-MM-DD). */
  publication_date: string;
  html_url?: string | null;
  pdf_url?: string | null;
  num_pages?: number | null;
};

/** current.json's body: every document on the desk now, in one answer. */
export const publicInspectionPageSchema = z.object({
  count: z.number().optional(),
  special_filings_updated_at: z.string().nullish(),
  regular_filings_updated_at: z.string().nullish(),
  results: z.array(z.unknown()),
});
export type PublicInspectionPage = z.output<typeof publicInspectionPageSchema>;

export function isPublicInspectionUrl(url: string) {
  try {
    const parsed = new URL(url);
    return /(^|\.)federalregister\.gov$/i.test(parsed.hostname) && /^\/api\/v1\/public-inspection-documents(\/current)?\.json$/i.test(parsed.pathname);
  } catch {
    return false;
  }
}

/**
 * A public inspection answer at first sight: results that carry a filing type, or an empty desk with the times its
 * lists were updated. Told apart from documents.json, whose documents have no filing type.
 */
export function isPublicInspectionPage(value: unknown): value is { results: unknown[] } {
  if (!value || typeof value !== "object" || !Array.isArray((value as { results?: unknown }).results)) return false;
  const results = (value as { results: unknown[] }).results;
  if (results.length === 0) return "regular_filings_updated_at" in value || "special_filings_updated_at" in value;
  return results.some((doc) => Boolean(doc) && typeof (doc as { document_number?: unknown }).document_number === "string" && "filing_type" in (doc as object));
}

const optionalText = z.string().nullish().catch(null);
const textList = z
  .array(z.unknown())
  .transform((values) => values.filter((value): value is string => typeof value === "string"))
  .nullish()
  .catch(null);

/** A usable document has a number, a title and the day it publishes; an odd further field is left empty. */
const publicInspectionDocumentSchema: z.ZodType<PublicInspectionDocument> = z.object({
  document_number: z.string().refine((number) => number.trim() !== ""),
  title: z.string().refine((title) => title.trim() !== ""),
  publication_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  type: optionalText,
  agencies: z
    .array(z.unknown())
    .transform((values) =>
      values.flatMap((value) => {
        if (!value || typeof value !== "object") return [];
        const { name, raw_name } = value as { name?: unknown; raw_name?: unknown };
        return [{ name: typeof name === "string" ? name : undefined, raw_name: typeof raw_name === "string" ? raw_name : undefined }];
      }),
    )
    .nullish()
    .catch(null),
  agency_names: textList,
  docket_numbers: textList,
  filing_type: optionalText,
  filed_at: optionalText,
  html_url: optionalText,
  pdf_url: optionalText,
  num_pages: z.number().nullish().catch(null),
});

/**
 * Documents read from one answer at most: the desk holds a few hundred, a thousand or two before a holiday. A
 * larger answer is no real desk, and storing it whole would flood the feed.
 */
export const PUBLIC_INSPECTION_MAX_DOCUMENTS = 5_000;

/** The usable documents of current.json's first PUBLIC_INSPECTION_MAX_DOCUMENTS results, how many were not, and how many were past the cap. */
export function usablePublicInspectionDocuments(results: unknown[]) {
  const read = results.slice(0, PUBLIC_INSPECTION_MAX_DOCUMENTS);
  const documents: PublicInspectionDocument[] = [];
  for (const raw of read) {
    const parsed = publicInspectionDocumentSchema.safeParse(raw);
    if (parsed.success) documents.push(parsed.data);
  }
  return { documents, invalid: read.length - documents.length, overLimit: results.length - read.length };
}

/** The document's page on the desk (its PDF when the API gives no page); undefined when it has no http(s) link. */
function linkOf(doc: PublicInspectionDocument) {
  return [doc.html_url, doc.pdf_url].find((url): url is string => typeof url === "string" && isHttpUrl(url));
}

/**
 * A document on the desk as an article: dated when it was filed (when the public could first read it), marked with
 * the day it publishes. It has no abstract yet: the published version brings one. Undefined without a usable link.
 */
export function publicInspectionArticle(
  doc: PublicInspectionDocument,
  source: { id: number | null; name: string; category?: string | null },
  now: Date,
): NewArticle | undefined {
  const link = linkOf(doc);
  if (!link) return undefined;
  const filed = doc.filed_at ? new Date(doc.filed_at) : null;
  const agencies = (doc.agencies?.length ? doc.agencies.map((a) => a.name ?? a.raw_name ?? "") : (doc.agency_names ?? []))
    .map((name) => normalizeTitle(name))
    .filter(Boolean);
  return {
    title: normalizeTitle(doc.title),
    summary: "",
    originalUrl: link,
    // A filing time in the future is a clock error: the document is on the desk now.
    publishDate: filed && !Number.isNaN(filed.getTime()) && filed <= now ? filed : now,
    sourceId: source.id,
    sourceName: source.name,
    sourceCategory: source.category ?? "government",
    documentNumber: doc.document_number.trim(),
    documentType: normalizeTitle(doc.type) || null,
    agencies: [...new Set(agencies)],
    docketIds: [...new Set((doc.docket_numbers ?? []).map((id) => normalizeTitle(id)).filter(Boolean))],
    pageLength: Number.isSafeInteger(doc.num_pages) && doc.num_pages! > 0 ? doc.num_pages! : null,
    publicInspection: { publishesOn: doc.publication_date, specialFiling: doc.filing_type === "special" },
  };
}
