// What a Federal Register rule or proposed rule says about itself in its regulatory analyses: its E.O. 13771 /
// E.O. 14192 designation, its significance under E.O. 12866, whether it is a major rule under the Congressional
// Review Act, the annualized costs or cost savings it states, and the CFR parts it amends. Pure: it reads the
// document's XML (string or stream of chunks) and nothing else. The shapes are declared once, in zod, so an API
// answer can reuse them.
import { z } from "zod";
import { readCosts } from "./costs";
import { readExecutiveOrder, readMajorRule, readSignificance } from "./designations";
import { type DocumentType, normalizeForMatching } from "./phrasing";
import { splitSentences } from "../text/sentences";
import { readRuleXml } from "./xml-reader";

export const EXECUTIVE_ORDERS = ["13771", "14192"] as const;
export const DESIGNATIONS = ["deregulatory", "regulatory", "not-subject"] as const;

const sentence = z.string().describe("The sentence it was read from, whitespace collapsed, to quote.");

export const executiveOrderStatement = z.object({
  kind: z.literal("executive-order"),
  order: z.enum(EXECUTIVE_ORDERS).describe("E.O. 13771 (2017-2021) or E.O. 14192 (2025 on)."),
  designation: z
    .enum(DESIGNATIONS)
    .describe('"not-subject": the document says it is not subject to (or exempt from) the order, or not a regulatory action under it.'),
  expected: z.boolean().describe('Said as a projection ("is expected to be", "would be", "if finalized"), as proposed rules say it.'),
  sentence,
});

export const significanceStatement = z.object({
  kind: z.literal("significance"),
  significant: z.boolean().describe("Significant under E.O. 12866."),
  section3f1: z
    .boolean()
    .nullable()
    .describe("Significant under section 3(f)(1) (economically significant); false for a rule not significant; null when a significant rule does not say."),
  sentence,
});

export const majorRuleStatement = z.object({
  kind: z.literal("major-rule"),
  major: z.boolean().describe("A major rule under the Congressional Review Act (5 U.S.C. 804(2))."),
  sentence,
});

export const costStatement = z.object({
  kind: z.literal("cost"),
  direction: z.enum(["savings", "costs"]),
  amountMillions: z.number().min(0).describe("Annualized, in millions of dollars."),
  discountRate: z.number().min(0).nullable().describe("In percent, e.g. 7; null when the sentence gives none, or several for one amount."),
  baseYear: z.int().nullable().describe("The year the dollars are stated in or discounted to, when the sentence gives one."),
  sentence,
});

export const ruleStatement = z.discriminatedUnion("kind", [executiveOrderStatement, significanceStatement, majorRuleStatement, costStatement]);

export const cfrPartAmended = z.object({ title: z.int().min(1), part: z.int().min(1) });

export const RULE_TEXT_WARNINGS = [
  "not-a-rule",
  "too-deep",
  "cut-document",
  "cut-paragraph",
  "long-piece",
  "malformed",
  "unknown-entity",
  "cut-statements",
] as const;

export const ruleTextWarning = z.object({
  code: z.enum(RULE_TEXT_WARNINGS),
  message: z.string().describe("What was not read, for people."),
});

export const ruleTextAnswer = z.object({
  documentType: z.enum(["RULE", "PRORULE"]).nullable().describe("The root element: a final rule or a proposed rule; null when neither was read."),
  statements: z.array(ruleStatement).describe("In document order; a sentence repeated word for word gives one statement."),
  amends: z.array(cfrPartAmended).describe("The CFR parts its REGTEXT amends, from the TITLE and PART attributes, first mention first."),
  amendatoryInstructions: z.int().min(0).describe("Its AMDPAR paragraphs."),
  warnings: z.array(ruleTextWarning).describe("Bounds reached while reading, one per kind: what was read is still answered."),
});

export const statedDesignationAnswer = z.object({
  designation: z
    .enum(DESIGNATIONS)
    .nullable()
    .describe("The designation the document gives itself; null when it gives none, or both deregulatory and regulatory."),
  order: z.enum(EXECUTIVE_ORDERS).nullable(),
  expected: z.boolean().nullable(),
  sentence: z.string().nullable().describe("The deciding sentence."),
  conflicting: z.array(z.string()).describe("When deregulatory and regulatory are both stated for the order that decides: the sentences that disagree."),
});

export type ExecutiveOrderStatement = z.output<typeof executiveOrderStatement>;
export type SignificanceStatement = z.output<typeof significanceStatement>;
export type MajorRuleStatement = z.output<typeof majorRuleStatement>;
export type CostStatement = z.output<typeof costStatement>;
export type RuleStatement = z.output<typeof ruleStatement>;
export type CfrPartAmended = z.output<typeof cfrPartAmended>;
export type RuleTextWarning = z.output<typeof ruleTextWarning>;
export type RuleText = z.output<typeof ruleTextAnswer>;
export type StatedDesignation = z.output<typeof statedDesignationAnswer>;

/** Statements kept per document at most: real rules make a handful. */
export const RULE_TEXT_MAX_STATEMENTS = 200;

/** Words one of the readers needs: a paragraph without any is not split into sentences. */
const WORTH_READING = /13771|14192|12866|significant|major|804|annualized|reviewed/i;

/** The statements one sentence makes, in the order of the kinds. */
function statementsInSentence(sentence: string, documentType: DocumentType): RuleStatement[] {
  const text = normalizeForMatching(sentence);
  const found = [
    readExecutiveOrder(text, documentType),
    readSignificance(text, documentType),
    readMajorRule(text, documentType),
    ...readCosts(text, documentType),
  ];
  return found.filter((statement) => statement !== null).map((statement) => ({ ...statement, sentence }) as RuleStatement);
}

/**
 * The statements a paragraph of a document's own prose makes. A paragraph cut short loses its last sentence,
 * which may have lost its end ("$4.6" without "million").
 */
export function statementsInParagraph(paragraph: string, documentType: DocumentType, options: { cut?: boolean } = {}): RuleStatement[] {
  if (!WORTH_READING.test(paragraph)) return [];
  const sentences = splitSentences(paragraph);
  if (options.cut) sentences.pop();
  return sentences.flatMap((one) => statementsInSentence(one, documentType));
}

/**
 * Reads a rule's or proposed rule's full-text XML, whole or as a stream of chunks (a fetch's body): what it says
 * about itself, and the CFR parts it amends. Never throws on what the document holds: a bound reached or a fault
 * in the XML ends the reading with a warning, and what was read before is answered.
 */
export async function readRuleStatements(xml: string | AsyncIterable<string | Uint8Array>): Promise<RuleText> {
  const statements: RuleStatement[] = [];
  const seen = new Set<string>();
  let cut = false;
  const read = await readRuleXml(xml, (paragraph) => {
    for (const statement of statementsInParagraph(paragraph.text, paragraph.documentType, { cut: paragraph.cut })) {
      const key = JSON.stringify(statement);
      if (seen.has(key)) continue;
      if (statements.length >= RULE_TEXT_MAX_STATEMENTS) cut = true;
      else statements.push(statement);
      seen.add(key);
    }
  });
  const warnings = cut
    ? [...read.warnings, { code: "cut-statements" as const, message: `Only the first ${RULE_TEXT_MAX_STATEMENTS} statements were kept.` }]
    : read.warnings;
  return { documentType: read.documentType, statements, amends: read.amends, amendatoryInstructions: read.amendatoryInstructions, warnings };
}

/**
 * The single designation a document gives itself, for classifying it, with the sentence that decides.
 *
 * 1. E.O. 14192 statements decide over E.O. 13771 ones: a document that states both is of the 14192 era and
 *    speaks of 13771 only about earlier rules (13771 was revoked in 2021).
 * 2. Within that order, "deregulatory" or "regulatory" decides over "not-subject": agencies also write that a
 *    deregulatory action "is not a regulatory action", so the plainer denial is the less specific statement.
 * 3. Then a finding ("is") decides over a projection ("is expected to be").
 * 4. If "deregulatory" and "regulatory" are still both stated, the document gives no single designation:
 *    designation is null and `conflicting` holds the sentences.
 * Otherwise the first such statement in the document decides.
 */
export function statedDesignation(statements: readonly RuleStatement[]): StatedDesignation {
  const none: StatedDesignation = { designation: null, order: null, expected: null, sentence: null, conflicting: [] };
  const stated = statements.filter((statement): statement is ExecutiveOrderStatement => statement.kind === "executive-order");
  if (!stated.length) return none;
  const order = stated.some((statement) => statement.order === "14192") ? "14192" : "13771";
  let pool = stated.filter((statement) => statement.order === order);
  const designated = pool.filter((statement) => statement.designation !== "not-subject");
  if (designated.length) pool = designated;
  const findings = pool.filter((statement) => !statement.expected);
  if (findings.length) pool = findings;
  if (new Set(pool.map((statement) => statement.designation)).size > 1) {
    return { ...none, order, conflicting: [...new Set(pool.map((statement) => statement.sentence))] };
  }
  const [deciding] = pool;
  return { designation: deciding.designation, order, expected: deciding.expected, sentence: deciding.sentence, conflicting: [] };
}
