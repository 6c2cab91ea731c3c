import type { MessageKey } from "~/lib/i18n";
import { LEAD_KINDS, leadChange, type LeadKind } from "~/lib/leads";
import type { SellerLeadReport } from "~/models/leads.server";
import { BarChart } from "./bar-chart";
import { useLocale, useT } from "./i18n";
import { formatCount } from "~/lib/format";

// A listing's leads (docs/decisions/176-leads-first-party-redirect-not-script.md), on the seller's dashboard and on the
// seller's admin page: the last 30 days' total of each kind with its change against the 30 days before, and a bar chart
// per day (profile views, contact taps, requests for quotes and her answers), with every figure per day in its table.

const TAP_KINDS = LEAD_KINDS.filter((k) => k !== "view");
// The words of lib/leads.ts's LEAD_LABELS, in the page's language (the admin's seller page too, in English).
const LABEL_KEYS: Record<LeadKind, MessageKey> = {
  view: "common.accounts.leads.view",
  whatsapp: "common.accounts.leads.whatsapp",
  call: "common.accounts.leads.call",
  website: "common.accounts.leads.website",
  social: "common.accounts.leads.social",
  share: "common.accounts.leads.share",
  directions: "common.accounts.leads.directions",
};
const CHANGE_KEYS: Record<string, MessageKey> = {
  "no change": "common.accounts.leads.noChange",
  new: "common.accounts.leads.new",
};

export function LeadReport({
  report,
  headingId,
  title,
  intro,
}: {
  report: SellerLeadReport;
  headingId: string;
  title?: string;
  intro?: string;
}) {
  const t = useT();
  const locale = useLocale();
  const dayMonth = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" });
  const dayLabel = (iso: string) => dayMonth.format(new Date(`${iso}T00:00:00Z`));
  const quoteLabels = {
    requests: t("common.accounts.leads.quoteRequests"),
    answers: t("common.accounts.leads.quoteAnswers"),
  };
  const series = [
    { key: "view", label: t("common.accounts.leads.view"), className: "chart-views" },
    { key: "taps", label: t("common.accounts.leads.taps"), className: "chart-taps" },
    { key: "requests", label: quoteLabels.requests, className: "chart-requests" },
    { key: "answers", label: quoteLabels.answers, className: "chart-answers" },
  ] as const;
  const tableColumns = [
    ...LEAD_KINDS.map((k) => ({ key: k, label: t(LABEL_KEYS[k]) })),
    { key: "requests" as const, label: quoteLabels.requests },
    { key: "answers" as const, label: quoteLabels.answers },
  ];
  const rows = report.days.map((d) => ({ ...d, taps: TAP_KINDS.reduce((sum, k) => sum + d[k], 0) }));
  const taps = TAP_KINDS.reduce((sum, k) => sum + report.totals[k], 0);
  const figures = [
    ...LEAD_KINDS.map((kind) => ({
      key: kind,
      label: t(LABEL_KEYS[kind]),
      now: report.totals[kind],
      before: report.previous[kind],
    })),
    ...(["requests", "answers"] as const).map((key) => ({
      key,
      label: quoteLabels[key],
      now: report.quotes.totals[key],
      before: report.quotes.previous[key],
    })),
  ];
  return (
    <section className="card card-pad stack lead-report" aria-labelledby={headingId} id="leads">
      <div>
        <h2 id={headingId} style={{ marginBottom: "var(--s-1)" }}>
          {title ?? t("common.accounts.leads.title")}
        </h2>
        {intro ? (
          <p className="small muted" style={{ margin: 0 }}>
            {intro}
          </p>
        ) : null}
      </div>
      <ul className="stat-grid lead-grid" aria-label={t("common.accounts.leads.totals")}>
        {figures.map(({ key, label, now, before }) => {
          const change = leadChange(now, before);
          return (
            <li key={key} className="card stat-card" data-testid={`lead-${key}`}>
              <span className="stat-label">{label}</span>
              <strong className="stat-value" data-testid={`lead-${key}-total`}>
                {formatCount(now, locale)}
              </strong>
              <span className={`small lead-change lead-${change.tone}`} data-testid={`lead-${key}-change`}>
                {CHANGE_KEYS[change.text] ? t(CHANGE_KEYS[change.text]) : change.text}
                <span className="muted"> {t("common.accounts.leads.before", { count: before })}</span>
              </span>
            </li>
          );
        })}
      </ul>
      <BarChart
        rows={rows}
        series={series}
        rowKey={(r) => r.day}
        rowLabel={(r) => dayLabel(r.day)}
        rowDate={(r) => r.day}
        labelEvery={5}
        tableColumns={tableColumns}
        summary={t("common.accounts.leads.summary", {
          views: report.totals.view,
          taps,
          requests: report.quotes.totals.requests,
          answers: report.quotes.totals.answers,
        })}
        caption={t("common.accounts.leads.caption")}
        rowHeader={t("common.accounts.leads.day")}
        testId="lead-chart"
      />
    </section>
  );
}
