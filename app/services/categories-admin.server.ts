import type { DB } from "~db/client";
import type { CategoryChanges, SubcategoryChanges } from "~/lib/validation/categories";
import {
  deleteCategory,
  deleteSubcategory,
  type FieldErrors,
  saveCategory,
  saveSubcategory,
  seedCategories,
} from "~/models/categories-admin.server";
import { type Actor, writeAudit } from "~/models/audit.server";

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
  await writeAudit(db, { action: "seed.categories", actorUserId: actor.id, actorEmail: actor.email, ip: actor.ip });
  return SEEDED_MESSAGE;
}
