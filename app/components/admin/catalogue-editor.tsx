import { type FieldMetadata, getFormProps, getInputProps, type FormMetadata } from "@conform-to/react";
import type { ReactNode, RefObject } from "react";
import { Form, Link } from "react-router";
import { ErrorList, Field } from "~/components/forms";
import { CATEGORY_LIMITS } from "~/lib/validation/constants";

// The category and subcategory editors' shared frame and fields: the page head with its way back, the
// form with its form-level errors, the slug, icon and active fields, and the save row.

export const RequiredMark = (
  <span aria-hidden="true" className="req">
    *
  </span>
);

export function CatalogueEditorForm<Schema extends Record<string, unknown>>({
  title,
  back,
  form,
  formRef,
  busy,
  submitLabel,
  children,
}: {
  title: string;
  back: { to: string; label: string };
  form: FormMetadata<Schema>;
  formRef: RefObject<HTMLFormElement | null>;
  busy: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="stack">
      <div className="row" style={{ justifyContent: "space-between" }}>
        <h1 className="admin-title">{title}</h1>
        <Link to={back.to} className="btn btn-sm">
          {back.label}
        </Link>
      </div>
      <Form method="post" {...getFormProps(form)} ref={formRef} className="form-section">
        {form.errors?.length ? (
          <div className="form-error" role="alert">
            <ErrorList errors={form.errors} />
          </div>
        ) : null}
        <div className="form-grid">{children}</div>
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Saving…" : submitLabel}
          </button>
          <Link to={back.to} className="btn">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}

export function SlugField({ field, hint }: { field: FieldMetadata<unknown>; hint: string }) {
  return (
    <Field
      label="Slug"
      errors={field.errors}
      hint={hint}
      inputProps={{
        ...getInputProps(field, { type: "text" }),
        maxLength: CATEGORY_LIMITS.slug,
        spellCheck: false,
        autoCapitalize: "off",
      }}
    />
  );
}

export function IconField({ field, hint }: { field: FieldMetadata<unknown>; hint: string }) {
  return (
    <Field
      label="Icon"
      errors={field.errors}
      hint={hint}
      inputProps={{ ...getInputProps(field, { type: "text" }), maxLength: CATEGORY_LIMITS.icon }}
    />
  );
}

export function ActiveField({
  field,
  note,
  className,
}: {
  field: FieldMetadata<unknown>;
  note: string;
  className?: string;
}) {
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label className="check-line">
        <input {...getInputProps(field, { type: "checkbox" })} />
        <span>
          Active <span className="muted small">({note})</span>
        </span>
      </label>
    </div>
  );
}
