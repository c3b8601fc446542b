// What the lookup tables beside `articles` hold for one article (db/schema.ts: article_agencies, article_identifiers,
// article_rulemakings), from the article's own fields: the one statement of each rule. The store writes these rows
// whenever it writes the fields (app/articles/store/article-indexes.server.ts); docs/decisions/045.
import { cfrValue, parseCfr, parseDocket, parseRin, parseRulemakingKey } from "./identifiers";

/** The fields the lookup tables derive from. The lists as stored: anything but an array counts as an empty list. */
export type IndexedFields = {
  documentNumber: string | null;
  agencies: unknown;
  regulationIdNumbers: unknown;
  docketIds: unknown;
  cfrReferences: unknown;
  publishDate: Date;
  category: string;
};

export const IDENTIFIER_KINDS = ["rin", "docket", "cfr", "cfr-title"] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];

export type IdentifierRow = { kind: IdentifierKind; value: string };

export type RulemakingRow = { key: string; publishDate: Date; category: string };

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The values that are defined, each once, in their first order. */
const distinct = (values: (string | null | undefined)[]) => [...new Set(values.filter((value): value is string => typeof value === "string"))];

/** article_agencies: each agency name that is a string and not blank, as the article writes it. */
export function agencyNames(agencies: unknown): string[] {
  return distinct(listOf(agencies).map((name) => (typeof name === "string" && name.trim() !== "" ? name : undefined)));
}

/**
 * article_identifiers, what a view may follow (docs/decisions/034): each RIN and each docket id, upper-case, and each
 * CFR reference as its title ("40") and, when it names a part, as title and part ("40-63"). Values the filters could
 * never ask for (a RIN of another shape, a reference that names no title) are left out.
 */
export function articleIdentifiers(fields: Pick<IndexedFields, "regulationIdNumbers" | "docketIds" | "cfrReferences">): IdentifierRow[] {
  const rows: IdentifierRow[] = [];
  for (const value of distinct(listOf(fields.regulationIdNumbers).map(parseRin))) rows.push({ kind: "rin", value });
  for (const value of distinct(listOf(fields.docketIds).map(parseDocket))) rows.push({ kind: "docket", value });
  const cfrs = listOf(fields.cfrReferences).map(parseCfr);
  for (const value of distinct(cfrs.map((cfr) => cfr?.title))) rows.push({ kind: "cfr-title", value });
  for (const value of distinct(cfrs.map((cfr) => (cfr?.part === undefined ? undefined : cfrValue(cfr))))) rows.push({ kind: "cfr", value });
  return rows;
}

/**
 * A Federal Register document's rulemaking keys (docs/decisions/031): each RIN it lists, upper-case, or, when it lists
 * none, each docket id a rulemaking page's address can name. Articles without a document number have none.
 */
export function rulemakingKeys(fields: Pick<IndexedFields, "documentNumber" | "regulationIdNumbers" | "docketIds">): string[] {
  if (fields.documentNumber === null) return [];
  const rins = distinct(listOf(fields.regulationIdNumbers).map(parseRin));
  return rins.length ? rins : distinct(listOf(fields.docketIds).map(parseRulemakingKey));
}

/** article_rulemakings: each key with the article's date and category, so grouped reads need no article row (031). */
export function articleRulemakings(fields: IndexedFields): RulemakingRow[] {
  return rulemakingKeys(fields).map((key) => ({ key, publishDate: fields.publishDate, category: fields.category }));
}
