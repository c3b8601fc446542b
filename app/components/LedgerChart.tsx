// The ledger's month-by-month chart: official deregulatory and regulatory final actions per month of the fiscal
// year, drawn on the server as SVG (no script needed, docs/decisions/014), with the same numbers in a table beside
// it, each a link to the documents it counts.
import type { LedgerMonth } from "~/ledger/answer.server";
import { plural } from "~/text/plural";
import { AxisLabel, Bar, barScale, ChartLegend, ValueGrid, type ChartBox } from "./BarChart";

const BOX: ChartBox = { width: 640, height: 220, plot: { left: 34, right: 8, top: 12, bottom: 28 } };
/** Distinguishable for common colour-vision deficiencies, as app/components/TrendsChart.tsx's. */
const COLORS = { deregulatory: "#e8590c", regulatory: "#1c7ed6" } as const;

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2025-10" -> "Oct 2025". */
export function monthLabel(month: string) {
  const [year, number] = month.split("-").map(Number);
  return `${MONTH_NAMES[number - 1]} ${year}`;
}

export function LedgerChart({ months, fiscalYear }: { months: LedgerMonth[]; fiscalYear: number }) {
  const counts = months.flatMap((month) => [month.deregulatory.count, month.regulatory.count]);
  const scale = barScale(BOX, months.length, 0.36, counts);
  const total = (key: "deregulatory" | "regulatory") => months.reduce((n, month) => n + month[key].count, 0);
  const titleId = "ledger-chart-title";
  return (
    <div className="ledger-chart-grid">
      <figure className="ledger-figure">
        <figcaption className="text-sm fw-600" id={titleId}>
          Official final actions per month, FY{fiscalYear}
        </figcaption>
        <svg
          className="trends-chart"
          viewBox={`0 0 ${BOX.width} ${BOX.height}`}
          role="img"
          aria-labelledby={`${titleId} ledger-chart-desc`}
          data-testid="ledger-chart"
        >
          <title>{`Official final actions per month, FY${fiscalYear}`}</title>
          <desc id="ledger-chart-desc">
            {`Paired bars per month, October to September: ${plural(total("deregulatory"), "deregulatory action")} and ${plural(total("regulatory"), "regulatory action")} in the year. The table beside the chart lists every value.`}
          </desc>
          <ValueGrid scale={scale} />
          {months.map((month, index) => {
            const x = scale.groupX(index, 2);
            return (
              <g key={month.month} data-month={month.month}>
                {(["deregulatory", "regulatory"] as const).map((key, side) => {
                  const count = month[key].count;
                  return (
                    <Bar
                      key={key}
                      scale={scale}
                      x={x + side * scale.barWidth}
                      to={count}
                      fill={COLORS[key]}
                      title={`${monthLabel(month.month)}: ${plural(count, `${key} action`)}`}
                      data={{ "data-series": key, "data-count": count }}
                    />
                  );
                })}
                <AxisLabel x={x + scale.barWidth} y={BOX.height - 10}>
                  {monthLabel(month.month).slice(0, 3)}
                </AxisLabel>
              </g>
            );
          })}
        </svg>
        <ChartLegend
          series={[
            { key: "deregulatory", color: COLORS.deregulatory, label: "Deregulatory" },
            { key: "regulatory", color: COLORS.regulatory, label: "Regulatory" },
          ]}
        />
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
