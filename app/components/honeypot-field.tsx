import { useId } from "react";
import { HONEYPOT_FIELD } from "~/lib/honeypot";

/** Bots fill every field; people never see this one. A filled honeypot refuses the post. */
export function Honeypot() {
  const id = `hp-${HONEYPOT_FIELD}-${useId()}`;
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id} translate="no">
        Leave this field empty
      </label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
