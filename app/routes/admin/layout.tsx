import { Form, Link, NavLink, Outlet } from "react-router";
import { ADMIN_NAV } from "~/lib/admin-nav";
import { requireStaff } from "~/services/session.server";
import type { Route } from "./+types/layout";

// The portal shell. Its loader guards too, but every child loader and action guards itself:
// a child's action runs without this loader.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, { allowModerator: true });
  return { user: { name: user.name, email: user.email, role: user.role } };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const nav = ADMIN_NAV.filter((item) => user.role === "admin" || item.moderator);
  return (
    <div className="admin-shell">
      <aside className="admin-sidebar" aria-label="Admin">
        <div className="admin-sidebar-head">
          <p className="admin-brand">Admin Portal</p>
          <p className="small muted admin-who">{user.name} · <span className="chip">{user.role}</span></p>
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
          <Link to="/" className="small">View website</Link>
          <Form method="post" action="/logout" reloadDocument>
            <button type="submit" className="btn btn-sm btn-block">Sign out</button>
          </Form>
        </div>
      </aside>
      <div className="admin-main">
        <Outlet />
      </div>
    </div>
  );
}
