import { Form, Link } from "react-router";
import { useLocalePath, useT } from "./i18n";

export type HeaderUser = { name: string; role: "admin" | "moderator" | "seller" };

function dashboardFor(role: HeaderUser["role"]) {
  return role === "seller"
    ? ({ to: "/seller-dashboard", label: "common.nav.myDashboard" } as const)
    : ({ to: "/admin", label: "common.nav.adminPortal" } as const);
}

/** Sign out: a POST form (works without JavaScript); the whole document reloads, so no page keeps the account's data. */
export function SignOutButton({ className }: { className: string }) {
  const t = useT();
  return (
    <Form method="post" action="/logout" reloadDocument>
      <button type="submit" className={className}>
        {t("common.nav.signOut")}
      </button>
    </Form>
  );
}

/** The signed-in user's corner of the header: who, their dashboard, and sign out (a POST form, so it works without JS). */
export function AccountNav({ user }: { user: HeaderUser }) {
  const t = useT();
  const to = useLocalePath();
  const dash = dashboardFor(user.role);
  const first = user.name.trim().split(/\s+/)[0] || t("common.nav.account");
  return (
    <div className="account-nav">
      <Link
        to={user.role === "seller" ? to(dash.to) : dash.to}
        className="btn btn-ghost btn-sm account-link"
        title={t("common.nav.signedInAs", { name: user.name })}
      >
        <span className="account-avatar" aria-hidden="true" translate="no">
          {first.charAt(0).toUpperCase()}
        </span>
        {t(dash.label)}
      </Link>
      <SignOutButton className="btn btn-ghost btn-sm" />
    </div>
  );
}
