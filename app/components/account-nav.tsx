import { Form, Link } from "react-router";

export type HeaderUser = { name: string; role: "admin" | "moderator" | "seller" };

function dashboardFor(role: HeaderUser["role"]) {
  return role === "seller"
    ? { to: "/seller-dashboard", label: "My Dashboard" }
    : { to: "/admin", label: "Admin Portal" };
}

/** Sign out: a POST form (works without JavaScript); the whole document reloads, so no page keeps the account's data. */
export function SignOutButton({ className }: { className: string }) {
  return (
    <Form method="post" action="/logout" reloadDocument>
      <button type="submit" className={className}>
        Sign out
      </button>
    </Form>
  );
}

/** The signed-in user's corner of the header: who, their dashboard, and sign out (a POST form, so it works without JS). */
export function AccountNav({ user }: { user: HeaderUser }) {
  const dash = dashboardFor(user.role);
  const first = user.name.trim().split(/\s+/)[0] || "Account";
  return (
    <div className="account-nav">
      <Link to={dash.to} className="btn btn-ghost btn-sm account-link" title={`Signed in as ${user.name}`}>
        <span className="account-avatar" aria-hidden="true">
          {first.charAt(0).toUpperCase()}
        </span>
        {dash.label}
      </Link>
      <SignOutButton className="btn btn-ghost btn-sm" />
    </div>
  );
}
