import { getInputProps, getTextareaProps, useForm } from "@conform-to/react";
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
import { Field, TextareaField } from "~/components/forms";
import { CATEGORY_LIMITS } from "~/lib/validation/constants";
import { categoryFormSchema } from "~/lib/validation/categories";
import { parseId } from "~/lib/validation/params";
import { slugify } from "~/lib/slug";
import { getCategory } from "~/models/categories-admin.server";
import { readForm } from "~/services/api.server";
import { saveCatalogueItem } from "~/services/categories-admin.server";
import { redirectWithFlash, requirePermission } from "~/services/session.server";
import type { Route } from "./+types/category-editor";
import { privatePageMeta } from "~/lib/seo";

// /admin/categories/new and /admin/categories/edit/:id: one editor for both (app/routes.ts registers it twice).

export const meta: Route.MetaFunction = ({ data: d }) =>
  privatePageMeta(`${d?.category ? "Edit Category" : "Add Category"} | Admin`);

/** The category being edited (404 for an unknown id), or null on /new. */
async function editedCategory(id: string | undefined) {
  if (id === undefined) return null;
  const key = parseId(id);
  const category = key ? await getCategory(getDb(), key) : undefined;
  if (!category) throw data("Category not found. It may have been deleted.", { status: 404 });
  return category;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "categories.manage");
  return { category: await editedCategory(params.id) };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "categories.manage", context);
  const category = await editedCategory(params.id);
  const submission = parseWithZod(await readForm(request), { schema: categoryFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await saveCatalogueItem(getDb(), user.actor, "category", category?.id ?? null, submission.value);
  if (!result.ok) {
    if (result.reason === "not_found") throw data(result.message, { status: 404 });
    // A duplicate name or slug is the admin's input to fix: the form again, values kept, the field's message.
    return data(
      {
        result: submission.reply(
          result.fieldErrors ? { fieldErrors: result.fieldErrors } : { formErrors: [result.message] },
        ),
      },
      { status: 400 },
    );
  }
  return redirectWithFlash(request, "/admin/categories", result.message);
}

export default function CategoryEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { category } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  // On /new the slug follows the name (with JavaScript) until the admin types one of their own.
  const autoSlug = useRef("");
  const [form, fields] = useForm({
    id: `category-form-${category?.id ?? "new"}`,
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    defaultValue: category
      ? {
          name: category.name,
          slug: category.slug,
          description: category.description ?? "",
          icon: category.icon ?? "",
          is_active: category.is_active ? "on" : undefined,
        }
      : { is_active: "on" },
    constraint: getZodConstraint(categoryFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: categoryFormSchema }),
  });
  const title = category ? `Edit Category: ${category.name}` : "Add Category";
  return (
    <CatalogueEditorForm
      title={title}
      back={{ to: "/admin/categories", label: "Back to Categories" }}
      form={form}
      formRef={formRef}
      busy={busy}
      submitLabel={category ? "Update Category" : "Create Category"}
    >
      <Field
        label={<>Name {RequiredMark}</>}
        errors={fields.name.errors}
        inputProps={{
          ...getInputProps(fields.name, { type: "text" }),
          maxLength: CATEGORY_LIMITS.name,
          onInput: (event) => {
            const slug = formRef.current?.elements.namedItem("slug") as HTMLInputElement | null;
            if (category || !slug || (slug.value !== "" && slug.value !== autoSlug.current)) return;
            slug.value = autoSlug.current = slugify(event.currentTarget.value);
          },
        }}
      />
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
