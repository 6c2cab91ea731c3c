import { Link } from "react-router";

/**
 * A public page that is only a notice (a seller not found, a section coming soon): an icon, a heading, a
 * line, and one way on. `status`: the line is announced as the page's state.
 */
export function PageNotice({
  icon,
  title,
  message,
  status = false,
  link,
}: {
  icon: string;
  title: string;
  message: string;
  status?: boolean;
  link: { to: string; label: string };
}) {
  return (
    <div className="container section empty-state">
      <div className="icon" aria-hidden="true">
        {icon}
      </div>
      <h1>{title}</h1>
      <p className="muted" role={status ? "status" : undefined}>
        {message}
      </p>
      <Link to={link.to} className="btn btn-primary">
        {link.label}
      </Link>
    </div>
  );
}
