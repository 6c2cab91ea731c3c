import { z } from "zod";
import { CATEGORY_LIMITS, SLUG_PATTERN } from "./constants";
import { checkbox, clearableText, positiveId, requiredText } from "./fields";
import { SLUG_MESSAGE } from "./messages";
import { COLUMN_LANGUAGES, englishNameOf, type NameColumn } from "../locales";

// Categories and subcategories: the inputs of the admin editor pages and of their /api/admin twins.
// The pages post HTML forms (a checkbox for "active"), the API sends JSON (a boolean); the fields are the same.

const nameField = (label: string) => requiredText(`${label} name is required`, `${label} name`, CATEGORY_LIMITS.name);

/** A slug typed by the admin; blank means "make it from the name" (on create; on edit it keeps the old one). */
const slugField = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() ? v.trim().toLowerCase() : undefined) : v === null ? undefined : v),
  z
    .string({ error: "Slug must be text" })
    .max(CATEGORY_LIMITS.slug, `Slug must be at most ${CATEGORY_LIMITS.slug} characters`)
    .regex(SLUG_PATTERN, SLUG_MESSAGE)
    .optional(),
);

const PARENT_MESSAGE = "Please choose a parent category";
const parentField = z.preprocess((v) => (v === "" || v === null ? undefined : v), positiveId(PARENT_MESSAGE));

/** JSON: true/false (1/0 accepted, as the old client sent them). */
const jsonFlag = z
  .union([z.boolean(), z.literal(1), z.literal(0)], { error: "is_active must be true or false" })
  .transform(Boolean);

/** The name in each column language (lib/locales.ts): optional, as long as the English name may be, blank stored as null. */
const translatedNames = Object.fromEntries(
  COLUMN_LANGUAGES.map((language) => [
    `name_${language}`,
    clearableText(`Name in ${englishNameOf(language)}`, CATEGORY_LIMITS.name),
  ]),
) as Record<NameColumn, ReturnType<typeof clearableText>>;

const categoryFields = {
  name: nameField("Category"),
  ...translatedNames,
  slug: slugField,
  description: clearableText("Description", CATEGORY_LIMITS.description),
  icon: clearableText("Icon", CATEGORY_LIMITS.icon),
};
const subcategoryFields = {
  name: nameField("Subcategory"),
  ...translatedNames,
  slug: slugField,
  icon: clearableText("Icon", CATEGORY_LIMITS.icon),
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

/** PUT /api/admin/categories/{id}: any of the fields (the spec's client sends only is_active). */
export const apiCategoryUpdateSchema = z
  .object({ ...categoryFields, is_active: jsonFlag })
  .partial()
  .refine(
    (v) => Object.values(v).some((x) => x !== undefined),
    "Send at least one field to change (name, slug, description, icon or is_active)",
  );
/** PUT /api/admin/subcategories/{id}. */
export const apiSubcategoryUpdateSchema = z
  .object({ ...subcategoryFields, is_active: jsonFlag })
  .partial()
  .refine(
    (v) => Object.values(v).some((x) => x !== undefined),
    "Send at least one field to change (name, slug, icon, category_id or is_active)",
  );

export type CategoryInput = z.output<typeof categoryFormSchema>;
export type SubcategoryInput = z.output<typeof subcategoryFormSchema>;
export type CategoryChanges = z.output<typeof apiCategoryUpdateSchema>;
export type SubcategoryChanges = z.output<typeof apiSubcategoryUpdateSchema>;

const kind = z.enum(["category", "subcategory"], { error: "Unknown action" });
const itemId = positiveId("Item not found");

/** The list page's posts: activate/deactivate a row, or delete it (after the confirm step). */
export const categoryListIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("toggle"),
      kind,
      id: itemId,
      is_active: z.enum(["0", "1"], { error: "Unknown action" }),
    }),
    z.object({ intent: z.literal("delete"), kind, id: itemId }),
  ],
  { error: "Unknown action" },
);
export type CategoryListIntent = z.output<typeof categoryListIntentSchema>;
