import { Link } from "react-router";

/** The links that close a finished task (subscribed, applied, confirmed): where to go next, the first one primary. */
export function NextSteps({ links }: { links: readonly (readonly [to: string, label: string])[] }) {
  return (
    <div className="row" style={{ justifyContent: "center" }}>
      {links.map(([to, label], i) => (
        <Link key={to} to={to} className={i === 0 ? "btn btn-primary" : "btn"}>
          {label}
        </Link>
      ))}
    </div>
  );
}
