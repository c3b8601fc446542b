// The deregulation ledger of one federal fiscal year (docs/ledger.md): per agency, the final rules and proposed
// rules officially designated deregulatory or regulatory under E.O. 14192 (the document's own statement, else the
// Unified Agenda: articles.designation), the product's judgement counted apart (docs/decisions/050), the annualized
// amounts the final rules state per discount rate, and the restriction words their CFR redlines remove and add.
// Every count comes with the feed view of exactly the documents it counts: the view's conditions
// (app/feed/store/search.server.ts) are the ones counted here.
import { and, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { config } from "../config.server";
import { all, t } from "../db.server";
import { feedHref, type ArticleFilters } from "../feed/filters";
import { hasComparedRedline, openProposal, statesCosts } from "../feed/store/search.server";
import { dayInZone } from "../time";
import type { LedgerCount, LedgerJson, LedgerMonth, LedgerRow, OfficialCount, StatedCosts } from "./answer.server";
import { fiscalYearDays, fiscalYearMonths, fiscalYearOf, fiscalYearRange } from "./fiscal-year";

/** E.O. 14192 section 3(c): ten regulations identified for elimination for each new one. */
export const TEN_TO_ONE = 10;

const RULE = "Rule";
const PROPOSED_RULE = "Proposed Rule";

/** The fiscal year the ledger shows when none is asked for: the one today falls in, in the site's time zone. */
export function currentFiscalYear(now = new Date()) {
  return fiscalYearOf(now, config().APP_TIMEZONE);
}

const sum = (condition: SQL) => sql<number>`sum(CASE WHEN ${condition} THEN 1 ELSE 0 END)`.mapWith(Number);
const sumOf = (condition: SQL, value: SQL) => sql<number>`sum(CASE WHEN ${condition} THEN ${value} ELSE 0 END)`.mapWith(Number);

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

type Sums = { [K in keyof typeof COLUMNS]: number };

function inYear(fy: number) {
  const { start, end } = fiscalYearRange(fy, config().APP_TIMEZONE);
  return and(gte(a.publishDate, start), lt(a.publishDate, end), inArray(a.documentType, [RULE, PROPOSED_RULE]))!;
}

function count(n: number, filters: Omit<ArticleFilters, "timeframe">): LedgerCount {
  const feed = feedHref({ timeframe: "all", ...filters });
  return { count: n, feed, api: `/api/articles${feed.slice(1)}` };
}

function official(n: number, stated: number, filters: Omit<ArticleFilters, "timeframe">): OfficialCount {
  return { ...count(n, filters), statement: stated, agenda: n - stated };
}

function rowOf(agency: string | null, fy: number, sums: Sums, costs: CostSums | undefined): LedgerRow {
  const scope = { ...(agency === null ? {} : { agency }), fy };
  const rule = { ...scope, documentType: "rule" as const };
  return {
    agency,
    deregulatoryFinal: official(sums.deregulatory, sums.deregulatoryStated, { ...rule, designation: "deregulatory" }),
    regulatoryFinal: official(sums.regulatory, sums.regulatoryStated, { ...rule, designation: "regulatory" }),
    ratio: sums.regulatory ? sums.deregulatory / sums.regulatory : null,
    meetsTenToOne: sums.regulatory ? sums.deregulatory >= TEN_TO_ONE * sums.regulatory : null,
    deregulatoryProposalsOpen: official(sums.proposals, sums.proposalsStated, {
      ...scope,
      documentType: "proposed-rule",
      designation: "deregulatory",
      pipeline: "open",
    }),
    judgement: {
      deregulatoryFinal: count(sums.judgedDeregulatory, { ...rule, designation: "deregulatory", basis: "judgement" }),
      regulatoryFinal: count(sums.judgedRegulatory, { ...rule, designation: "regulatory", basis: "judgement" }),
    },
    statedCosts: costs?.byRate ?? [],
    costsView: count(costs?.documents ?? 0, { ...rule, costs: "stated" }),
    restrictions: { removed: sums.removed, added: sums.added, view: count(sums.comparedRules, { ...rule, restrictions: "compared" }) },
  };
}

type CostSums = { byRate: StatedCosts[]; documents: number };

/** A statement's amount as the ledger reads it (app/rule-text/statements.ts costStatement). */
type CostAmount = { kind: string; direction?: string; amountMillions?: number; discountRate?: number | null };

/**
 * The amounts one document states, one per direction and discount rate: a rule states its annualized savings at 3%
 * and at 7% (two estimates of one thing, never added), and often repeats an amount in its summary and its analysis,
 * so the first statement of each direction and rate is the document's.
 */
export function documentCosts(statements: readonly unknown[]) {
  const found = new Map<string, { direction: "savings" | "costs"; rate: number | null; amount: number }>();
  for (const statement of statements as CostAmount[]) {
    if (statement?.kind !== "cost" || typeof statement.amountMillions !== "number") continue;
    if (statement.direction !== "savings" && statement.direction !== "costs") continue;
    const rate = statement.discountRate ?? null;
    const key = `${statement.direction}:${rate}`;
    if (!found.has(key)) found.set(key, { direction: statement.direction, rate, amount: statement.amountMillions });
  }
  return [...found.values()];
}

/** The stated amounts of the fiscal year's final rules, per agency ("" for the total) and discount rate. */
async function costSums(fy: number): Promise<Map<string, CostSums>> {
  const rows = await all(
    sql`SELECT ${a.id} AS id, rt.statements AS statements FROM ${a} JOIN rule_texts rt ON rt.article_id = ${a.id}
      WHERE ${and(inYear(fy), isRule, statesCosts())}`,
  );
  const ids = (rows as { id: number }[]).map((row) => row.id);
  const agencies = new Map<number, string[]>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const found = await all(
      sql`SELECT article_id AS "articleId", agency FROM article_agencies WHERE article_id IN (${sql.join(
        chunk.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    for (const row of found as { articleId: number; agency: string }[]) agencies.set(row.articleId, [...(agencies.get(row.articleId) ?? []), row.agency]);
  }
  const sums = new Map<string, { rates: Map<string, StatedCosts>; documents: number }>();
  for (const row of rows as { id: number; statements: unknown }[]) {
    const statements = typeof row.statements === "string" ? (JSON.parse(row.statements) as unknown[]) : (row.statements as unknown[]);
    const amounts = documentCosts(statements);
    for (const key of ["", ...(agencies.get(row.id) ?? [])]) {
      const entry = sums.get(key) ?? { rates: new Map(), documents: 0 };
      sums.set(key, entry);
      entry.documents++;
      const counted = new Set<string>();
      for (const amount of amounts) {
        const rateKey = String(amount.rate);
        const rate = entry.rates.get(rateKey) ?? { discountRate: amount.rate, savingsMillions: 0, costsMillions: 0, documents: 0 };
        entry.rates.set(rateKey, rate);
        if (amount.direction === "savings") rate.savingsMillions += amount.amount;
        else rate.costsMillions += amount.amount;
        if (!counted.has(rateKey)) rate.documents++;
        counted.add(rateKey);
      }
    }
  }
  const order = (rate: number | null) => (rate === null ? Infinity : rate);
  return new Map(
    [...sums].map(([key, entry]) => [
      key,
      {
        documents: entry.documents,
        byRate: [...entry.rates.values()]
          .sort((x, y) => order(x.discountRate) - order(y.discountRate))
          .map((rate) => ({ ...rate, savingsMillions: round(rate.savingsMillions), costsMillions: round(rate.costsMillions) })),
      },
    ]),
  );
}

const round = (millions: number) => Math.round(millions * 1000) / 1000;

/** The official final actions of each month of the year, deregulatory and regulatory. */
async function months(fy: number): Promise<LedgerMonth[]> {
  const timeZone = config().APP_TIMEZONE;
  const rows = await all(
    sql`SELECT ${a.publishDate} AS "publishDate", ${a.designation} AS designation FROM ${a}
      WHERE ${and(inYear(fy), isRule, inArray(a.designation, ["deregulatory", "regulatory"]))}`,
  );
  const counts = new Map(fiscalYearMonths(fy).map((month) => [month, { deregulatory: 0, regulatory: 0 }]));
  for (const row of rows as { publishDate: number | string; designation: "deregulatory" | "regulatory" }[]) {
    const month = dayInZone(Number(row.publishDate), timeZone).slice(0, 7);
    const entry = counts.get(month);
    if (entry) entry[row.designation]++;
  }
  return [...counts].map(([month, n]) => ({
    month,
    deregulatory: count(n.deregulatory, { documentType: "rule", designation: "deregulatory", month }),
    regulatory: count(n.regulatory, { documentType: "rule", designation: "regulatory", month }),
  }));
}

const nonZero = (sums: Sums) => Object.values(sums).some((n) => n > 0);

/** The ledger of a fiscal year. */
export async function ledgerOf(fy: number): Promise<LedgerJson> {
  const where = inYear(fy);
  const [byAgency, [total], costs, monthly] = await Promise.all([
    all(
      sql`SELECT aa.agency AS agency, ${sql.join(
        Object.entries(COLUMNS).map(([name, column]) => sql`${column} AS ${sql.identifier(name)}`),
        sql`, `,
      )} FROM ${a} JOIN article_agencies aa ON aa.article_id = ${a.id} WHERE ${where} GROUP BY aa.agency`,
    ),
    all(
      sql`SELECT ${sql.join(
        Object.entries(COLUMNS).map(([name, column]) => sql`${column} AS ${sql.identifier(name)}`),
        sql`, `,
      )} FROM ${a} WHERE ${where}`,
    ),
    costSums(fy),
    months(fy),
  ]);
  const numbers = (row: Record<string, unknown>) => Object.fromEntries(Object.keys(COLUMNS).map((name) => [name, Number(row[name] ?? 0)])) as Sums;
  const agencies = (byAgency as Record<string, unknown>[])
    .map((row) => ({ agency: String(row.agency), sums: numbers(row) }))
    .filter(({ agency, sums }) => nonZero(sums) || costs.has(agency))
    .map(({ agency, sums }) => rowOf(agency, fy, sums, costs.get(agency)))
    .sort((x, y) => y.deregulatoryFinal.count - x.deregulatoryFinal.count || x.agency!.localeCompare(y.agency!));
  const { first, last } = fiscalYearDays(fy);
  return {
    fiscalYear: fy,
    from: first,
    to: last,
    timeZone: config().APP_TIMEZONE,
    agencies,
    total: rowOf(null, fy, numbers((total ?? {}) as Record<string, unknown>), costs.get("")),
    months: monthly,
  };
}
