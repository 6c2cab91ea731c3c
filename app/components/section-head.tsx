import type { ReactNode } from "react";

/** The head of a page's section: a small line over the heading (the id its section's aria-labelledby names), then any lead. */
export function SectionHead({
  id,
  eyebrow,
  title,
  center = false,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  center?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={center ? "section-head center" : "section-head"}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id}>{title}</h2>
      {children}
    </div>
  );
}
