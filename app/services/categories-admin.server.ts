import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { DB } from "~db/client";
import {
  type CategoryChanges,
  categoryFormSchema,
  type SubcategoryChanges,
  subcategoryFormSchema,
} from "~/lib/validation/categories";
import { parseId } from "~/lib/validation/params";
import {
  deleteCategory,
  deleteSubcategory,
  type FieldErrors,
  getCategory,
  getSubcategory,
  saveCategory,
  saveSubcategory,
  seedCategories,
} from "~/models/categories-admin.server";
import { type Actor, writeAudit } from "~/models/audit.server";
import { readForm } from "./forms.server";
import { redirectWithFlash } from "./session.server";

// One path for category and subcategory changes from the pages and the API, with their messages.

export type Kind = "category" | "subcategory";
const LABEL: Record<Kind, string> = { category: "Category", subcategory: "Subcategory" };

export type ChangeResult =
  | { ok: true; id: number; message: string }
  | { ok: false; reason: "invalid" | "not_found" | "conflict"; message: string; fieldErrors?: FieldErrors };

function savedMessage(kind: Kind, created: boolean, changed: string[], isActive: boolean | undefined): string {
  if (created) return `${LABEL[kind]} created successfully!`;
  if (!changed.length) return "No changes to save.";
  if (changed.length === 1 && changed[0] === "is_active")
    return `${LABEL[kind]} ${isActive ? "activated" : "deactivated"} successfully!`;
  return `${LABEL[kind]} updated successfully!`;
}

/** Creates (id null) or changes a category or subcategory. */
export async function saveCatalogueItem(
  db: DB,
  actor: Actor,
  kind: Kind,
  id: number | null,
  input: CategoryChanges | SubcategoryChanges,
): Promise<ChangeResult> {
  const result =
    kind === "category"
      ? await saveCategory(db, actor, id, input as CategoryChanges)
      : await saveSubcategory(db, actor, id, input as SubcategoryChanges);
  if (!result.ok) return result;
  return { ok: true, id: result.id, message: savedMessage(kind, id === null, result.changed, input.is_active) };
}

/** The item an editor page edits: null on /new (no id); an unknown or malformed id is a 404. */
async function editedItem<T>(kind: Kind, id: string | undefined, get: (key: number) => Promise<T | undefined>) {
  if (id === undefined) return null;
  const key = parseId(id);
  const item = key ? await get(key) : undefined;
  if (!item) throw data(`${LABEL[kind]} not found. It may have been deleted.`, { status: 404 });
  return item;
}

export function editedCategory(db: DB, id: string | undefined) {
  return editedItem("category", id, (key) => getCategory(db, key));
}

export function editedSubcategory(db: DB, id: string | undefined) {
  return editedItem("subcategory", id, (key) => getSubcategory(db, key));
}

const EDITOR_SCHEMA = { category: categoryFormSchema, subcategory: subcategoryFormSchema };

/**
 * The post of a category or subcategory editor: the form again with its messages (400, values kept), or
 * the save and a redirect to the list where the saved row is. A duplicate name or slug is the admin's
 * input to fix, so it comes back as the field's message.
 */
export async function saveFromEditor(request: Request, db: DB, actor: Actor, kind: Kind, id: number | null) {
  const submission = parseWithZod(await readForm(request), { schema: EDITOR_SCHEMA[kind] });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await saveCatalogueItem(db, actor, kind, id, submission.value);
  if (!result.ok) {
    if (result.reason === "not_found") throw data(result.message, { status: 404 });
    const reply = result.fieldErrors ? { fieldErrors: result.fieldErrors } : { formErrors: [result.message] };
    return data({ result: submission.reply(reply) }, { status: 400 });
  }
  const list =
    "category_id" in submission.value
      ? `/admin/categories?tab=subcategories&category=${submission.value.category_id}`
      : "/admin/categories";
  return redirectWithFlash(request, list, result.message);
}

/** Deletes a category (with its subcategories) or a subcategory; sellers stay. */
export async function deleteCatalogueItem(db: DB, actor: Actor, kind: Kind, id: number): Promise<ChangeResult> {
  const result = kind === "category" ? await deleteCategory(db, actor, id) : await deleteSubcategory(db, actor, id);
  if (!result.ok) return result;
  const subs =
    kind === "category" && result.subcategories
      ? ` with its ${result.subcategories} subcategor${result.subcategories === 1 ? "y" : "ies"}`
      : "";
  return { ok: true, id, message: `${LABEL[kind]} "${result.name}"${subs} deleted successfully.` };
}

export const SEEDED_MESSAGE = "Seed data created successfully!";

/** "Initialize Data" (dashboard and POST /api/admin/seed-data): the categories and subcategories, idempotent, audited. */
export async function seedCatalogue(db: DB, actor: Actor): Promise<string> {
  await seedCategories(db);
  await writeAudit(db, { action: "seed.categories", actor });
  return SEEDED_MESSAGE;
}
