// What the government says a document is, as the classifier reads it (app/classify/classifier.ts decides first by
// these): the document's own statement under E.O. 14192 or 13771 (read from its full text, app/rule-text/), then its
// rulemaking's designation in the Unified Agenda.
import type { Category } from "../articles/vocabulary";

export type Designations = {
  /** OIRA's EO 14192 designation of the document's rulemaking in the Unified Agenda (joined by RIN), e.g. "Deregulatory", "Spring 2025". */
  officialDesignation?: { designation: string; edition: string } | null;
  /**
   * What the document's own full text says it is under E.O. 14192 or 13771 (app/rule-text/statements.ts): decides
   * before the Unified Agenda's designation, with the sentence quoted in the reason.
   */
  statedDesignation?: { designation: string; sentence: string } | null;
};

type Decision<T> = { value: T; why: string };

/** The longest quotation of a document's own sentence a reason holds. */
const STATED_QUOTE_CHARS = 240;

/**
 * A document that states it is a deregulatory action is a rollback, and one that states it is a regulatory action is
 * a new regulation, by the government's own account: the statement decides before everything but an editor
 * (docs/decisions/046). "Not subject" says nothing about direction, so the other rules decide.
 */
export function statedCategory(input: Designations): Decision<Category> | null {
  const stated = input.statedDesignation;
  if (!stated) return null;
  const sentence = stated.sentence.length > STATED_QUOTE_CHARS ? `${stated.sentence.slice(0, STATED_QUOTE_CHARS - 1).trimEnd()}…` : stated.sentence;
  if (stated.designation === "deregulatory") return { value: "regulatory-rollbacks", why: `rollback: the document states "${sentence}"` };
  if (stated.designation === "regulatory") return { value: "new-regulations", why: `new regulation: the document states "${sentence}"` };
  return null;
}

/** The rulemaking OIRA designated Deregulatory under EO 14192 is a rollback, whatever its words say (docs/decisions/020). */
export function officialCategory(input: Designations): Decision<Category> | null {
  const official = input.officialDesignation;
  if (official?.designation.trim().toLowerCase() !== "deregulatory") return null;
  return { value: "regulatory-rollbacks", why: `rollback: officially deregulatory (EO 14192), Unified Agenda ${official.edition}` };
}
