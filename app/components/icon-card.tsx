import type { ReactNode } from "react";

/** The narrow centred card of a one-step page (a mail link's page, the newsletter's answer): an icon over its content. */
export function IconCard({ icon, stack = true, children }: { icon: string; stack?: boolean; children: ReactNode }) {
  return (
    <section className="container section narrow">
      <div className={stack ? "card card-pad center-card stack" : "card card-pad center-card"}>
        <div className="icon-bubble" aria-hidden="true">
          {icon}
        </div>
        {children}
      </div>
    </section>
  );
}
