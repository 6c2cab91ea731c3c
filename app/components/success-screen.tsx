import type { ReactNode } from "react";
import { Link } from "react-router";
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

/** A public form's page once its post went through (`?sent=1`): what happens next, and one way on. */
export function FormSent({
  title,
  message,
  link,
}: {
  title: string;
  message: string;
  link: { to: string; label: string };
}) {
  return (
    <SuccessScreen title={title} headingId="form-heading">
      <p className="muted">{message}</p>
      <Link to={link.to} className="btn btn-primary">
        {link.label}
      </Link>
    </SuccessScreen>
  );
}
