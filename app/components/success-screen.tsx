import type { ReactNode } from "react";
import { Link } from "react-router";
import type { MessageKey } from "~/lib/i18n";
import { useLocalePath, useT } from "./i18n";
import { CheckIcon } from "./icons";

/** What a form says once its post went through: a tick, a heading and what comes next (links, notes). */
export function SuccessScreen({
  title,
  heading: Heading = "h2",
  headingId,
  className,
  children,
}: {
  title: string;
  heading?: "h1" | "h2";
  /** The id a surrounding section's aria-labelledby names. */
  headingId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `${className} success-screen` : "success-screen"} role="status">
      <div className="success-icon" aria-hidden="true">
        <CheckIcon />
      </div>
      <Heading id={headingId}>{title}</Heading>
      {children}
    </div>
  );
}

/**
 * A public form's page once its post went through (`?sent=1`): what happens next, and one way on (a site
 * path, in the page's language). Catalogue keys.
 */
export function FormSent({
  title,
  message,
  link,
}: {
  title: MessageKey;
  message: MessageKey;
  link: [string, MessageKey];
}) {
  const t = useT();
  const to = useLocalePath();
  return (
    <SuccessScreen title={t(title)} headingId="form-heading">
      <p className="muted">{t(message)}</p>
      <Link to={to(link[0])} className="btn btn-primary">
        {t(link[1])}
      </Link>
    </SuccessScreen>
  );
}
