import { formatCount } from "~/lib/format";
import { Form, Link } from "react-router";
import { QUICK_ACTIONS } from "~/lib/admin-nav";
import { getDb } from "~db/client";
import { formatDate } from "~/lib/dates";
import { dashboardOverview } from "~/services/admin-dashboard.server";
import { failedMail } from "~/models/mail-outbox.server";
import { ActivityChart } from "~/components/admin/activity-chart";
import { can } from "~/lib/permissions";
import { seedCatalogue } from "~/services/categories-admin.server";
import { redirectWithFlash, requirePermission } from "~/services/session.server";
import type { Route } from "./+types/dashboard";
import { privatePageMeta } from "~/lib/seo";
import { CardSection } from "~/components/card-section";
import { DataTable } from "~/components/admin/data-table";
import type { ReviewMonth } from "~/models/admin-stats.server";
import { BackupAlert } from "~/components/admin/backup-status";
import { backupView } from "~/services/backup.server";
import { messagesFor } from "~/services/i18n.server";
import { DEFAULT_LOCALE } from "~/lib/locales";

export const meta: Route.MetaFunction = () => privatePageMeta("Dashboard | Admin");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(request, "dashboard.view", context);
  const db = getDb();
  const { stats, notifications, activity, reviewMonths } = await dashboardOverview(db, user);
  const undelivered = can(user.role, "settings.manage") ? await failedMail(db) : null;
  // A failing backup (the last run failed, or none good within twice the schedule): admins only.
  const backup = can(user.role, "settings.manage") ? await backupView(db) : null;
  return {
    stats,
    notifications,
    activity,
    reviewMonths,
    undelivered,
    quickActions: QUICK_ACTIONS.filter((a) => can(user.role, a.permission)),
    canSeed: can(user.role, "seed.run"),
    backup,
    messages: backup?.failing ? messagesFor(DEFAULT_LOCALE, ["admin"]) : undefined,
  };
}

// Initialize Data: the categories and subcategories, idempotent (existing ones are kept as they are).
export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(request, "seed.run", context);
  const message = await seedCatalogue(getDb(), user.actor);
  return redirectWithFlash(request, "/admin", message);
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { stats, notifications, activity, reviewMonths, undelivered, quickActions, canSeed, backup } = loaderData;
  const cards = [
    { label: "Total Sellers", value: stats.total_sellers, icon: "🏪" },
    { label: "Paid Sellers", value: stats.paid_sellers, icon: "💳" },
    { label: "Active Sellers", value: stats.active_sellers, icon: "✅" },
    { label: "Verified Sellers", value: stats.verified_sellers, icon: "🛡️" },
    { label: "Total Reviews", value: stats.total_reviews, icon: "⭐" },
    { label: "Contact Enquiries", value: stats.total_enquiries, icon: "✉️", sub: `${stats.new_enquiries} new` },
    { label: "Newsletter Subscribers", value: stats.newsletter_subscribers, icon: "📰" },
    { label: "Categories", value: stats.total_categories, icon: "🗂️" },
  ];
  return (
    <div className="stack">
      <h1 className="admin-title">Dashboard</h1>
      <ul className="stat-grid" aria-label="Statistics">
        {cards.map((c) => (
          <li key={c.label} className="card stat-card">
            <span className="stat-icon" aria-hidden="true">
              {c.icon}
            </span>
            <span className="stat-label">{c.label}</span>
            <strong className="stat-value">{formatCount(c.value)}</strong>
            {c.sub ? <span className="small muted">{c.sub}</span> : null}
          </li>
        ))}
      </ul>
      {backup ? <BackupAlert backup={backup} /> : null}
      {undelivered?.total ? (
        <CardSection
          id="mail"
          title={<>Mail not delivered ({formatCount(undelivered.total)})</>}
          className="stack mail-failures"
          small
        >
          <p className="muted small">
            These messages failed every try (five, over about a day and a half). Check the SMTP settings; the newest are
            listed.
          </p>
          <ul className="plain-list">
            {undelivered.recent.map((m) => (
              <li key={m.id}>
                <strong>{m.subject}</strong> to {m.to_address}{" "}
                <span className="small muted">
                  · {formatDate(m.created_at)} · {m.attempts} tries{m.last_error ? ` · ${m.last_error}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </CardSection>
      ) : null}
      <CardSection id="activity" title="Activity per week" className="stack" small>
        <ActivityChart weeks={activity} />
      </CardSection>
      <CardSection id="review-months" title="Reviews per month" className="stack" small>
        <ReviewMonths months={reviewMonths} />
      </CardSection>
      <div className="admin-two cols-60">
        <CardSection id="qa" title="Quick Actions" small>
          <div className="row">
            {quickActions.map((a) =>
              a.download ? (
                <a key={a.to} href={a.to} className="btn btn-sm" download>
                  {a.label}
                </a>
              ) : (
                <Link key={a.to} to={a.to} className="btn btn-sm">
                  {a.label}
                </Link>
              ),
            )}
            {canSeed ? (
              <Form method="post">
                <button type="submit" name="intent" value="seed" className="btn btn-sm">
                  Initialize Data
                </button>
              </Form>
            ) : null}
          </div>
        </CardSection>
        <CardSection id="notes" title="Recent Notifications" small>
          {notifications.length ? (
            <ul className="plain-list">
              {notifications.map((n) => (
                <li key={n.id}>
                  <strong>{n.title}</strong>
                  <br />
                  <span className="small">{n.message}</span>{" "}
                  <span className="small muted">· {formatDate(n.created_at)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No new notifications</p>
          )}
        </CardSection>
      </div>
    </div>
  );
}

const monthName = new Intl.DateTimeFormat("en-IN", { month: "short", year: "numeric", timeZone: "UTC" });

/** The share of a month's reviews from verified customers, as a whole percentage ("—" without reviews). */
function verifiedShare(month: ReviewMonth): string {
  return month.received ? `${Math.round((100 * month.verified) / month.received)}%` : "—";
}

/**
 * The reviews received each month (India's time), newest first, and where they stand now: published,
 * rejected, and the share from verified customers (docs/decisions/222-reviews-people-can-trust.md).
 */
function ReviewMonths({ months }: { months: ReviewMonth[] }) {
  return (
    <>
      <p className="small muted">
        Reviews received each month (India&apos;s time) and where they stand now; verified: written through the
        seller&apos;s invitation or after a quote she answered.
      </p>
      <DataTable
        label="Reviews per month: received, published, rejected, verified"
        columns={["Month", "Received", "Published", "Rejected", "Verified"]}
        testId="review-months"
      >
        {months.map((m) => (
          <tr key={m.month}>
            <th scope="row">{monthName.format(new Date(`${m.month}-01T00:00:00Z`))}</th>
            <td>{formatCount(m.received)}</td>
            <td>{formatCount(m.published)}</td>
            <td>{formatCount(m.rejected)}</td>
            <td>
              {formatCount(m.verified)} ({verifiedShare(m)})
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
