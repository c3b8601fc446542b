// The article as a source hands it to the insert path (app/ingest/insert.server.ts), and what inserting it did.
// Shared by every source adapter (app/ingest/), the admin's Add Article and the demo data.
import type { Judgement } from "./vocabulary";

export type NewArticle = {
  title: string;
  summary: string;
  originalUrl: string;
  publishDate: Date;
  sourceId: number | null;
  sourceName: string;
  sourceCategory?: string | null;
  documentNumber?: string | null;
  documentType?: string | null;
  agencies?: string[];
  significant?: boolean;
  commentsCloseOn?: string | null;
  effectiveOn?: string | null;
  /** Federal Register `action` line and `dates` paragraph. */
  registerAction?: string | null;
  registerDates?: string | null;
  regulationIdNumbers?: string[];
  topics?: string[];
  /** e.g. "40 CFR 52" */
  cfrReferences?: string[];
  pageLength?: number | null;
  /** Regulations.gov docket ids (Federal Register documents). */
  docketIds?: string[];
  /** Where the Federal Register serves the document's full-text XML (its API's `full_text_xml_url`). */
  fullTextXmlUrl?: string | null;
  /**
   * The comments regulations.gov counts for a Federal Register document (its API's
   * `regulations_dot_gov_info.comments_count`), the docket it counts them in, and when it was read. Every read
   * updates the stored article, new or not, and its history (app/articles/store/comment-counts.server.ts).
   */
  comments?: { count: number; docketId: string | null; readAt: Date } | null;
  isDemo?: boolean;
  /**
   * A document read from the Federal Register's public inspection desk, not yet published: the day it publishes and
   * whether it is a special filing. Absent for everything else, which includes the published version of such a
   * document: that one turns the stored desk article into itself (docs/decisions/032).
   */
  publicInspection?: { publishesOn: string; specialFiling: boolean } | null;
  /**
   * Category, priority and tags chosen by a person (the admin's Add Article); marks the article manually tagged.
   * No rule decided it: its reasons say an editor set them.
   */
  manualClassification?: Pick<Judgement, "category" | "priority" | "tags">;
};

export type InsertOutcome =
  | { status: "inserted"; id: number }
  /** The published version of a document stored from the public inspection desk: that article (same id) now holds it. */
  | { status: "published"; id: number }
  | { status: "duplicate" }
  | { status: "deleted" }
  /** The link is not an http(s) URL: never stored, so it can never be rendered as a link. */
  | { status: "invalid-url" };
