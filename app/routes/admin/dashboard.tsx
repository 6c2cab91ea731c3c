import { Link } from "react-router";
import { getDb } from "~db/client";
import { formatDate } from "~/lib/dates";
import { getDashboardStats, recentNotifications } from "~/models/admin-stats.server";
import { requireStaff } from "~/services/session.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin | BWP Directory" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, { allowModerator: true });
  const db = getDb();
  const [stats, notifications] = await Promise.all([getDashboardStats(db), recentNotifications(db, 5)]);
  return { stats, notifications, isAdmin: user.role === "admin" };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { stats, notifications, isAdmin } = loaderData;
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
            <span className="stat-icon" aria-hidden="true">{c.icon}</span>
            <span className="stat-label">{c.label}</span>
            <strong className="stat-value">{c.value.toLocaleString("en-IN")}</strong>
            {c.sub ? <span className="small muted">{c.sub}</span> : null}
          </li>
        ))}
      </ul>
      <div className="admin-two">
        <section className="card card-pad" aria-labelledby="qa-heading">
          <h2 id="qa-heading" className="h3">Quick Actions</h2>
          <div className="row">
            {isAdmin ? (
              <>
                <Link to="/admin/sellers/new" className="btn btn-sm">Add Seller</Link>
                <Link to="/admin/categories" className="btn btn-sm">Add Category</Link>
                <Link to="/admin/sellers?tab=export" className="btn btn-sm">Export Sellers</Link>
              </>
            ) : (
              <>
                <Link to="/admin/reviews" className="btn btn-sm">Moderate Reviews</Link>
                <Link to="/admin/enquiries" className="btn btn-sm">Open Enquiries</Link>
              </>
            )}
          </div>
        </section>
        <section className="card card-pad" aria-labelledby="notes-heading">
          <h2 id="notes-heading" className="h3">Recent Notifications</h2>
          {notifications.length ? (
            <ul className="plain-list">
              {notifications.map((n) => (
                <li key={n.id}><strong>{n.title}</strong><br /><span className="small">{n.message}</span> <span className="small muted">· {formatDate(n.created_at)}</span></li>
              ))}
            </ul>
          ) : <p className="muted">No new notifications</p>}
        </section>
      </div>
    </div>
  );
}
