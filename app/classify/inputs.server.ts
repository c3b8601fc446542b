// What the classifier reads of an article: the same signals at ingestion, on an article's page and in the jobs,
// with its rulemaking's designation in the Unified Agenda.
import { agendaEntriesOf, officialDesignationOf } from "../agenda/store.server";
import type { NewArticle } from "../articles/new-article";
import type { ClassifyInput } from "./classifier";

/** What an article says about itself that the classifier reads: the same signals at ingestion and in the jobs. */
type ClassifiedFields = Pick<
  NewArticle,
  | "title"
  | "summary"
  | "sourceName"
  | "documentType"
  | "agencies"
  | "significant"
  | "commentsCloseOn"
  | "effectiveOn"
  | "registerAction"
  | "registerDates"
  | "regulationIdNumbers"
  | "topics"
  | "cfrReferences"
  | "pageLength"
>;

/**
 * The classifier's input from an article's fields; `officialDesignation` is its rulemaking's designation in the
 * Unified Agenda (officialDesignationFor), and `statedDesignation` what its own full text says (app/rule-text/), when
 * the caller has looked them up.
 */
export function classifyInputOf(
  article: ClassifiedFields,
  sourceCategory: string | null | undefined,
  officialDesignation: ClassifyInput["officialDesignation"] = null,
  statedDesignation: ClassifyInput["statedDesignation"] = null,
): ClassifyInput {
  return {
    title: article.title,
    summary: article.summary,
    sourceCategory,
    sourceName: article.sourceName,
    documentType: article.documentType,
    agencies: article.agencies,
    significant: article.significant,
    commentsCloseOn: article.commentsCloseOn,
    effectiveOn: article.effectiveOn,
    action: article.registerAction,
    dates: article.registerDates,
    regulationIdNumbers: article.regulationIdNumbers,
    topics: article.topics,
    cfrReferences: article.cfrReferences,
    pageLength: article.pageLength,
    officialDesignation,
    statedDesignation,
  };
}

/** The Unified Agenda's designation of the rulemaking these RINs name, or null (one query; none without RINs). */
export async function officialDesignationFor(regulationIdNumbers: readonly string[] | undefined) {
  if (!regulationIdNumbers?.length) return null;
  return officialDesignationOf(regulationIdNumbers, await agendaEntriesOf(regulationIdNumbers));
}
