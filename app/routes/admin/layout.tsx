import { isRouteErrorResponse, Link, NavLink, Outlet } from "react-router";
import { SignOutButton } from "~/components/account-nav";
import { FlashToast } from "~/components/admin/flash-toast";
import { ADMIN_NAV } from "~/lib/admin-nav";
import { DEFAULT_LOCALE } from "~/lib/locales";
import { can } from "~/lib/permissions";
import { messagesFor } from "~/services/i18n.server";
import { requirePermission, staffOnly, takeFlash } from "~/services/session.server";
import type { Route } from "./+types/layout";

// The portal shell. Its middleware is the staff guard of every page and action below it (a child's
// action runs without this loader, not without the middleware); each child checks its own permission.
export const middleware = [staffOnly];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePermission(request, "dashboard.view", context);
  return {
    user: { name: user.name, email: user.email, role: user.role },
    flash: await takeFlash(request),
    // The back-office is English: the messages of the field rules it shares with the public forms.
    messages: messagesFor(DEFAULT_LOCALE, ["forms"]),
  };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, flash } = loaderData;
  const nav = ADMIN_NAV.filter((item) => can(user.role, item.permission));
  return (
    <div className="admin-shell">
      <aside className="admin-sidebar" aria-label="Admin">
        <div className="admin-sidebar-head">
          <p className="admin-brand">Admin Portal</p>
          <p className="small muted admin-who">
            {user.name} · <span className="chip">{user.role}</span>
          </p>
        </div>
        <nav aria-label="Admin sections">
          <ul className="admin-nav">
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/admin"}>
                  <span aria-hidden="true">{item.icon}</span> {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-sidebar-foot">
          <Link to="/" className="small">
            View website
          </Link>
          <SignOutButton className="btn btn-sm btn-block" />
        </div>
      </aside>
      <div className="admin-main">
        <FlashToast flash={flash} />
        <Outlet />
      </div>
    </div>
  );
}

/** An error inside the portal keeps the staff member in the portal, with a way back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? "Not found" : status === 403 ? "Not allowed" : "Something went wrong";
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string"
      ? error.data
      : "The page could not be shown. Please try again.";
  return (
    <div className="admin-main">
      <title>{`${title} | Admin | BWP Directory`}</title>
      <div className="card card-pad empty-state stack">
        <h1 className="admin-title">{title}</h1>
        <p className="muted">{message}</p>
        <p>
          <Link to="/admin" className="btn btn-primary btn-sm">
            Back to the dashboard
          </Link>
        </p>
      </div>
    </div>
  );
}
