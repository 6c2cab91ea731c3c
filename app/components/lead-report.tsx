import { LEAD_KINDS, LEAD_LABELS, leadChange, type LeadKind } from "~/lib/leads";
import type { SellerLeadReport } from "~/models/leads.server";
import { BarChart } from "./bar-chart";

// A listing's leads (docs/decisions/176-leads-first-party-redirect-not-script.md), on the seller's dashboard and on the
// seller's admin page: the last 30 days' total of each kind with its change against the 30 days before, and a bar chart
// per day (profile views and contact taps), with every kind per day in its table.

const TAP_KINDS = LEAD_KINDS.filter((k) => k !== "view");
const SERIES = [
  { key: "view", label: "Profile views", className: "chart-views" },
  { key: "taps", label: "Contact taps", className: "chart-taps" },
] as const;
const TABLE_COLUMNS: { key: LeadKind; label: string }[] = LEAD_KINDS.map((k) => ({ key: k, label: LEAD_LABELS[k] }));

const dayMonth = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "UTC" });
const dayLabel = (iso: string) => dayMonth.format(new Date(`${iso}T00:00:00Z`));

export function LeadReport({
  report,
  headingId,
  title = "Leads in the last 30 days",
  intro,
}: {
  report: SellerLeadReport;
  headingId: string;
  title?: string;
  intro?: string;
}) {
  const rows = report.days.map((d) => ({ ...d, taps: TAP_KINDS.reduce((sum, k) => sum + d[k], 0) }));
  const taps = TAP_KINDS.reduce((sum, k) => sum + report.totals[k], 0);
  return (
    <section className="card card-pad stack lead-report" aria-labelledby={headingId} id="leads">
      <div>
        <h2 id={headingId} style={{ marginBottom: "var(--s-1)" }}>
          {title}
        </h2>
        {intro ? (
          <p className="small muted" style={{ margin: 0 }}>
            {intro}
          </p>
        ) : null}
      </div>
      <ul className="stat-grid lead-grid" aria-label="Totals of the last 30 days">
        {LEAD_KINDS.map((kind) => {
          const change = leadChange(report.totals[kind], report.previous[kind]);
          return (
            <li key={kind} className="card stat-card" data-testid={`lead-${kind}`}>
              <span className="stat-label">{LEAD_LABELS[kind]}</span>
              <strong className="stat-value" data-testid={`lead-${kind}-total`}>
                {report.totals[kind].toLocaleString("en-IN")}
              </strong>
              <span className={`small lead-change lead-${change.tone}`} data-testid={`lead-${kind}-change`}>
                {change.text}
                <span className="muted"> vs the 30 days before ({report.previous[kind].toLocaleString("en-IN")})</span>
              </span>
            </li>
          );
        })}
      </ul>
      <BarChart
        rows={rows}
        series={SERIES}
        rowKey={(r) => r.day}
        rowLabel={(r) => dayLabel(r.day)}
        labelEvery={5}
        tableColumns={TABLE_COLUMNS}
        summary={`Last 30 days: ${report.totals.view} profile views and ${taps} contact taps (WhatsApp, call, website, social links, share).`}
        caption="Profile views and taps per day, last 30 days"
        rowHeader="Day"
        testId="lead-chart"
      />
    </section>
  );
}
