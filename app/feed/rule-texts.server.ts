// What a list of articles shows of rules' full texts and CFR redlines (the answer's `ruleText` and `restrictions`):
// read for the whole list in one query of each table, and only for the rules and proposed rules among it.
import { z } from "zod";
import { REDLINE_STATUSES, type ArticleRestrictions, type ArticleRuleText, type RestrictionPart } from "../articles/answer.server";
import { DESIGNATIONS, ruleStatement, type ExecutiveOrderStatement } from "../rule-text/statements";
import { RULE_DOCUMENT_TYPES, redlineSummariesOf, ruleTextsOf, type RedlineSummary, type RuleTextRow } from "../rule-text/store.server";

const storedStatements = z.array(ruleStatement);
const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T => (values as readonly (string | null)[]).includes(value);

/**
 * A stored rule text as answered. The statements are checked against their declaration: a row written by an
 * earlier reader that no longer fits answers no statements rather than an answer its schema does not describe.
 */
function ruleTextAnswer(row: RuleTextRow): ArticleRuleText | null {
  if (row.status !== "read" && row.status !== "failed") return null;
  const parsed = storedStatements.safeParse(row.statements);
  const statements = parsed.success ? parsed.data : [];
  const designation = isOneOf(DESIGNATIONS, row.designation) ? row.designation : null;
  // The statement that decided (statedDesignation): the one of that designation saying that sentence.
  const orders = statements.filter((statement): statement is ExecutiveOrderStatement => statement.kind === "executive-order");
  const deciding =
    orders.find((statement) => statement.designation === designation && statement.sentence === row.designationSentence) ??
    orders.find((statement) => statement.designation === designation);
  return {
    status: row.status,
    designation,
    designationOrder: designation ? (deciding?.order ?? null) : null,
    designationExpected: designation ? (deciding?.expected ?? null) : null,
    designationSentence: designation ? row.designationSentence : null,
    statements,
  };
}

function partAnswer(part: RedlineSummary): RestrictionPart | null {
  if (!isOneOf(REDLINE_STATUSES, part.status)) return null;
  const counted = part.status !== "pending";
  return {
    cfr: `${part.title} CFR ${part.part}`,
    title: part.title,
    part: part.part,
    status: part.status,
    removed: counted ? (part.removed ?? 0) : null,
    added: counted ? (part.added ?? 0) : null,
    effectiveOn: part.effectiveOn,
  };
}

/** An article's redlines as answered: the counts summed over its compared parts (as articles.restrictions_* holds them). */
function restrictionsAnswer(summaries: RedlineSummary[] | undefined): ArticleRestrictions | null {
  const parts = (summaries ?? []).map(partAnswer).filter((part) => part !== null);
  if (!parts.length) return null;
  const compared = parts.filter((part) => part.status === "compared");
  return {
    removed: compared.reduce((sum, part) => sum + (part.removed ?? 0), 0),
    added: compared.reduce((sum, part) => sum + (part.added ?? 0), 0),
    parts,
  };
}

export type RuleTextAnswers = { ruleText(id: number): ArticleRuleText | null; restrictions(id: number): ArticleRestrictions | null };

/** The rule texts and redlines of these articles: one query of each table for all of them, none without a rule among them. */
export async function ruleTextAnswersOf(rows: readonly { id: number; documentType: string | null }[]): Promise<RuleTextAnswers> {
  const ids = rows.filter((row) => isOneOf(RULE_DOCUMENT_TYPES, row.documentType)).map((row) => row.id);
  const texts = await ruleTextsOf(ids);
  const redlines = await redlineSummariesOf(ids);
  return {
    ruleText: (id) => {
      const row = texts.get(id);
      return row ? ruleTextAnswer(row) : null;
    },
    restrictions: (id) => restrictionsAnswer(redlines.get(id)),
  };
}
