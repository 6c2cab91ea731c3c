import { Fragment, useId } from "react";
import { ErrorList, type ListOfErrors } from "./error-list";
import { useAutoFocusWhenFirstInvalid } from "./first-invalid-field";

// Apart from the form kit (forms.tsx): only the review form uses it, and the other forms' pages should not
// download it.

/** 1–5 star radio group: keyboard and no-JS friendly. */
export function StarRatingField({
  name,
  defaultValue,
  errors,
  legend = "Your rating",
  starLabel,
}: {
  name: string;
  defaultValue?: string;
  errors?: ListOfErrors;
  legend?: string;
  /** The name of each choice ("4 stars"), in the page's language. */
  starLabel: (n: number) => string;
}) {
  const id = useId();
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const autoFocus = useAutoFocusWhenFirstInvalid(Boolean(errorId)) || undefined;
  return (
    <fieldset className="field" aria-describedby={errorId}>
      <legend className="label">{legend}</legend>
      <div className="star-input">
        {[5, 4, 3, 2, 1].map((n) => (
          <Fragment key={n}>
            <input
              type="radio"
              id={`${id}-${n}`}
              name={name}
              value={n}
              defaultChecked={defaultValue === String(n)}
              autoFocus={n === 5 ? autoFocus : undefined}
            />
            <label htmlFor={`${id}-${n}`} title={starLabel(n)}>
              ★<span className="visually-hidden">{starLabel(n)}</span>
            </label>
          </Fragment>
        ))}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}
