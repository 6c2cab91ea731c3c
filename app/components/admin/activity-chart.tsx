import type { WeekActivity } from "~/models/admin-stats.server";

// The dashboard's weekly activity: grouped bars drawn on the server as SVG (no script), with the same
// figures as a table for screen readers and anyone who prefers numbers.

const SERIES = [
  { key: "applications", label: "New applications", className: "chart-applications" },
  { key: "reviews", label: "Reviews", className: "chart-reviews" },
  { key: "enquiries", label: "Enquiries", className: "chart-enquiries" },
] as const;

const W = 720,
  H = 240,
  LEFT = 36,
  RIGHT = 8,
  TOP = 12,
  BOTTOM = 28;
const dayMonth = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "UTC" });
const weekLabel = (iso: string) => dayMonth.format(new Date(`${iso}T00:00:00Z`));

/** A round top for the y axis (1, 2, 5 × 10^n) and its four steps. */
function scale(max: number): { top: number; ticks: number[] } {
  if (max <= 4) return { top: 4, ticks: [0, 1, 2, 3, 4] };
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  return { top: step * 4, ticks: [0, 1, 2, 3, 4].map((i) => i * step) };
}

export function ActivityChart({ weeks }: { weeks: WeekActivity[] }) {
  const totals = Object.fromEntries(SERIES.map((s) => [s.key, weeks.reduce((sum, w) => sum + w[s.key], 0)])) as Record<
    (typeof SERIES)[number]["key"],
    number
  >;
  const { top, ticks } = scale(Math.max(0, ...weeks.flatMap((w) => SERIES.map((s) => w[s.key]))));
  const plotW = W - LEFT - RIGHT,
    plotH = H - TOP - BOTTOM;
  const group = plotW / weeks.length;
  const bar = (group * 0.7) / SERIES.length;
  const y = (v: number) => TOP + plotH - (v / top) * plotH;
  const summary = `Last ${weeks.length} weeks: ${totals.applications} new applications, ${totals.reviews} reviews, ${totals.enquiries} enquiries.`;
  return (
    <figure className="activity-chart">
      <ul className="chart-legend" aria-hidden="true">
        {SERIES.map((s) => (
          <li key={s.key}>
            <span className={`chart-swatch ${s.className}`} /> {s.label} ({totals[s.key]})
          </li>
        ))}
      </ul>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} preserveAspectRatio="xMidYMid meet">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={LEFT} x2={W - RIGHT} y1={y(t)} y2={y(t)} className="chart-grid" />
            <text x={LEFT - 6} y={y(t) + 4} textAnchor="end" className="chart-axis">
              {t}
            </text>
          </g>
        ))}
        {weeks.map((w, i) => {
          const x0 = LEFT + i * group + group * 0.15;
          return (
            <g key={w.week_start}>
              {SERIES.map((s, j) => {
                const v = w[s.key];
                return v > 0 ? (
                  <rect
                    key={s.key}
                    x={x0 + j * bar}
                    y={y(v)}
                    width={bar - 1}
                    height={TOP + plotH - y(v)}
                    rx={2}
                    className={s.className}
                  />
                ) : null;
              })}
              {i % 2 === weeks.length % 2 ? null : (
                <text x={LEFT + i * group + group / 2} y={H - 8} textAnchor="middle" className="chart-axis">
                  {weekLabel(w.week_start)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <details className="chart-table">
        <summary>Show as a table</summary>
        <table className="data-table">
          <caption className="visually-hidden">New applications, reviews and enquiries per week</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              {SERIES.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week_start}>
                <th scope="row">{weekLabel(w.week_start)}</th>
                {SERIES.map((s) => (
                  <td key={s.key}>{w[s.key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
