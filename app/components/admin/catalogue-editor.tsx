import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { type FieldMeta, type FormMeta, useForm } from "~/lib/form";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type ReactNode, type RefObject, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { Field, FormErrors, RequiredMark } from "~/components/forms";
import { CATEGORY_LIMITS } from "~/lib/validation/constants";
import { COLUMN_LANGUAGES, columnLanguagesInWords, englishNameOf, type NameColumn, nativeNameOf } from "~/lib/locales";

// The category and subcategory editors' shared frame and fields: the page head with its way back, the
// form with its form-level errors, the slug, icon and active fields, and the save row.

const EDITOR_TEXT = {
  category: { noun: "Category", back: { to: "/admin/categories", label: "Back to Categories" } },
  subcategory: {
    noun: "Subcategory",
    back: { to: "/admin/categories?tab=subcategories", label: "Back to Subcategories" },
  },
} as const;

/**
 * The form state of an editor: conform checks the schema on submit and then as the admin types; the
 * form ref and the last slug made from the name let the slug follow the name on /new until edited.
 */
export function useCatalogueForm<Schema extends z.ZodObject>(
  schema: Schema,
  kind: keyof typeof EDITOR_TEXT,
  edited: { id: number; name: string; slug: string; icon: string | null; is_active: number } | null,
  /** The kind's own fields' starting values. */
  own: Record<string, string>,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  const id = `${kind}-form-${edited?.id ?? "new"}`;
  const defaultValue = edited
    ? {
        name: edited.name,
        slug: edited.slug,
        icon: edited.icon ?? "",
        is_active: edited.is_active ? "on" : undefined,
        ...own,
      }
    : { ...own, is_active: "on" };
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const autoSlug = useRef("");
  const [form, fields] = useForm({
    id,
    lastResult: navigation.state === "idle" ? lastResult : null,
    // The form's values as strings, by field name: what the fields start from.
    defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  /** Sets the slug to `made` unless the admin typed one of their own. */
  const followSlug = (made: string) => {
    const slug = formRef.current?.elements.namedItem("slug") as HTMLInputElement | null;
    if (!slug || (slug.value !== "" && slug.value !== autoSlug.current)) return;
    slug.value = autoSlug.current = made;
  };
  return { kind, editing: edited?.name, form, fields, formRef, followSlug, busy: navigation.state === "submitting" };
}

/** The editor page of a category or subcategory, from its form state (`editing` is undefined on /new). */
export function CatalogueEditorForm({
  editor: { kind, editing, form, formRef, busy },
  children,
}: {
  editor: {
    kind: keyof typeof EDITOR_TEXT;
    editing: string | undefined;
    form: FormMeta;
    formRef: RefObject<HTMLFormElement | null>;
    busy: boolean;
  };
  children: ReactNode;
}) {
  const { noun, back } = EDITOR_TEXT[kind];
  const title = editing === undefined ? `Add ${noun}` : `Edit ${noun}: ${editing}`;
  const submitLabel = editing === undefined ? `Create ${noun}` : `Update ${noun}`;
  return (
    <div className="stack">
      <div className="row" style={{ justifyContent: "space-between" }}>
        <h1 className="admin-title">{title}</h1>
        <Link to={back.to} className="btn btn-sm">
          {back.label}
        </Link>
      </div>
      <Form method="post" {...form.props} ref={formRef} className="form-section">
        <FormErrors errors={form.errors} />
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

export function NameField({ field, onInput }: { field: FieldMeta; onInput: React.FormEventHandler<HTMLInputElement> }) {
  return (
    <Field
      label={<>Name {RequiredMark}</>}
      errors={field.errors}
      inputProps={{ ...getInputProps(field, { type: "text" }), maxLength: CATEGORY_LIMITS.name, onInput }}
    />
  );
}

/** The name in each column language (optional: the English name shows where one is missing). */
export function TranslatedNameFields({ fields }: { fields: Record<NameColumn, FieldMeta> }) {
  const hint = `Optional: shown on the ${columnLanguagesInWords("and")} pages; left blank, the English name is shown there.`;
  return (
    <>
      {COLUMN_LANGUAGES.map((lang) => {
        const field = fields[`name_${lang}`];
        return (
          <Field
            key={lang}
            label={`Name in ${englishNameOf(lang)} (${nativeNameOf(lang)})`}
            errors={field.errors}
            hint={hint}
            inputProps={{ ...getInputProps(field, { type: "text" }), maxLength: CATEGORY_LIMITS.name, lang }}
          />
        );
      })}
    </>
  );
}

export function SlugField({ field, hint }: { field: FieldMeta; hint: string }) {
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

export function IconField({ field, hint }: { field: FieldMeta; hint: string }) {
  return (
    <Field
      label="Icon"
      errors={field.errors}
      hint={hint}
      inputProps={{ ...getInputProps(field, { type: "text" }), maxLength: CATEGORY_LIMITS.icon }}
    />
  );
}

export function ActiveField({ field, note, className }: { field: FieldMeta; note: string; className?: string }) {
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
