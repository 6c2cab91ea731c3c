import type { ReactNode } from "react";

/** The card of the sign-in and sign-up pages: an icon, the page's heading and a line under it, then the page's content. */
export function AuthCard({
  icon,
  title,
  lead,
  admin = false,
  wide = false,
  children,
}: {
  icon: ReactNode;
  title: string;
  lead: string;
  admin?: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={admin ? "auth-page auth-page-admin" : "auth-page"}>
      <section className={wide ? "card auth-card auth-card-wide" : "card auth-card"} aria-labelledby="auth-heading">
        <div className="auth-head">
          <span className={admin ? "auth-icon auth-icon-admin" : "auth-icon"} aria-hidden="true">
            {icon}
          </span>
          <h1 id="auth-heading">{title}</h1>
          <p className="muted">{lead}</p>
        </div>
        {children}
      </section>
    </div>
  );
}
