import { getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useRef } from "react";
import { data, useNavigation } from "react-router";
import { getDb } from "~db/client";
import {
  ActiveField,
  CatalogueEditorForm,
  IconField,
  RequiredMark,
  SlugField,
} from "~/components/admin/catalogue-editor";
import { Field, SelectField } from "~/components/forms";
import { CATEGORY_LIMITS } from "~/lib/validation/constants";
import { subcategoryFormSchema } from "~/lib/validation/categories";
import { parseId } from "~/lib/validation/params";
import { slugify } from "~/lib/slug";
import { getSubcategory, listParentChoices } from "~/models/categories-admin.server";
import { readForm } from "~/services/api.server";
import { saveCatalogueItem } from "~/services/categories-admin.server";
import { redirectWithFlash, requirePermission } from "~/services/session.server";
import type { Route } from "./+types/subcategory-editor";
import { privatePageMeta } from "~/lib/seo";

// /admin/subcategories/new and /admin/subcategories/edit/:id: one editor for both (app/routes.ts registers it twice).

export const meta: Route.MetaFunction = ({ data: d }) =>
  privatePageMeta(`${d?.subcategory ? "Edit Subcategory" : "Add Subcategory"} | Admin`);

/** The subcategory being edited (404 for an unknown id), or null on /new. */
async function editedSubcategory(id: string | undefined) {
  if (id === undefined) return null;
  const key = parseId(id);
  const subcategory = key ? await getSubcategory(getDb(), key) : undefined;
  if (!subcategory) throw data("Subcategory not found. It may have been deleted.", { status: 404 });
  return subcategory;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "categories.manage");
  const [subcategory, parents] = await Promise.all([editedSubcategory(params.id), listParentChoices(getDb())]);
  // ?category_id= preselects the parent on /new (a convenience link target).
  const preset = parseId(new URL(request.url).searchParams.get("category_id") ?? undefined);
  return { subcategory, parents, preset: preset && parents.some((p) => p.id === preset) ? String(preset) : "" };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "categories.manage", context);
  const subcategory = await editedSubcategory(params.id);
  const submission = parseWithZod(await readForm(request), { schema: subcategoryFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await saveCatalogueItem(getDb(), user.actor, "subcategory", subcategory?.id ?? null, submission.value);
  if (!result.ok) {
    if (result.reason === "not_found") throw data(result.message, { status: 404 });
    return data(
      {
        result: submission.reply(
          result.fieldErrors ? { fieldErrors: result.fieldErrors } : { formErrors: [result.message] },
        ),
      },
      { status: 400 },
    );
  }
  // Back to the list of its parent's subcategories, where the saved row is.
  return redirectWithFlash(
    request,
    `/admin/categories?tab=subcategories&category=${submission.value.category_id}`,
    result.message,
  );
}

export default function SubcategoryEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { subcategory, parents, preset } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const autoSlug = useRef("");
  const [form, fields] = useForm({
    id: `subcategory-form-${subcategory?.id ?? "new"}`,
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    defaultValue: subcategory
      ? {
          name: subcategory.name,
          slug: subcategory.slug,
          icon: subcategory.icon ?? "",
          category_id: String(subcategory.category_id),
          is_active: subcategory.is_active ? "on" : undefined,
        }
      : { category_id: preset, is_active: "on" },
    constraint: getZodConstraint(subcategoryFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: subcategoryFormSchema }),
  });
  // On /new the slug follows the parent and the name (as the server would make it) until the admin types their own.
  const followSlug = () => {
    const el = formRef.current;
    if (subcategory || !el) return;
    const slug = el.elements.namedItem("slug") as HTMLInputElement | null;
    const name = (el.elements.namedItem("name") as HTMLInputElement | null)?.value ?? "";
    const parentId = Number((el.elements.namedItem("category_id") as HTMLSelectElement | null)?.value);
    if (!slug || (slug.value !== "" && slug.value !== autoSlug.current)) return;
    const parent = parents.find((p) => p.id === parentId)?.name ?? "";
    slug.value = autoSlug.current = name.trim() ? slugify(`${parent} ${name}`) : "";
  };
  const title = subcategory ? `Edit Subcategory: ${subcategory.name}` : "Add Subcategory";
  return (
    <CatalogueEditorForm
      title={title}
      back={{ to: "/admin/categories?tab=subcategories", label: "Back to Subcategories" }}
      form={form}
      formRef={formRef}
      busy={busy}
      submitLabel={subcategory ? "Update Subcategory" : "Create Subcategory"}
    >
      <SelectField
        label={<>Parent category {RequiredMark}</>}
        errors={fields.category_id.errors}
        selectProps={{ ...getSelectProps(fields.category_id), onChange: followSlug }}
      >
        <option value="">Choose a category</option>
        {parents.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
            {p.is_active ? "" : " (inactive)"}
          </option>
        ))}
      </SelectField>
      <Field
        label={<>Name {RequiredMark}</>}
        errors={fields.name.errors}
        inputProps={{
          ...getInputProps(fields.name, { type: "text" }),
          maxLength: CATEGORY_LIMITS.name,
          onInput: followSlug,
        }}
      />
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
