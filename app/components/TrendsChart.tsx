import { CATEGORIES } from "~/articles/vocabulary";
import { plural } from "~/text/plural";
import type { TrendsStats } from "~/trends/stats";
import { formatMonthDay } from "~/time";
import { AxisLabel, Bar, barScale, ChartLegend, ValueGrid, type ChartBox } from "./BarChart";

/** One colour per category, distinguishable for common colour-vision deficiencies. */
const CATEGORY_COLORS: Record<(typeof CATEGORIES)[number]["value"], string> = {
  "new-regulations": "#1c7ed6",
  "regulatory-rollbacks": "#e8590c",
  "policy-analysis": "#7048e8",
  "legal-decisions": "#0ca678",
  "legislative-action": "#f59f00",
};

const BOX: ChartBox = { width: 640, height: 200, plot: { left: 30, right: 8, top: 10, bottom: 24 } };
/** Weekly labels counted back from the last day, so today is always labelled. */
const LABEL_EVERY_DAYS = 7;

const shortDay = (day: string) => formatMonthDay(`${day}T12:00:00Z`, "UTC");

/**
 * Articles per day by category over the analysis window: a stacked bar chart drawn on the server as SVG
 * (no script needed), with the same numbers in a table for screen readers and for reading exact values.
 */
export function TrendsChart({ daily }: { daily: TrendsStats["daily"] }) {
  if (!daily.length) return null;
  const totals = daily.map((d) => d.total);
  const scale = barScale(BOX, daily.length, 0.72, totals);
  const busiest = daily.reduce((a, b) => (b.total > a.total ? b : a));
  const first = daily[0].date;
  const last = daily[daily.length - 1].date;

  return (
    <figure className="trends-figure" style={{ margin: 0 }}>
      <figcaption className="text-sm strong trends-caption" id="trends-chart-title">
        Articles per day by category, {shortDay(first)} – {shortDay(last)}
      </figcaption>
      <svg
        className="trends-chart"
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        role="img"
        aria-labelledby="trends-chart-title trends-chart-desc"
        data-testid="trends-chart"
      >
        <desc id="trends-chart-desc">
          {`Stacked bars, one per day. The busiest day was ${shortDay(busiest.date)} with ${plural(busiest.total, "article")}. The table below lists every value.`}
        </desc>
        <ValueGrid scale={scale} />
        {daily.map((day, index) => {
          const x = scale.groupX(index, 1);
          let stacked = 0;
          return (
            <g key={day.date} data-date={day.date} data-total={day.total}>
              {CATEGORIES.map(({ value, label }) => {
                const count = day.byCategory[value] ?? 0;
                if (!count) return null;
                const from = stacked;
                stacked += count;
                return (
                  <Bar
                    key={value}
                    scale={scale}
                    x={x}
                    from={from}
                    to={stacked}
                    fill={CATEGORY_COLORS[value]}
                    title={`${shortDay(day.date)}: ${label} ${count}`}
                  />
                );
              })}
              {(daily.length - 1 - index) % LABEL_EVERY_DAYS === 0 ? (
                <AxisLabel x={x + scale.barWidth / 2} y={BOX.height - 8}>
                  {shortDay(day.date)}
                </AxisLabel>
              ) : null}
            </g>
          );
        })}
      </svg>
      <ChartLegend series={CATEGORIES.map(({ value, label }) => ({ key: value, color: CATEGORY_COLORS[value], label }))} />
      <details className="trends-table-details">
        <summary>
          <span className="trends-table-toggle">Show the numbers as a table</span>
        </summary>
        <div className="trends-table-wrap">
          <table className="trends-table">
            <caption className="visually-hidden">Articles per day by category</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {CATEGORIES.map(({ value, label }) => (
                  <th scope="col" key={value}>
                    {label}
                  </th>
                ))}
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {daily.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{shortDay(day.date)}</th>
                  {CATEGORIES.map(({ value }) => (
                    <td key={value}>{day.byCategory[value] ?? 0}</td>
                  ))}
                  <td>{day.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
