// The ledger's reads (app/ledger/ledger.server.ts assembles them): per agency and in all, the sums of a fiscal
// year's rules and proposed rules by official designation (articles.designation, written by
// app/designations/store.server.ts), by the product's judgement apart, and of their redlines' restriction words; the
// statements of the final rules that state amounts; the dates of the official final actions. The conditions are
// the feed view's (app/feed/store/search.server.ts), so each count equals its view's total.
import { and, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { all, t } from "../db.server";
import { hasComparedRedline, openProposal, statesCosts } from "../feed/store/search.server";

const RULE = "Rule";
const PROPOSED_RULE = "Proposed Rule";

const sum = (condition: SQL) => sql<number>`sum(CASE WHEN ${condition} THEN 1 ELSE 0 END)`;
const sumOf = (condition: SQL, value: SQL) => sql<number>`sum(CASE WHEN ${condition} THEN ${value} ELSE 0 END)`;

const a = t.articles;
const isRule = sql`${a.documentType} = ${RULE}`;
const finalDesignated = (designation: string) => and(isRule, eq(a.designation, designation))!;
const fromStatement = eq(a.designationBasis, "statement");
const openDeregulatoryProposal = and(sql`${a.documentType} = ${PROPOSED_RULE}`, eq(a.designation, "deregulatory"), openProposal())!;
const judged = (category: string) => and(isRule, sql`${a.designation} IS NULL`, eq(a.category, category))!;
const compared = and(isRule, hasComparedRedline())!;

/** The sums of one ledger row, as SQL aggregates over the fiscal year's rules and proposed rules. */
const COLUMNS = {
  deregulatory: sum(finalDesignated("deregulatory")),
  deregulatoryStated: sum(and(finalDesignated("deregulatory"), fromStatement)!),
  regulatory: sum(finalDesignated("regulatory")),
  regulatoryStated: sum(and(finalDesignated("regulatory"), fromStatement)!),
  proposals: sum(openDeregulatoryProposal),
  proposalsStated: sum(and(openDeregulatoryProposal, fromStatement)!),
  judgedDeregulatory: sum(judged("regulatory-rollbacks")),
  judgedRegulatory: sum(judged("new-regulations")),
  comparedRules: sum(compared),
  removed: sumOf(compared, sql`${a.restrictionsRemoved}`),
  added: sumOf(compared, sql`${a.restrictionsAdded}`),
};

export type LedgerSums = { [K in keyof typeof COLUMNS]: number };

export type YearRange = { start: Date; end: Date };

function inYear(range: YearRange) {
  return and(gte(a.publishDate, range.start), lt(a.publishDate, range.end), inArray(a.documentType, [RULE, PROPOSED_RULE]))!;
}

const selected = sql.join(
  Object.entries(COLUMNS).map(([name, column]) => sql`${column} AS ${sql.identifier(name)}`),
  sql`, `,
);

/** Counts read back as numbers (PostgreSQL answers a bigint sum as text; a sum over no row is null). */
function numbers(row: Record<string, unknown> | undefined): LedgerSums {
  return Object.fromEntries(Object.keys(COLUMNS).map((name) => [name, Number(row?.[name] ?? 0)])) as LedgerSums;
}

/**
 * The sums per agency (article_agencies, the feed's agency filter: a document of two agencies counts in both rows)
 * and in all (each document once). The date and type bound the walk through articles_document_type_date_idx.
 */
export async function ledgerSums(range: YearRange) {
  const where = inYear(range);
  const [byAgency, [total]] = await Promise.all([
    all<Record<string, unknown>>(
      sql`SELECT aa.agency AS agency, ${selected} FROM ${a} JOIN article_agencies aa ON aa.article_id = ${a.id} WHERE ${where} GROUP BY aa.agency`,
    ),
    all<Record<string, unknown>>(sql`SELECT ${selected} FROM ${a} WHERE ${where}`),
  ]);
  return { byAgency: byAgency.map((row) => ({ agency: String(row.agency), sums: numbers(row) })), total: numbers(total) };
}

/** The statements of the year's final rules that state an amount, with their agencies. */
export async function costStatementsOf(range: YearRange) {
  const rows = await all<{ id: number; statements: unknown }>(
    sql`SELECT ${a.id} AS id, rt.statements AS statements FROM ${a} JOIN rule_texts rt ON rt.article_id = ${a.id}
      WHERE ${and(inYear(range), isRule, statesCosts())}`,
  );
  const agencies = new Map<number, string[]>();
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500).map((row) => sql`${row.id}`);
    const found = await all<{ articleId: number; agency: string }>(
      sql`SELECT article_id AS "articleId", agency FROM article_agencies WHERE article_id IN (${sql.join(chunk, sql`, `)})`,
    );
    for (const row of found) agencies.set(row.articleId, [...(agencies.get(row.articleId) ?? []), row.agency]);
  }
  return rows.map((row) => ({
    statements: (typeof row.statements === "string" ? JSON.parse(row.statements) : row.statements) as unknown[],
    agencies: agencies.get(row.id) ?? [],
  }));
}

/** The publication instants of the year's official deregulatory and regulatory final actions. */
export async function officialFinalActionDates(range: YearRange) {
  const rows = await all<{ publishDate: number | string; designation: "deregulatory" | "regulatory" }>(
    sql`SELECT ${a.publishDate} AS "publishDate", ${a.designation} AS designation FROM ${a}
      WHERE ${and(inYear(range), isRule, inArray(a.designation, ["deregulatory", "regulatory"]))}`,
  );
  return rows.map((row) => ({ at: Number(row.publishDate), designation: row.designation }));
}
