import { Link } from "react-router";

/** A row of links drawn as buttons, the first one primary: where to go next after a task, or a hero's calls to action. */
export function LinkButtons({
  links,
  large = false,
  className = "row",
  centered = false,
}: {
  links: readonly (readonly [to: string, label: string])[];
  large?: boolean;
  className?: string;
  centered?: boolean;
}) {
  const size = large ? " btn-lg" : "";
  return (
    <div className={className} style={centered ? { justifyContent: "center" } : undefined}>
      {links.map(([to, label], i) => (
        <Link key={to} to={to} className={i === 0 ? `btn btn-primary${size}` : `btn${size}`}>
          {label}
        </Link>
      ))}
    </div>
  );
}
