// The deregulation ledger of one federal fiscal year (docs/ledger.md): per agency, the final rules and proposed
// rules officially designated deregulatory or regulatory under E.O. 14192 (the document's own statement, else the
// Unified Agenda: articles.designation), the product's judgement counted apart (docs/decisions/050), the annualized
// amounts the final rules state per discount rate, and the restriction words their CFR redlines remove and add.
// Every count comes with the feed view of exactly the documents it counts (the reads are in store.server.ts).
import { config } from "../config.server";
import { feedHref, OVERDUE_ALL, type ArticleFilters } from "../feed/filters";
import { countArticles } from "../feed/queries.server";
import { dayInZone } from "../time";
import type { LedgerCount, LedgerJson, LedgerMonth, LedgerRow, OfficialCount, StatedCosts } from "./answer.server";
import { fiscalYearDays, fiscalYearMonths, fiscalYearOf, fiscalYearRange } from "../designations/fiscal-year";
import { countOverdueByAgency } from "../rulemakings/store/overdue.server";
import { TEN_TO_ONE } from "./goal";
import { costStatementsOf, ledgerSums, officialFinalActionDates, type LedgerSums, type YearRange } from "./store.server";

/** The fiscal year the ledger shows when none is asked for: the one today falls in, in the site's time zone. */
export function currentFiscalYear(now = new Date()) {
  return fiscalYearOf(now, config().APP_TIMEZONE);
}

function count(n: number, filters: Omit<ArticleFilters, "timeframe">): LedgerCount {
  const feed = feedHref({ timeframe: "all", ...filters });
  return { count: n, feed, api: `/api/articles${feed.slice(1)}` };
}

function official(n: number, stated: number, filters: Omit<ArticleFilters, "timeframe">): OfficialCount {
  return { ...count(n, filters), statement: stated, agenda: n - stated };
}

function rowOf(agency: string | null, fy: number, sums: LedgerSums, costs: CostSums | undefined): LedgerRow {
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
async function costSums(range: YearRange): Promise<Map<string, CostSums>> {
  const sums = new Map<string, { rates: Map<string, StatedCosts>; documents: number }>();
  for (const document of await costStatementsOf(range)) {
    const amounts = documentCosts(document.statements);
    for (const key of ["", ...document.agencies]) {
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
async function months(fy: number, range: YearRange): Promise<LedgerMonth[]> {
  const timeZone = config().APP_TIMEZONE;
  const counts = new Map(fiscalYearMonths(fy).map((month) => [month, { deregulatory: 0, regulatory: 0 }]));
  for (const action of await officialFinalActionDates(range)) counts.get(dayInZone(action.at, timeZone).slice(0, 7))![action.designation]++;
  return [...counts].map(([month, n]) => ({
    month,
    deregulatory: count(n.deregulatory, { documentType: "rule", designation: "deregulatory", month }),
    regulatory: count(n.regulatory, { documentType: "rule", designation: "regulatory", month }),
  }));
}

/**
 * The overdue rulemakings per agency. The agenda names agencies its own way ("Department of the Interior" where the
 * Federal Register says "Interior Department"), so they stand in their own table rather than joined to the rows.
 */
function overdueOf(byAgency: Map<string, number>, asOf: string): LedgerJson["overdue"] {
  const agencies = [...byAgency]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([agency, n]) => ({ agency, rulemakings: count(n, { overdue: agency }) }));
  const total = [...byAgency.values()].reduce((sum, n) => sum + n, 0);
  return { asOf, agencies, total: count(total, { overdue: OVERDUE_ALL }) };
}

const nonZero = (sums: LedgerSums) => Object.values(sums).some((n) => n > 0);

/** The ledger of a fiscal year. */
export async function ledgerOf(fy: number): Promise<LedgerJson> {
  const range = fiscalYearRange(fy, config().APP_TIMEZONE);
  const asOf = dayInZone(new Date(), config().APP_TIMEZONE);
  const [sums, costs, monthly, overdue] = await Promise.all([ledgerSums(range), costSums(range), months(fy, range), countOverdueByAgency(asOf)]);
  const agencies = sums.byAgency
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
    total: rowOf(null, fy, sums.total, costs.get("")),
    months: monthly,
    overdue: overdueOf(overdue, asOf),
  };
}

/** The newsletter's ledger lines (app/newsletter/newsletter.server.ts): the week's official deregulatory actions and the year's tally. */
export type WeeklyLedger = {
  week: LedgerCount;
  fiscalYear: number;
  deregulatory: LedgerCount;
  regulatory: LedgerCount;
  ledgerPath: string;
};

/**
 * The week's deregulatory final actions by official designation (the feed's "this week": today and the six days
 * before, in the site's time zone), counted by the feed's own count of that view, and the fiscal year's tally so far.
 */
export async function weeklyLedger(now = new Date()): Promise<WeeklyLedger> {
  const weekView = { timeframe: "week" as const, documentType: "rule" as const, designation: "deregulatory" as const };
  const fy = fiscalYearOf(now, config().APP_TIMEZONE);
  const [week, year] = await Promise.all([countArticles(weekView), ledgerOf(fy)]);
  const feed = feedHref(weekView);
  return {
    week: { count: week, feed, api: `/api/articles${feed.slice(1)}` },
    fiscalYear: fy,
    deregulatory: year.total.deregulatoryFinal,
    regulatory: year.total.regulatoryFinal,
    ledgerPath: `/ledger?fy=${fy}`,
  };
}
