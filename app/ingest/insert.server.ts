// Inserting articles: one path for every source. Each new article is classified (or takes an editor's choice), then
// stored unless it, or a twin an editor deleted, is known already (app/articles/store/insert.server.ts).
import { agendaEntriesOf, officialDesignationOf, type AgendaEntries } from "../agenda/store.server";
import { classifyArticle, type Classification } from "../classify/classifier";
import { EDITOR_REASON } from "../articles/vocabulary";
import { classifyInputOf } from "../classify/inputs.server";
import { canonicalUrl, dedupKeys, federalRegisterDocumentNumber, isHttpUrl } from "../articles/canonical-url";
import type { InsertOutcome, NewArticle } from "../articles/new-article";
import { deletedOf, isStored, storeArticles, type Pending } from "../articles/store/insert.server";

/** Classifies a new article, or takes an editor's choice (Add Article) with reasons that say so. */
function classificationOf(input: NewArticle, agenda: AgendaEntries): Pick<Classification, "category" | "priority" | "tags" | "reason"> {
  if (input.manualClassification) return { ...input.manualClassification, reason: { category: EDITOR_REASON, priority: EDITOR_REASON } };
  if (input.assistedClassification) return input.assistedClassification;
  const rins = input.regulationIdNumbers ?? [];
  return classifyArticle(classifyInputOf(input, input.sourceCategory, rins.length ? officialDesignationOf(rins, agenda) : null));
}

/**
 * Whether insertArticle would turn this item away as known: stored under its canonical URL or document number, or
 * deleted by an editor. Lets ingestion skip work (a model call) for items it will not store.
 */
export async function isKnownArticle(originalUrl: string, documentNumber?: string | null) {
  if (!isHttpUrl(originalUrl)) return true;
  const canonical = canonicalUrl(originalUrl);
  const number = documentNumber || federalRegisterDocumentNumber(originalUrl) || null;
  const [urlKey, docKey] = dedupKeys(canonical, number);
  return (await isStored(canonical, number)) || (await deletedOf([{ urlKey, docKey }])).size > 0;
}

type Keyed = Omit<Pending, "classification">;

/**
 * Inserts classified articles, each unless it (or a deleted twin) is already known, in one transaction: a batch is
 * stored whole or not at all. Outcomes in the order of the inputs.
 */
export async function insertArticles(inputs: NewArticle[]): Promise<InsertOutcome[]> {
  const outcomes: (InsertOutcome | Keyed)[] = [];
  for (const input of inputs) {
    // Adapters drop such items; this is the last guard before a link reaches an href on the page.
    if (!isHttpUrl(input.originalUrl)) {
      outcomes.push({ status: "invalid-url" });
      continue;
    }
    const canonical = canonicalUrl(input.originalUrl);
    const documentNumber = input.documentNumber || federalRegisterDocumentNumber(input.originalUrl) || null;
    const [urlKey, docKey] = dedupKeys(canonical, documentNumber);
    outcomes.push({ input, canonical, documentNumber, urlKey, docKey });
  }
  const items = outcomes.filter((outcome): outcome is Keyed => "input" in outcome);
  // Classifying reads the Unified Agenda, which cannot happen inside the store's transaction: it is done first, for
  // articles not deleted already (the transaction asks again).
  const deletedBefore = await deletedOf(items);
  const keyed = items.filter((item) => !deletedBefore.has(item));
  if (!keyed.length) return outcomes.map((item) => ("input" in item ? { status: "deleted" } : item));
  // The Unified Agenda entries of the whole batch, in one query.
  const agenda = await agendaEntriesOf(
    keyed.flatMap(({ input }) => (input.manualClassification || input.assistedClassification ? [] : (input.regulationIdNumbers ?? []))),
  );
  const pending = new Map(keyed.map((item) => [item, { ...item, classification: classificationOf(item.input, agenda) }]));
  const stored = await storeArticles([...pending.values()]);
  return outcomes.map((item): InsertOutcome => {
    if (!("input" in item)) return item;
    const classified = pending.get(item);
    return classified ? stored.get(classified)! : { status: "deleted" };
  });
}

/** Inserts one classified article unless it (or a deleted twin) is already known (see insertArticles). */
export async function insertArticle(input: NewArticle): Promise<InsertOutcome> {
  return (await insertArticles([input]))[0];
}
