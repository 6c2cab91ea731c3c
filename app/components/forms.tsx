import { getInputProps } from "@conform-to/react";
import { useId } from "react";
import { useAutoFocusWhenFirstInvalid } from "./first-invalid-field";
import { useT } from "./i18n";
import { IMAGE_MAX_BYTES, MAX_PRODUCT_IMAGES, TEXT_LIMITS } from "~/lib/constants";

// The first-invalid-field scope and the honeypot have modules of their own (the layout and the footer
// need them without the rest); they are re-exported here for the forms.
export {
  FirstInvalidFieldScope,
  InputFocusedWhenFirstInvalid,
  useAutoFocusWhenFirstInvalid,
} from "./first-invalid-field";
export { Honeypot } from "./honeypot-field";
export { ErrorList, ErrorText, type ListOfErrors } from "./error-list";
export { type Choice, ChoiceOptions, titledChoices } from "./choice-options";
import { ErrorList, ErrorText, type ListOfErrors } from "./error-list";

// Field components shared by every form. Errors come from conform (client) or the server's reply (no-JS).

/** The mark of a required field's label (the form says once what it means; screen readers hear `required`). */
export const RequiredMark = (
  <span aria-hidden="true" className="req">
    *
  </span>
);

/**
 * A form's own errors (those of no single field) as an alert. With `fieldsInvalid`, a form without errors
 * of its own still says why it came back: some fields below are marked.
 */
export function FormErrors({
  errors,
  id,
  className,
  fieldsInvalid,
}: {
  errors?: ListOfErrors;
  id?: string;
  className?: string;
  fieldsInvalid?: boolean;
}) {
  const classes = className ? `form-error ${className}` : "form-error";
  if (errors?.some(Boolean))
    return (
      <div className={classes} role="alert" id={id}>
        <ErrorList errors={errors} />
      </div>
    );
  if (!fieldsInvalid) return null;
  return <FieldsInvalid className={classes} />;
}

function FieldsInvalid({ className }: { className: string }) {
  const t = useT();
  return (
    <div className={className} role="alert">
      {t("forms.fieldsInvalid")}
    </div>
  );
}

/** What a form's last post did, said as a status (nothing when there is nothing to say). */
export function FormSuccess({ message, className }: { message: React.ReactNode; className?: string }) {
  if (!message) return null;
  return (
    <p className={className ? `form-success ${className}` : "form-success"} role="status">
      {message}
    </p>
  );
}

/** A form's submit button, disabled while its post is on the way. */
export function SubmitButton({
  busy,
  rowClassName,
  children,
}: {
  busy: boolean;
  /** Sets the button in a row of its own (e.g. "span-2" in a two-column grid). */
  rowClassName?: string;
  children: React.ReactNode;
}) {
  const button = (
    <button type="submit" className="btn btn-primary" disabled={busy}>
      {children}
    </button>
  );
  return rowClassName ? <div className={rowClassName}>{button}</div> : button;
}

/**
 * A checkbox the user ticks to confirm a step (a deletion), its label beside it and its error below. The
 * label follows the box after one space, as one text node.
 */
export function ConfirmCheckField({
  field,
  inputProps,
  label,
}: {
  field: { errors?: string[]; errorId: string };
  inputProps: React.InputHTMLAttributes<HTMLInputElement>;
  label: string;
}) {
  return (
    <div className="field">
      <label className="check-card">
        <input {...inputProps} />
        {` ${label}`}
      </label>
      {field.errors?.length ? (
        <p className="field-error" id={field.errorId}>
          <ErrorText message={field.errors[0]} />
        </p>
      ) : null}
    </div>
  );
}

/** The input of an email address: the email keyboard, the browser's autofill, the length the server allows. */
export function emailInputProps(
  field: Parameters<typeof getInputProps>[0],
  extra: React.InputHTMLAttributes<HTMLInputElement> = {},
) {
  return { ...getInputProps(field, { type: "email" }), autoComplete: "email", maxLength: TEXT_LIMITS.email, ...extra };
}

/** The input of a person's name (the contact and quote forms). */
export function nameInputProps(field: Parameters<typeof getInputProps>[0]) {
  return { ...getInputProps(field, { type: "text" }), autoComplete: "name", maxLength: TEXT_LIMITS.name };
}

/** The input of a mobile number (the contact and quote forms), with an example of its form. */
export function mobileInputProps(field: Parameters<typeof getInputProps>[0]) {
  return { ...getInputProps(field, { type: "tel" }), autoComplete: "tel", placeholder: "+91 98765 43210" };
}

/** A required field's label: its words and the mark. */
export function Required({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children} {RequiredMark}
    </>
  );
}

/** The input of a number typed as text (Aadhaar, UTR): a digit keyboard on phones, never autofilled. */
export function numericCodeProps(field: Parameters<typeof getInputProps>[0], placeholder?: string) {
  return { ...getInputProps(field, { type: "text" }), inputMode: "numeric" as const, autoComplete: "off", placeholder };
}

/** The input of a one-time code (an authenticator's six digits, or a recovery code): offered by the phone's autofill, never corrected. */
export function oneTimeCodeProps(field: Parameters<typeof getInputProps>[0]) {
  return {
    ...getInputProps(field, { type: "text" }),
    autoComplete: "one-time-code",
    autoCapitalize: "none",
    autoCorrect: "off",
    spellCheck: false,
    maxLength: 40,
    required: true,
  };
}

export type FieldBase = { label: React.ReactNode; errors?: ListOfErrors; hint?: React.ReactNode; className?: string };

/** The wiring every labelled control shares: its id, the ids of its hint and errors, and focus when first invalid. */
export function useFieldWiring(
  explicitId: string | undefined,
  errors: ListOfErrors | undefined,
  hint: React.ReactNode,
) {
  const fallbackId = useId();
  const id = explicitId ?? fallbackId;
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const autoFocus = useAutoFocusWhenFirstInvalid(Boolean(errorId)) || undefined;
  const described = {
    id,
    "aria-invalid": errorId ? true : undefined,
    "aria-describedby": [errorId, hintId].filter(Boolean).join(" ") || undefined,
  };
  return { id, errorId, hintId, autoFocus, described };
}

export function FieldFrame({
  label,
  errors,
  hint,
  className,
  wiring,
  children,
}: FieldBase & { wiring: ReturnType<typeof useFieldWiring>; children: React.ReactNode }) {
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={wiring.id}>{label}</label>
      {children}
      {hint ? (
        <p id={wiring.hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={wiring.errorId} errors={errors} />
    </div>
  );
}

export function Field({
  inputProps,
  ...frame
}: FieldBase & { inputProps: React.InputHTMLAttributes<HTMLInputElement> }) {
  const wiring = useFieldWiring(inputProps.id, frame.errors, frame.hint);
  return (
    <FieldFrame {...frame} wiring={wiring}>
      <input className="input" autoFocus={wiring.autoFocus} {...inputProps} {...wiring.described} />
    </FieldFrame>
  );
}

export function TextareaField({
  textareaProps,
  ...frame
}: FieldBase & { textareaProps: React.TextareaHTMLAttributes<HTMLTextAreaElement> }) {
  const wiring = useFieldWiring(textareaProps.id, frame.errors, frame.hint);
  return (
    <FieldFrame {...frame} wiring={wiring}>
      <textarea className="textarea" autoFocus={wiring.autoFocus} {...textareaProps} {...wiring.described} />
    </FieldFrame>
  );
}

export function SelectField({
  selectProps,
  children,
  ...frame
}: FieldBase & { selectProps: React.SelectHTMLAttributes<HTMLSelectElement>; children: React.ReactNode }) {
  const wiring = useFieldWiring(selectProps.id, frame.errors, frame.hint);
  return (
    <FieldFrame {...frame} wiring={wiring}>
      <select className="select" autoFocus={wiring.autoFocus} {...selectProps} {...wiring.described}>
        {children}
      </select>
    </FieldFrame>
  );
}

/** An image upload field (the 200 KB rule is the server's; the hint says it). */
export function ImageFileField({
  label,
  meta,
  multiple,
  className,
  hint,
}: {
  label: React.ReactNode;
  meta: { id: string; name: string; errors?: string[]; required?: boolean };
  multiple?: boolean;
  className?: string;
  hint?: React.ReactNode;
}) {
  const t = useT();
  const kb = IMAGE_MAX_BYTES / 1024;
  return (
    <Field
      className={className}
      label={label}
      errors={meta.errors}
      hint={
        hint ??
        (multiple ? t("forms.image.hintMultiple", { kb, max: MAX_PRODUCT_IMAGES }) : t("forms.image.hint", { kb }))
      }
      inputProps={{
        id: meta.id,
        name: meta.name,
        type: "file",
        accept: "image/jpeg,image/png,image/webp,image/gif",
        multiple,
        required: meta.required,
        className: "input input-file",
      }}
    />
  );
}
