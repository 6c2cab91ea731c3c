import type { ReactNode } from "react";
import { useT } from "./i18n";

// Grouped bars drawn on the server as SVG (no script), with the same figures as a table for screen readers
// and anyone who prefers numbers. The admin dashboard's weekly activity and a seller's daily leads use it.

export type ChartSeries<K extends string> = { key: K; label: string; className: string };

const W = 720,
  H = 240,
  LEFT = 36,
  RIGHT = 8,
  TOP = 12,
  BOTTOM = 28;

/** A round top for the y axis (1, 2, 5 × 10^n) and its four steps. */
function scale(max: number): { top: number; ticks: number[] } {
  if (max <= 4) return { top: 4, ticks: [0, 1, 2, 3, 4] };
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  return { top: step * 4, ticks: [0, 1, 2, 3, 4].map((i) => i * step) };
}

export function BarChart<K extends string, R extends Record<K, number>>({
  rows,
  series,
  rowKey,
  rowLabel,
  rowDate,
  summary,
  caption,
  rowHeader,
  labelEvery = 2,
  tableColumns = series,
  className = "activity-chart",
  testId,
}: {
  rows: R[];
  series: readonly ChartSeries<K>[];
  rowKey: (row: R) => string;
  /** the x axis's and the table's label of a row */
  rowLabel: (row: R) => string;
  /** a row's date (YYYY-MM-DD), where its label is one written by Intl: the table's label is then a <time> */
  rowDate?: (row: R) => string;
  /** the chart's text alternative */
  summary: string;
  caption: string;
  /** the table's first column heading */
  rowHeader: string;
  /** one axis label every this many rows (counted from the last) */
  labelEvery?: number;
  /** the table's columns (by default the bars') */
  tableColumns?: readonly { key: K; label: string }[];
  className?: string;
  testId?: string;
}): ReactNode {
  const totals = Object.fromEntries(series.map((s) => [s.key, rows.reduce((sum, r) => sum + r[s.key], 0)])) as Record<
    K,
    number
  >;
  const { top, ticks } = scale(Math.max(0, ...rows.flatMap((r) => series.map((s) => r[s.key]))));
  const plotW = W - LEFT - RIGHT,
    plotH = H - TOP - BOTTOM;
  const tr = useT();
  const group = plotW / Math.max(1, rows.length);
  const bar = (group * 0.7) / series.length;
  const y = (v: number) => TOP + plotH - (v / top) * plotH;
  return (
    <figure className={className} data-testid={testId}>
      <ul className="chart-legend" aria-hidden="true">
        {series.map((s) => (
          <li key={s.key}>
            <span className={`chart-swatch ${s.className}`} /> {s.label} ({totals[s.key]})
          </li>
        ))}
      </ul>
      {/* On a phone the chart keeps a readable size and scrolls sideways (a focusable region, for keyboards). */}
      <div
        className="chart-scroll"
        tabIndex={0}
        role="region"
        aria-label={tr("common.accounts.chart.region", { caption })}
      >
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} preserveAspectRatio="xMidYMid meet">
          {ticks.map((t) => (
            <g key={t}>
              <line x1={LEFT} x2={W - RIGHT} y1={y(t)} y2={y(t)} className="chart-grid" />
              <text x={LEFT - 6} y={y(t) + 4} textAnchor="end" className="chart-axis">
                {t}
              </text>
            </g>
          ))}
          {rows.map((r, i) => {
            const x0 = LEFT + i * group + group * 0.15;
            return (
              <g key={rowKey(r)}>
                {series.map((s, j) => {
                  const v = r[s.key];
                  return v > 0 ? (
                    <rect
                      key={s.key}
                      x={x0 + j * bar}
                      y={y(v)}
                      width={Math.max(1, bar - 1)}
                      height={TOP + plotH - y(v)}
                      rx={2}
                      className={s.className}
                    />
                  ) : null;
                })}
                {(rows.length - 1 - i) % labelEvery ? null : (
                  <text x={LEFT + i * group + group / 2} y={H - 8} textAnchor="middle" className="chart-axis">
                    {rowLabel(r)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <details className="chart-table">
        <summary>{tr("common.accounts.chart.showTable")}</summary>
        {/* Focusable: keyboard users scroll a table wider than a phone (axe scrollable-region-focusable). */}
        <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
          <table className="data-table">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{rowHeader}</th>
                {tableColumns.map((s) => (
                  <th key={s.key} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={rowKey(r)}>
                  <th scope="row">{rowDate ? <time dateTime={rowDate(r)}>{rowLabel(r)}</time> : rowLabel(r)}</th>
                  {tableColumns.map((s) => (
                    <td key={s.key}>{r[s.key]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
