import { z } from "zod";

// Categories and subcategories: the inputs of the admin editor pages and of their /api/admin twins.
// The pages post HTML forms (a checkbox for "active"), the API sends JSON (a boolean); the fields are the same.


export const CATEGORY_LIMITS = { name: 80, slug: 80, description: 500, icon: 16 } as const;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = "Use lowercase letters a–z, digits and single hyphens only (e.g. home-bakers)";

export const CATEGORY_TABS = ["categories", "subcategories"] as const;
export type CategoryTab = (typeof CATEGORY_TABS)[number];

export function categoryTabFrom(params: URLSearchParams): CategoryTab {
  return params.get("tab") === "subcategories" ? "subcategories" : "categories";
}

const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);
/** A blank optional text (form or JSON) is null: the column is cleared. */
const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => (v === undefined ? undefined : v === null ? null : typeof v === "string" && !v.trim() ? null : trimmed(v)),
    z.string({ error: `${label} must be text` }).max(max, `${label} must be at most ${max} characters`).nullable().optional(),
  );

const nameField = (label: string) =>
  z.preprocess(
    trimmed,
    z.string({ error: `${label} name is required` }).min(1, `${label} name is required`).max(CATEGORY_LIMITS.name, `${label} name must be at most ${CATEGORY_LIMITS.name} characters`),
  );

/** A slug typed by the admin; blank means "make it from the name" (on create; on edit it keeps the old one). */
const slugField = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() ? v.trim().toLowerCase() : undefined) : v === null ? undefined : v),
  z.string({ error: "Slug must be text" }).max(CATEGORY_LIMITS.slug, `Slug must be at most ${CATEGORY_LIMITS.slug} characters`).regex(SLUG_PATTERN, SLUG_MESSAGE).optional(),
);

const PARENT_MESSAGE = "Please choose a parent category";
const parentField = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce.number({ error: PARENT_MESSAGE }).int(PARENT_MESSAGE).positive(PARENT_MESSAGE),
);

/** An HTML checkbox: present ("on") is true, absent is false. */
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === "1" || v === true, z.boolean());
/** JSON: true/false (1/0 accepted, as the old client sent them). */
const jsonFlag = z.union([z.boolean(), z.literal(1), z.literal(0)], { error: "is_active must be true or false" }).transform(Boolean);

const categoryFields = {
  name: nameField("Category"),
  slug: slugField,
  description: optionalText(CATEGORY_LIMITS.description, "Description"),
  icon: optionalText(CATEGORY_LIMITS.icon, "Icon"),
};
const subcategoryFields = {
  name: nameField("Subcategory"),
  slug: slugField,
  icon: optionalText(CATEGORY_LIMITS.icon, "Icon"),
  category_id: parentField,
};

/** The category editor page (new and edit). */
export const categoryFormSchema = z.object({ ...categoryFields, is_active: checkbox });
/** The subcategory editor page (new and edit). */
export const subcategoryFormSchema = z.object({ ...subcategoryFields, is_active: checkbox });

/** POST /api/admin/categories: active unless told otherwise. */
export const apiCategoryCreateSchema = z.object({ ...categoryFields, is_active: jsonFlag.default(true) });
/** POST /api/admin/subcategories. */
export const apiSubcategoryCreateSchema = z.object({ ...subcategoryFields, is_active: jsonFlag.default(true) });

const NOTHING_TO_CHANGE = "Send at least one field to change (name, slug, description, icon or is_active)";
/** PUT /api/admin/categories/{id}: any of the fields (the spec's client sends only is_active). */
export const apiCategoryUpdateSchema = z
  .object({ ...categoryFields, is_active: jsonFlag })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), NOTHING_TO_CHANGE);
/** PUT /api/admin/subcategories/{id}. */
export const apiSubcategoryUpdateSchema = z
  .object({ ...subcategoryFields, is_active: jsonFlag })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Send at least one field to change (name, slug, icon, category_id or is_active)");

export type CategoryInput = z.output<typeof categoryFormSchema>;
export type SubcategoryInput = z.output<typeof subcategoryFormSchema>;
export type CategoryChanges = z.output<typeof apiCategoryUpdateSchema>;
export type SubcategoryChanges = z.output<typeof apiSubcategoryUpdateSchema>;

const id = (what: string) => z.coerce.number({ error: `${what} not found` }).int(`${what} not found`).positive(`${what} not found`);
const kind = z.enum(["category", "subcategory"], { error: "Unknown action" });

/** The list page's posts: activate/deactivate a row, or delete it (after the confirm step). */
export const categoryListIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle"), kind, id: id("Item"), is_active: z.enum(["0", "1"], { error: "Unknown action" }) }),
  z.object({ intent: z.literal("delete"), kind, id: id("Item") }),
], { error: "Unknown action" });
export type CategoryListIntent = z.output<typeof categoryListIntentSchema>;

/** The confirm questions of the spec (a category's warning names its subcategories). */
export function deleteQuestion(kind: "category" | "subcategory", name: string, subcategoryCount = 0): string {
  if (kind === "subcategory") return `Are you sure you want to delete the subcategory "${name}"? Sellers keep their categories.`;
  const subs = subcategoryCount === 1 ? "its 1 subcategory" : subcategoryCount ? `all ${subcategoryCount} of its subcategories` : "all its subcategories";
  return `Are you sure you want to delete the category "${name}"? This will also delete ${subs}. Sellers keep their other categories; a seller left with no category stays listed in the directory.`;
}
