import type { ReactNode } from "react";

/** The narrow centred card of a one-step page (a mail link's page, the newsletter's answer): an icon, if any, over its content. */
export function IconCard({ icon, stack = true, children }: { icon?: string; stack?: boolean; children: ReactNode }) {
  return (
    <section className="container section narrow">
      <div className={stack ? "card card-pad center-card stack" : "card card-pad center-card"}>
        {icon ? (
          <div className="icon-bubble" aria-hidden="true">
            {icon}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
