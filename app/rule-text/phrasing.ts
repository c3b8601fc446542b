// How a rule's sentence is matched: written one way (lower case, no quotes, "eo 14192", "omb"), and read as a
// statement only when the document itself is its subject ("this rule", "this proposed rule, if finalized,") and
// nothing but a few linking words ("is", "is not expected to be", "has been determined to be") stand between that
// subject and what it says it is. A sentence about another rule, or about what an order requires, has other words
// there and says nothing.

/** The root element: a final rule (RULE) or a proposed rule (PRORULE). */
export type DocumentType = "RULE" | "PRORULE";

/** A sentence written one way for matching; the sentence quoted is always the original. */
export function normalizeForMatching(sentence: string): string {
  return (
    sentence
      .toLowerCase()
      // Apostrophes inside words stay ("rule's"); quotes, curly or straight or GPO's `` '', go.
      .replace(/(?<=[a-z])[\u2018\u2019](?=[a-z])/g, "'")
      .replace(/[\u201c\u201d"`\u2018\u2019]|(?<![a-z])'|'(?![a-z])/g, "")
      .replace(/[\u2010-\u2015\u2212]/g, "-")
      .replace(/\b(?:executive\s+order|exec\.\s*order|e\.\s?o\.|eo)\s*(?:\((?:e\.\s?o\.|eo)\)\s*)?(?:no\.\s*)?(1\d{4})\b/g, "eo $1")
      .replace(/\b(?:the\s+)?(?:office of management and budget|office of information and regulatory affairs)(?:\s*\((?:omb|oira)\))?|\boira\b/g, "omb")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** The words that name a document: "rule", "action", "regulations", ... */
export const SELF_NOUN = "(?:rule|rules|action|actions|regulation|regulations|rulemaking|proposal|document|amendment|amendments)";
const SELF_MODIFIERS = "(?:(?:final|proposed|interim|direct|technical|supplemental|joint|deregulatory|regulatory)\\s+){0,3}";
/** "this rule", "this proposed rule", "these final regulations", "the action", "it" (once the sentence named itself). */
const SUBJECT = new RegExp(`\\b(?:(?:this|these|today's|the)\\s+${SELF_MODIFIERS}${SELF_NOUN}|it)\\b`, "g");

/** Whether a normalized sentence names this document ("this rule", "these final regulations"), "it" aside. */
export function mentionsItself(text: string, documentType: DocumentType) {
  return [...text.matchAll(SUBJECT)].some(([subject]) => /^(?:this|these|today's) /.test(subject) && namesThisDocument(subject, documentType));
}

/**
 * Whether a subject names this document: in a final rule, "the proposed rule" is the earlier proposal, not the
 * document speaking.
 */
export function namesThisDocument(subject: string, documentType: DocumentType) {
  return documentType === "PRORULE" || !/\bpropos/.test(subject);
}

/** The only words allowed between a document's subject and what it says it is. */
const LINK_WORDS = new Set([
  ...["is", "are", "be", "been", "being", "was", "were", "would", "will", "shall", "has", "have", "does", "do"],
  ...["expected", "anticipated", "likely", "considered", "deemed", "determined", "designated", "found", "identified"],
  ...["treated", "classified", "qualifies", "constitutes", "constitute", "if", "finalized", "promulgated", "adopted"],
  ...["as", "to", "not", "also", "therefore", "thus", "accordingly", "consequently", "hereby", "a", "an", "the"],
  ...["which", "by", "omb", "omb's"],
]);
const MAX_LINK_WORDS = 14;

/** Words that make a statement a projection: what a proposed rule expects to be once final. */
const PROJECTION = /^(?:expected|anticipated|likely|would|will|finalized)$/;

export type Link = {
  negated: boolean;
  expected: boolean;
  /** The linking words, for statements that take only some of them ("designated", "determined"). */
  words: string[];
};

/** The words between a subject and its object read as a link ("is not expected to be a"), or null if others stand there. */
export function readLink(between: string): Link | null {
  const words = between
    .replace(/[(),;:]/g, " ")
    .split(" ")
    .filter(Boolean);
  if (words.length > MAX_LINK_WORDS || !words.every((word) => LINK_WORDS.has(word))) return null;
  return { negated: words.includes("not"), expected: words.some((word) => PROJECTION.test(word)), words };
}

/**
 * The document as the subject of what starts at `objectStart` in a normalized sentence: the nearest subject before
 * it, if it names this document, stands as the subject of its clause and only linking words follow it; null
 * otherwise.
 */
export function selfReference(text: string, objectStart: number, documentType: DocumentType): Link | null {
  let nearest: RegExpMatchArray | null = null;
  let namedItself = false;
  for (const match of text.slice(0, objectStart).matchAll(SUBJECT)) {
    if (match[0] === "it" && !namedItself) continue;
    nearest = match;
    if (match[0] !== "it") namedItself = namesThisDocument(match[0], documentType);
  }
  if (!nearest || !namedItself) return null;
  const before = text.slice(Math.max(0, nearest.index! - 30), nearest.index);
  // "whether this rule is ...", "if this rule is ..." put it as a condition; "the impact of this rule is ..." speak of
  // something else.
  if (/\b(?:if|whether|unless|when|once|should|of|for|in|by|from|with|under|on|to)\s*$/.test(before)) return null;
  const link = readLink(text.slice(nearest.index! + nearest[0].length, objectStart));
  // "We expect this rule to be ...": the projection may come just before the subject.
  return link && { ...link, expected: link.expected || /\b(?:expects?|anticipates?)\s*(?:that\s*)?$/.test(before) };
}

/** Whether a normalized sentence speaks of regulatory review, so a bare "not significant" means E.O. 12866's. */
export function speaksOfReview(text: string) {
  return /\beo 1(?:2866|3771|4192)\b|\bomb\b|\b3\(f\)/.test(text);
}
