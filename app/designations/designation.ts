// Where an article's E.O. 14192 designation comes from, decided in one place: the document's own statement (read
// from its full text, app/rule-text/statements.ts), else the Unified Agenda's designation of a rulemaking it cites
// (app/agenda/). Written onto articles (designation, designation_basis) whenever either source changes, so the
// ledger and the feed's designation filter read an index. The product's judgement (the article's category) is never
// written here: it is read from the category, apart (docs/decisions/050).

export const LEDGER_DESIGNATIONS = ["deregulatory", "regulatory", "not-subject"] as const;
export type LedgerDesignation = (typeof LEDGER_DESIGNATIONS)[number];
/** The official sources of a designation, strongest first. */
export const OFFICIAL_BASES = ["statement", "agenda"] as const;
export type OfficialBasis = (typeof OFFICIAL_BASES)[number];

export type ArticleDesignation = { designation: LedgerDesignation | null; basis: OfficialBasis | null };

/**
 * The agenda's words (the XML's EO_13771_DESIGNATION) as a designation: "Not significant" and "Fully or Partially
 * Exempt" rulemakings are not counted under the order; any other word ("Other", "Independent agency") is none.
 */
export function agendaDesignation(words: string | null | undefined): LedgerDesignation | null {
  const word = (words ?? "").trim().toLowerCase();
  if (word === "deregulatory") return "deregulatory";
  if (word === "regulatory") return "regulatory";
  if (word === "not significant" || word === "fully or partially exempt") return "not-subject";
  return null;
}

/**
 * The article's official designation: the document's own statement decides; else, of the agenda designations of
 * the rulemakings it cites, deregulatory before regulatory before not subject (a document of several rulemakings is
 * counted once, the way app/agenda/store.server.ts officialDesignationOf lets a Deregulatory entry decide).
 */
export function articleDesignation(stated: string | null | undefined, agenda: readonly (string | null | undefined)[]): ArticleDesignation {
  const own = (LEDGER_DESIGNATIONS as readonly string[]).includes(stated ?? "") ? (stated as LedgerDesignation) : null;
  if (own) return { designation: own, basis: "statement" };
  const designated = new Set(agenda.map(agendaDesignation));
  for (const designation of LEDGER_DESIGNATIONS) if (designated.has(designation)) return { designation, basis: "agenda" };
  return { designation: null, basis: null };
}

/**
 * The categories (app/articles/vocabulary.ts) the product's judgement reads as a designation; spelled here because
 * this folder sits below app/articles (tests/unit/app-error.test.ts keeps the folders' imports one way).
 */
export const JUDGED_CATEGORIES = { deregulatory: "regulatory-rollbacks", regulatory: "new-regulations" } as const;

/** The product's judgement of a document without an official designation, by its category (an editor may correct it). */
export function judgedDesignation(category: string): LedgerDesignation | null {
  if (category === JUDGED_CATEGORIES.deregulatory) return "deregulatory";
  if (category === JUDGED_CATEGORIES.regulatory) return "regulatory";
  return null;
}

/** The category the product's judgement of a designation reads (app/articles/vocabulary.ts CATEGORIES). */
export function judgementCategory(designation: LedgerDesignation): string | null {
  return designation === "not-subject" ? null : JUDGED_CATEGORIES[designation];
}
