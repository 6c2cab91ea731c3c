import { getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { getDb } from "~db/client";
import {
  ActiveField,
  CatalogueEditorForm,
  IconField,
  NameField,
  SlugField,
  TranslatedNameFields,
  useCatalogueForm,
} from "~/components/admin/catalogue-editor";
import { RequiredMark, SelectField, TextareaField } from "~/components/forms";
import { CATEGORY_LIMITS } from "~/lib/validation/constants";
import { NAME_COLUMNS, type NameColumn } from "~/lib/locales";
import type { TranslatedNames } from "~/lib/localized";
import { categoryFormSchema, subcategoryFormSchema } from "~/lib/validation/categories";
import { parseId } from "~/lib/validation/params";
import { slugify } from "~/lib/slug";
import { listParentChoices } from "~/models/categories-admin.server";
import { editedCategory, editedSubcategory, type Kind, saveFromEditor } from "~/services/categories-admin.server";
import { requirePermission } from "~/services/session.server";
import type { Route } from "./+types/catalogue-editor";
import { privatePageMeta } from "~/lib/seo";

// /admin/categories/new, /admin/categories/edit/:id, /admin/subcategories/new and
// /admin/subcategories/edit/:id: one editor (app/routes.ts registers it four times); the path says the kind.

function kindOf(request: Request): Kind {
  return new URL(request.url).pathname.startsWith("/admin/subcategories/") ? "subcategory" : "category";
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const kind = d?.kind === "subcategory" ? "Subcategory" : "Category";
  const editing = d ? (d.kind === "category" ? d.category : d.subcategory) : null;
  return privatePageMeta(`${editing ? "Edit" : "Add"} ${kind} | Admin`);
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requirePermission(request, "categories.manage", context);
  const db = getDb();
  if (kindOf(request) === "category")
    return { kind: "category" as const, category: await editedCategory(db, params.id) };
  const [subcategory, parents] = await Promise.all([editedSubcategory(db, params.id), listParentChoices(db)]);
  // ?category_id= preselects the parent on /new (a convenience link target).
  const preset = parseId(new URL(request.url).searchParams.get("category_id") ?? undefined);
  const presetParent = preset && parents.some((p) => p.id === preset) ? String(preset) : "";
  return { kind: "subcategory" as const, subcategory, parents, presetParent };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requirePermission(request, "categories.manage", context);
  const db = getDb();
  const kind = kindOf(request);
  const edited = kind === "category" ? await editedCategory(db, params.id) : await editedSubcategory(db, params.id);
  return saveFromEditor(request, db, user.actor, kind, edited?.id ?? null);
}

type LoaderData = Route.ComponentProps["loaderData"];

const translatedNameValues = (row: TranslatedNames | null) =>
  Object.fromEntries(NAME_COLUMNS.map((column) => [column, row?.[column] ?? ""])) as Record<NameColumn, string>;
type Result = SubmissionResult<string[]> | undefined;

export default function CatalogueItemEditor({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData.kind === "category" ? (
    <CategoryEditor category={loaderData.category} lastResult={actionData?.result} />
  ) : (
    <SubcategoryEditor {...loaderData} lastResult={actionData?.result} />
  );
}

function CategoryEditor({
  category,
  lastResult,
}: {
  category: Extract<LoaderData, { kind: "category" }>["category"];
  lastResult: Result;
}) {
  const editor = useCatalogueForm(
    categoryFormSchema,
    "category",
    category,
    { description: category?.description ?? "", ...translatedNameValues(category) },
    lastResult,
  );
  const { fields, followSlug } = editor;
  return (
    <CatalogueEditorForm editor={editor}>
      <NameField
        field={fields.name}
        // On /new the slug follows the name (with JavaScript) until the admin types one of their own.
        onInput={(event) => (category ? undefined : followSlug(slugify(event.currentTarget.value)))}
      />
      <TranslatedNameFields fields={fields} />
      <SlugField
        field={fields.slug}
        hint={
          category
            ? "The category's address in the directory filters (e.g. home-bakers). Changing it breaks old links."
            : "Made from the name; edit it if you like. Lowercase letters, digits and hyphens."
        }
      />
      <TextareaField
        className="span-2"
        label="Description"
        errors={fields.description.errors}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3, maxLength: CATEGORY_LIMITS.description }}
      />
      <IconField field={fields.icon} hint="An emoji, e.g. 🎁. Left blank, the standard icon of the name is shown." />
      <ActiveField
        field={fields.is_active}
        note="shown in the directory filters and the sign-up and application forms"
      />
    </CatalogueEditorForm>
  );
}

function SubcategoryEditor({
  subcategory,
  parents,
  presetParent,
  lastResult,
}: Omit<Extract<LoaderData, { kind: "subcategory" }>, "kind"> & { lastResult: Result }) {
  const editor = useCatalogueForm(
    subcategoryFormSchema,
    "subcategory",
    subcategory,
    { category_id: subcategory ? String(subcategory.category_id) : presetParent, ...translatedNameValues(subcategory) },
    lastResult,
  );
  const { fields, formRef, followSlug } = editor;
  // On /new the slug follows the parent and the name (as the server would make it) until the admin types their own.
  const followParentAndName = () => {
    const el = formRef.current;
    if (subcategory || !el) return;
    const name = (el.elements.namedItem("name") as HTMLInputElement | null)?.value ?? "";
    const parentId = Number((el.elements.namedItem("category_id") as HTMLSelectElement | null)?.value);
    const parent = parents.find((p) => p.id === parentId)?.name ?? "";
    followSlug(name.trim() ? slugify(`${parent} ${name}`) : "");
  };
  return (
    <CatalogueEditorForm editor={editor}>
      <SelectField
        label={<>Parent category {RequiredMark}</>}
        errors={fields.category_id.errors}
        selectProps={{ ...getSelectProps(fields.category_id), onChange: followParentAndName }}
      >
        <option value="">Choose a category</option>
        {parents.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
            {p.is_active ? "" : " (inactive)"}
          </option>
        ))}
      </SelectField>
      <NameField field={fields.name} onInput={followParentAndName} />
      <TranslatedNameFields fields={fields} />
      <SlugField
        field={fields.slug}
        hint={
          subcategory
            ? "Unique among all subcategories. Changing it breaks old links."
            : "Made from the parent and the name; edit it if you like. Lowercase letters, digits and hyphens."
        }
      />
      <IconField field={fields.icon} hint="An emoji, e.g. 🧁. Left blank, the parent's icon is shown." />
      <ActiveField
        className="span-2"
        field={fields.is_active}
        note="offered in the sign-up and application forms while its category is active"
      />
    </CatalogueEditorForm>
  );
}
