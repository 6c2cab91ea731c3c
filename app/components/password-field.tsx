import { useId, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { ErrorList, type ListOfErrors, useAutoFocusWhenFirstInvalid } from "./forms";

/**
 * A password input with a show/hide toggle. The toggle needs JavaScript, so it appears only after
 * hydration; without it the field is a plain password input. The value is never pre-filled.
 */
export function PasswordField({
  label,
  errors,
  hint,
  inputProps,
}: {
  label: React.ReactNode;
  errors?: ListOfErrors;
  hint?: React.ReactNode;
  inputProps: Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "defaultValue" | "value">;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const autoFocus = useAutoFocusWhenFirstInvalid(Boolean(errorId)) || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-wrap">
        <input
          className="input"
          autoFocus={autoFocus}
          {...inputProps}
          defaultValue=""
          id={id}
          type={visible ? "text" : "password"}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
        />
        {hydrated ? (
          <button
            type="button"
            className="password-toggle"
            aria-controls={id}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? "Hide" : "Show"}
            <span className="visually-hidden"> password</span>
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
