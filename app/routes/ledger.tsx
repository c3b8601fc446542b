// /ledger: the deregulation ledger of a federal fiscal year (app/ledger/ledger.server.ts). Each agency's official
// deregulatory and regulatory final actions against E.O. 14192's ten for one, its deregulatory proposals without a
// final rule, the amounts its rules state per discount rate and the restriction words their redlines remove and add;
// the product's judgement apart (docs/decisions/050). Every number links to the feed view of the documents it
// counts; the table sorts by any column through plain links, and the chart is SVG with its table beside it, so the
// page works without JavaScript. Counted per request: no shared copy can show a number a new document, a re-read or
// an editor's correction changed.
import { formatCount } from "../text/count";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FeedbackButton } from "~/components/FeedbackDialog";
import { LedgerChart } from "~/components/LedgerChart";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import type { LedgerCount, LedgerJson, LedgerRow, OfficialCount } from "~/ledger/answer.server";
import { FISCAL_YEAR_PROBLEM, parseFiscalYear } from "~/designations/fiscal-year";
import { TEN_TO_ONE } from "~/ledger/goal";
import { currentFiscalYear, ledgerOf } from "~/ledger/ledger.server";
import { LEDGER_SORT_DIRECTIONS, LEDGER_SORTS, nextDirection, sortLedgerRows, type LedgerSort, type LedgerSortDirection } from "~/ledger/sort";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Deregulation ledger${data ? `, FY${data.ledger.fiscalYear}` : ""}: Federal Deregulation Tracker` },
  {
    name: "description",
    content: "Each agency's deregulatory and regulatory actions under E.O. 14192 by fiscal year, from the documents' own statements and the Unified Agenda.",
  },
];

/** How many fiscal years back the picker offers as links. */
const YEARS_OFFERED = 6;

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const problems: string[] = [];
  const current = currentFiscalYear();
  const typed = params.get("fy");
  let fy = current;
  if (typed !== null && typed !== "") {
    const parsed = parseFiscalYear(typed);
    if (parsed === undefined) problems.push(`“${typed}” is not a fiscal year the ledger shows: fy ${FISCAL_YEAR_PROBLEM}. Showing FY${current}.`);
    else fy = parsed;
  }
  const sortText = params.get("sort");
  const sort = (LEDGER_SORTS as readonly string[]).includes(sortText ?? "") ? (sortText as LedgerSort) : "deregulatory";
  if (sortText && sort !== sortText) problems.push(`“${sortText}” is no column to sort by: sort must be one of ${LEDGER_SORTS.join(", ")}.`);
  const dirText = params.get("dir");
  const defaultDir: LedgerSortDirection = sort === "agency" ? "asc" : "desc";
  const dir = (LEDGER_SORT_DIRECTIONS as readonly string[]).includes(dirText ?? "") ? (dirText as LedgerSortDirection) : defaultDir;
  if (dirText && dir !== dirText) problems.push(`“${dirText}” is no direction: dir must be asc or desc.`);
  const ledger = await ledgerOf(fy);
  return json(
    { ledger: { ...ledger, agencies: sortLedgerRows(ledger.agencies, sort, dir) }, sort, dir, current, typed: problems.length ? typed : null, problems },
    { headers: { "Cache-Control": "private, no-cache" } },
  );
}

function ledgerHref(fy: number, sort?: LedgerSort, dir?: LedgerSortDirection) {
  const params = new URLSearchParams({ fy: String(fy) });
  if (sort) params.set("sort", sort);
  if (dir) params.set("dir", dir);
  return `/ledger?${params}`;
}

/** "2 deregulatory final actions, EPA", "1 deregulatory final action, EPA": the noun in the number it takes. */
function countLabel(n: number, label: string) {
  return `${formatCount(n)} ${n === 1 ? label.replace(/\b(actions|proposals|words)\b/, (word) => word.slice(0, -1)) : label}`;
}

function CountLink({ count, label }: { count: LedgerCount; label: string }) {
  return (
    <a href={count.feed} aria-label={countLabel(count.count, label)}>
      {formatCount(count.count)}
    </a>
  );
}

/** An official count with where its designations came from. */
function OfficialCell({ count, label }: { count: OfficialCount; label: string }) {
  return (
    <td>
      <CountLink count={count} label={label} />
      {count.count ? (
        <span className="ledger-basis">
          {count.statement} stated · {count.agenda} agenda
        </span>
      ) : null}
    </td>
  );
}

const money = (millions: number) => `$${millions.toLocaleString("en-US", { maximumFractionDigits: 1 })}M`;

function CostsCell({ row, field }: { row: LedgerRow; field: "savingsMillions" | "costsMillions" }) {
  const stated = row.statedCosts.filter((rate) => rate[field] > 0);
  if (!stated.length) return <td className="dimmed">none stated</td>;
  return (
    <td>
      <a href={row.costsView.feed}>
        {stated.map((rate) => (
          <span key={String(rate.discountRate)} className="ledger-rate">
            {money(rate[field])} {rate.discountRate === null ? "(rate unstated)" : `at ${rate.discountRate}%`}
          </span>
        ))}
      </a>
    </td>
  );
}

function Row({ row, header }: { row: LedgerRow; header: string }) {
  const who = row.agency ?? "all agencies";
  return (
    <tr>
      <th scope="row">{header}</th>
      <OfficialCell count={row.deregulatoryFinal} label={`deregulatory final actions, ${who}`} />
      <OfficialCell count={row.regulatoryFinal} label={`regulatory final actions, ${who}`} />
      <td className={row.meetsTenToOne === false ? "ledger-short" : undefined}>
        {row.ratio === null ? "no regulatory action" : `${row.ratio.toLocaleString("en-US", { maximumFractionDigits: 1 })} : 1`}
      </td>
      <OfficialCell count={row.deregulatoryProposalsOpen} label={`deregulatory proposals without a final rule, ${who}`} />
      <td className="ledger-judgement">
        <CountLink count={row.judgement.deregulatoryFinal} label={`deregulatory final actions by the product's judgement, ${who}`} />
      </td>
      <td className="ledger-judgement">
        <CountLink count={row.judgement.regulatoryFinal} label={`regulatory final actions by the product's judgement, ${who}`} />
      </td>
      <CostsCell row={row} field="savingsMillions" />
      <CostsCell row={row} field="costsMillions" />
      <td>
        <a href={row.restrictions.view.feed} aria-label={countLabel(row.restrictions.removed, `restriction words removed, ${who}`)}>
          {formatCount(row.restrictions.removed)}
        </a>
      </td>
      <td>
        <a href={row.restrictions.view.feed} aria-label={countLabel(row.restrictions.added, `restriction words added, ${who}`)}>
          {formatCount(row.restrictions.added)}
        </a>
      </td>
    </tr>
  );
}

/** The rulemakings slipping today, per agency as the Unified Agenda names it (docs/decisions/049). */
function OverdueTable({ overdue }: { overdue: LedgerJson["overdue"] }) {
  return (
    <section aria-labelledby="ledger-overdue-title" className="ledger-overdue">
      <h3 id="ledger-overdue-title" className="title-h3">
        Overdue rulemakings
      </h3>
      <p className="text-sm">
        As of {overdue.asOf}: rulemakings of the loaded Unified Agenda edition whose next action&apos;s date has passed with nothing published since, per agency
        as the agenda names it.{" "}
        <a href={overdue.total.feed}>
          {formatCount(overdue.total.count)} {overdue.total.count === 1 ? "rulemaking" : "rulemakings"} in all
        </a>
        .
      </p>
      {overdue.agencies.length ? (
        <table className="trends-table" data-testid="ledger-overdue">
          <thead>
            <tr>
              <th scope="col">Agency (as the agenda names it)</th>
              <th scope="col">Overdue rulemakings</th>
            </tr>
          </thead>
          <tbody>
            {overdue.agencies.map((row) => (
              <tr key={row.agency}>
                <th scope="row">{row.agency}</th>
                <td>
                  <a href={row.rulemakings.feed} aria-label={countLabel(row.rulemakings.count, `overdue rulemakings, ${row.agency}`)}>
                    {formatCount(row.rulemakings.count)}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

const COLUMNS: { sort: LedgerSort; label: string; judgement?: boolean }[] = [
  { sort: "agency", label: "Agency" },
  { sort: "deregulatory", label: "Deregulatory final actions" },
  { sort: "regulatory", label: "Regulatory final actions" },
  { sort: "ratio", label: `Ratio (goal ${TEN_TO_ONE} : 1)` },
  { sort: "proposals", label: "Deregulatory proposals without a final rule" },
  { sort: "judged-deregulatory", label: "Deregulatory, product's judgement", judgement: true },
  { sort: "judged-regulatory", label: "Regulatory, product's judgement", judgement: true },
  { sort: "savings", label: "Stated annualized savings" },
  { sort: "costs", label: "Stated annualized costs" },
  { sort: "removed", label: "CFR restrictions removed" },
  { sort: "added", label: "CFR restrictions added" },
];

export default function Ledger() {
  const { ledger, sort, dir, current, typed, problems } = useLoaderData<typeof loader>();
  const fy = ledger.fiscalYear;
  const years = Array.from({ length: YEARS_OFFERED }, (_, i) => current - i);
  return (
    <>
      <SiteHeader actions={<FeedbackButton />} />
      <main id="main" className="page-container page-main">
        <div className="section-head">
          <h2 className="title-h2">Deregulation ledger, FY{fy}</h2>
          <span className="text-sm">
            <a href={`/ledger.csv?fy=${fy}`} className="anchor is-sm" download>
              CSV
            </a>
            {" · "}
            <a href={`/api/ledger?fy=${fy}`} className="anchor is-sm">
              JSON
            </a>
          </span>
        </div>
        {problems.map((problem) => (
          <p key={problem} role="alert" className="ledger-problem">
            {problem}
          </p>
        ))}
        <form method="get" action="/ledger" className="ledger-picker" aria-label="Fiscal year">
          <label htmlFor="ledger-fy">Federal fiscal year</label>
          <input id="ledger-fy" name="fy" defaultValue={typed ?? String(fy)} inputMode="numeric" size={6} aria-describedby="ledger-fy-help" />
          <input type="hidden" name="sort" value={sort} />
          <input type="hidden" name="dir" value={dir} />
          <button type="submit">Show</button>
          <span id="ledger-fy-help" className="text-sm dimmed">
            FY{fy} runs {ledger.from} to {ledger.to} ({ledger.timeZone}).
          </span>
          <nav aria-label="Recent fiscal years" className="ledger-years">
            {years.map((year) => (
              <Link key={year} to={ledgerHref(year, sort, dir)} aria-current={year === fy ? "page" : undefined} className="anchor is-sm">
                FY{year}
              </Link>
            ))}
          </nav>
        </form>
        <p className="text-sm">
          Official counts come from each document&apos;s own E.O. 14192 (or 13771) statement, or, where it states none, the Unified Agenda&apos;s designation of
          its rulemaking. The product&apos;s judgement, from its own category of documents neither designates, is counted apart and never added to them. Every
          number opens the documents it counts.
        </p>
        <p className="text-sm" data-testid="ledger-total">
          All agencies: <a href={ledger.total.deregulatoryFinal.feed}>{formatCount(ledger.total.deregulatoryFinal.count)} deregulatory</a> and{" "}
          <a href={ledger.total.regulatoryFinal.feed}>{formatCount(ledger.total.regulatoryFinal.count)} regulatory</a> final actions (official).
        </p>
        <LedgerChart months={ledger.months} fiscalYear={fy} />
        <div className="ledger-table-wrap">
          <table className="trends-table ledger-table" data-testid="ledger-table">
            <caption className="text-sm">Per agency, FY{fy}. Select a column heading to sort by it.</caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th
                    key={column.sort}
                    scope="col"
                    className={column.judgement ? "ledger-judgement" : undefined}
                    aria-sort={sort === column.sort ? (dir === "asc" ? "ascending" : "descending") : undefined}
                  >
                    <Link to={ledgerHref(fy, column.sort, nextDirection(column.sort, sort, dir))} preventScrollReset>
                      {column.label}
                      {sort === column.sort ? (dir === "asc" ? " ▲" : " ▼") : ""}
                    </Link>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ledger.agencies.map((row) => (
                <Row key={row.agency} row={row} header={row.agency!} />
              ))}
              {ledger.agencies.length ? null : (
                <tr>
                  <td colSpan={COLUMNS.length}>No rule or proposed rule of FY{fy} is stored yet.</td>
                </tr>
              )}
            </tbody>
            <tfoot>
              <Row row={ledger.total} header="All agencies (each document once)" />
            </tfoot>
          </table>
        </div>
        <OverdueTable overdue={ledger.overdue} />
      </main>
      <SiteFooter />
    </>
  );
}
