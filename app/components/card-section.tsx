import type { ReactNode } from "react";

/** A card of a page, named by its heading (for screen readers' landmarks). */
export function CardSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card card-pad" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}
