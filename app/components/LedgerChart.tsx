// The ledger's month-by-month chart: official deregulatory and regulatory final actions per month of the fiscal
// year, drawn on the server as SVG (no script needed, docs/decisions/014), with the same numbers in a table beside
// it, each a link to the documents it counts.
import type { LedgerMonth } from "~/ledger/answer.server";
import { plural } from "~/text/plural";

const WIDTH = 640;
const HEIGHT = 220;
const PLOT = { left: 34, right: 8, top: 12, bottom: 28 };
/** Distinguishable for common colour-vision deficiencies, as app/components/TrendsChart.tsx's. */
const COLORS = { deregulatory: "#e8590c", regulatory: "#1c7ed6" } as const;

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2025-10" -> "Oct 2025". */
export function monthLabel(month: string) {
  const [year, number] = month.split("-").map(Number);
  return `${MONTH_NAMES[number - 1]} ${year}`;
}

export function LedgerChart({ months, fiscalYear }: { months: LedgerMonth[]; fiscalYear: number }) {
  const max = Math.max(1, ...months.flatMap((month) => [month.deregulatory.count, month.regulatory.count]));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / months.length;
  const barWidth = Math.max(2, slot * 0.36);
  const y = (value: number) => PLOT.top + plotHeight - (value / max) * plotHeight;
  const gridValues = [...new Set([0, Math.round(max / 2), max])];
  const total = (key: "deregulatory" | "regulatory") => months.reduce((n, month) => n + month[key].count, 0);
  const titleId = "ledger-chart-title";
  return (
    <div className="ledger-chart-grid">
      <figure className="ledger-figure">
        <figcaption className="text-sm fw-600" id={titleId}>
          Official final actions per month, FY{fiscalYear}
        </figcaption>
        <svg className="trends-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ledger-chart-desc`} data-testid="ledger-chart">
          <title>{`Official final actions per month, FY${fiscalYear}`}</title>
          <desc id="ledger-chart-desc">
            {`Paired bars per month, October to September: ${plural(total("deregulatory"), "deregulatory action")} and ${plural(total("regulatory"), "regulatory action")} in the year. The table beside the chart lists every value.`}
          </desc>
          {gridValues.map((value) => (
            <g key={value}>
              <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(value)} y2={y(value)} stroke="#dee2e6" strokeWidth={1} />
              <text x={PLOT.left - 4} y={y(value) + 3} textAnchor="end" fontSize={10} fill="#495057">
                {value}
              </text>
            </g>
          ))}
          {months.map((month, index) => {
            const x = PLOT.left + index * slot + (slot - 2 * barWidth) / 2;
            return (
              <g key={month.month} data-month={month.month}>
                {(["deregulatory", "regulatory"] as const).map((key, side) => {
                  const count = month[key].count;
                  return (
                    <rect
                      key={key}
                      x={x + side * barWidth}
                      y={y(count)}
                      width={barWidth}
                      height={Math.max(0, y(0) - y(count))}
                      fill={COLORS[key]}
                      data-series={key}
                      data-count={count}
                    >
                      <title>{`${monthLabel(month.month)}: ${plural(count, `${key} action`)}`}</title>
                    </rect>
                  );
                })}
                <text x={x + barWidth} y={HEIGHT - 10} textAnchor="middle" fontSize={10} fill="#495057">
                  {monthLabel(month.month).slice(0, 3)}
                </text>
              </g>
            );
          })}
        </svg>
        <div className="trends-legend" aria-hidden="true">
          <span>
            <span className="trends-legend-swatch" style={{ background: COLORS.deregulatory }} />
            Deregulatory
          </span>
          <span>
            <span className="trends-legend-swatch" style={{ background: COLORS.regulatory }} />
            Regulatory
          </span>
        </div>
      </figure>
      <div className="trends-table-wrap">
        <table className="trends-table" data-testid="ledger-months">
          <caption className="text-sm">Official final actions per month (the chart&apos;s numbers)</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Deregulatory</th>
              <th scope="col">Regulatory</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthLabel(month.month)}</th>
                <td>
                  <a href={month.deregulatory.feed}>{month.deregulatory.count}</a>
                </td>
                <td>
                  <a href={month.regulatory.feed}>{month.regulatory.count}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
