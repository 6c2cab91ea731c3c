import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { FieldFrame, type ListOfErrors, useFieldWiring } from "./forms";
import { T } from "./i18n";

/**
 * A password input with a show/hide toggle. The toggle needs JavaScript, so it appears only after
 * hydration; without it the field is a plain password input. The value is never pre-filled.
 */
export function PasswordField({
  label,
  field,
  errors = field?.errors,
  hint,
  inputProps,
}: {
  label: React.ReactNode;
  /** A conform field: its id, name and errors. */
  field?: { id: string; name: string; errors?: string[] };
  errors?: ListOfErrors;
  hint?: React.ReactNode;
  inputProps: Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "defaultValue" | "value">;
}) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  const wiring = useFieldWiring(field?.id ?? inputProps.id, errors, hint);
  return (
    <FieldFrame label={label} errors={errors} hint={hint} wiring={wiring}>
      <div className="password-wrap">
        <input
          className="input"
          autoFocus={wiring.autoFocus}
          name={field?.name}
          {...inputProps}
          defaultValue=""
          type={visible ? "text" : "password"}
          {...wiring.described}
        />
        {hydrated ? (
          <button
            type="button"
            className="password-toggle"
            aria-controls={wiring.id}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            <T
              k={visible ? "common.accounts.password.hideToggle" : "common.accounts.password.showToggle"}
              components={{ what: (text) => <span className="visually-hidden">{text}</span> }}
            />
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
}
