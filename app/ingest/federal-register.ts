// The Federal Register API v1 (documents.json): its document shape and how a document becomes an article.
import type { NewArticle } from "../articles/store.server";

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
};

export type FederalRegisterPage = { count?: number; next_page_url?: string | null; results?: FederalRegisterDocument[] };

/** Publication dates are calendar days in Washington; noon UTC keeps them on that day in every US zone. */
function publicationInstant(day: string) {
  return new Date(`${day}T12:00:00Z`);
}

export function federalRegisterArticle(
  doc: FederalRegisterDocument,
  source: { id: number | null; name: string; category?: string | null },
): NewArticle {
  const agencies = (doc.agencies ?? []).map((a) => a.name ?? a.raw_name ?? "").filter(Boolean);
  return {
    title: doc.title.trim(),
    summary: (doc.abstract ?? "").replace(/\s+/g, " ").trim(),
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
  };
}
