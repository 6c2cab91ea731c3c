import type { CSSProperties, ReactNode } from "react";
import { Form } from "react-router";

/**
 * A one-button action of a back-office row or page: a small form posting to the page's own action with
 * a hidden `intent` and the row's fields (`id`, `back`, …). A destructive action asks first (confirm.tsx).
 */
export function IntentButton({
  intent,
  fields = {},
  label,
  danger,
  disabled,
  style,
  children,
}: {
  intent: string;
  fields?: Record<string, string | number>;
  /** The button's accessible name, where its text alone does not say which row it acts on. */
  label?: string;
  danger?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <Form method="post" style={style}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className={`btn btn-sm${danger ? " btn-danger" : ""}`}
        aria-label={label}
        disabled={disabled}
      >
        {children}
      </button>
    </Form>
  );
}
