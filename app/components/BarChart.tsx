// The SVG bar charts' shared drawing: the scale, the value grid on the left, the bars, the labels under them and the
// legend. The ledger's months (app/components/LedgerChart.tsx) and the trends' days (app/components/TrendsChart.tsx)
// are drawn on the server with these, so both charts keep one look.
import type { ReactNode } from "react";

const GRID_COLOR = "#dee2e6";
const LABEL_COLOR = "#495057";

/** The SVG's size and the margins around the plot, where the labels go. */
export interface ChartBox {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
}

export interface BarScale {
  box: ChartBox;
  /** The highest value the plot reaches: the largest given, at least 1. */
  max: number;
  /** The width of each group's slot, and of one bar. */
  slot: number;
  barWidth: number;
  /** The vertical position of a value. */
  y: (value: number) => number;
  /** Where the first bar of group `index` starts, `bars` bars side by side centred in the slot. */
  groupX: (index: number, bars: number) => number;
}

/** `groups` slots across the plot, each bar `barShare` of its slot wide (at least 2), from 0 to the largest value. */
export function barScale(box: ChartBox, groups: number, barShare: number, values: number[]): BarScale {
  const max = Math.max(1, ...values);
  const plotWidth = box.width - box.plot.left - box.plot.right;
  const plotHeight = box.height - box.plot.top - box.plot.bottom;
  const slot = plotWidth / groups;
  const barWidth = Math.max(2, slot * barShare);
  return {
    box,
    max,
    slot,
    barWidth,
    y: (value) => box.plot.top + plotHeight - (value / max) * plotHeight,
    groupX: (index, bars) => box.plot.left + index * slot + (slot - bars * barWidth) / 2,
  };
}

/** Lines across the plot at 0, half the highest value and the highest, labelled on the left. */
export function ValueGrid({ scale }: { scale: BarScale }) {
  const { box, max, y } = scale;
  return (
    <>
      {[...new Set([0, Math.round(max / 2), max])].map((value) => (
        <g key={value}>
          <line x1={box.plot.left} x2={box.width - box.plot.right} y1={y(value)} y2={y(value)} stroke={GRID_COLOR} strokeWidth={1} />
          <text x={box.plot.left - 4} y={y(value) + 3} textAnchor="end" fontSize={10} fill={LABEL_COLOR}>
            {value}
          </text>
        </g>
      ))}
    </>
  );
}

/** One bar from `from` up to `to` (stacked bars start where the one below ends), its value said in its title. */
export function Bar({
  scale,
  x,
  from = 0,
  to,
  fill,
  title,
  data,
}: {
  scale: BarScale;
  x: number;
  from?: number;
  to: number;
  fill: string;
  title: string;
  data?: Record<`data-${string}`, string | number>;
}) {
  const top = scale.y(to);
  return (
    <rect x={x} y={top} width={scale.barWidth} height={Math.max(0, scale.y(from) - top)} fill={fill} {...data}>
      <title>{title}</title>
    </rect>
  );
}

/** A label under the bars, centred on `x`. */
export function AxisLabel({ x, y, children }: { x: number; y: number; children: ReactNode }) {
  return (
    <text x={x} y={y} textAnchor="middle" fontSize={10} fill={LABEL_COLOR}>
      {children}
    </text>
  );
}

/** The series' colours and names; hidden from screen readers, which read the table beside each chart. */
export function ChartLegend({ series }: { series: { key: string; color: string; label: string }[] }) {
  return (
    <div className="trends-legend" aria-hidden="true">
      {series.map(({ key, color, label }) => (
        <span key={key}>
          <span className="trends-legend-swatch" style={{ background: color }} />
          {label}
        </span>
      ))}
    </div>
  );
}
