import { isUniqueViolation } from "~db/engine";
import type { DB } from "~db/client";
import { type RefusalReason } from "~/lib/refusal";
import { SYNONYM_MESSAGES, synonymTakenMessage } from "~/lib/validation/messages";
import { type Actor, writeAudit } from "./audit.server";

// The staff's groups of spelling variants and synonyms (/admin/search), applied to the visitor's words at
// query time: a word of a group also finds every other word of it. A word is in one group at most (the
// term is the primary key). Every change is one transaction with its audit row; a change to the words
// moves the content version (a trigger), so cached result pages are rendered again.

/** Every group as its list of words, the groups in id order and each group's words sorted. */
export async function listSynonymGroups(db: DB): Promise<{ id: number; terms: string[] }[]> {
  const rows = await db.selectFrom("search_synonym_terms").select(["group_id", "term"]).orderBy("group_id").execute();
  const groups = new Map<number, string[]>();
  for (const { group_id, term } of rows) groups.set(group_id, [...(groups.get(group_id) ?? []), term]);
  // Sorted here, not by the database: the engines' collations differ beyond ASCII (Devanagari, Kannada).
  return [...groups].map(([id, terms]) => ({ id, terms: terms.sort() }));
}

/** The groups for the back-office list: newest change first, with when each was last changed. */
export async function listSynonymGroupsForStaff(db: DB) {
  const [groups, stamps] = await Promise.all([
    listSynonymGroups(db),
    db.selectFrom("search_synonym_groups").select(["id", "updated_at"]).execute(),
  ]);
  const updated = new Map(stamps.map((s) => [s.id, s.updated_at]));
  return groups
    .map((g) => ({ ...g, updated_at: updated.get(g.id) ?? "" }))
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id);
}

export async function getSynonymGroup(db: DB, id: number): Promise<{ id: number; terms: string[] } | null> {
  const group = await db.selectFrom("search_synonym_groups").select("id").where("id", "=", id).executeTakeFirst();
  if (!group) return null;
  const terms = await db.selectFrom("search_synonym_terms").select("term").where("group_id", "=", id).execute();
  // Sorted here, not by the database: the engines' collations differ beyond ASCII.
  return { id, terms: terms.map((t) => t.term).sort() };
}

export type SynonymChange =
  | { ok: true; id: number; created: boolean; changed: boolean }
  | { ok: false; reason: Extract<RefusalReason, "not_found" | "conflict">; message: string };

/** The first of `terms` that a group other than `exceptGroup` holds, with that group's words. */
async function takenWord(db: DB, terms: string[], exceptGroup: number | null) {
  const clashes = await db
    .selectFrom("search_synonym_terms")
    .select(["term", "group_id"])
    .where("term", "in", terms)
    .$if(exceptGroup !== null, (q) => q.where("group_id", "!=", exceptGroup!))
    .execute();
  const clash = clashes.sort((a, b) => (a.term < b.term ? -1 : 1))[0];
  if (!clash) return null;
  const words = await db
    .selectFrom("search_synonym_terms")
    .select("term")
    .where("group_id", "=", clash.group_id)
    .execute();
  return synonymTakenMessage(clash.term, words.map((w) => w.term).sort());
}

class Refused extends Error {
  constructor(readonly refusal: Extract<SynonymChange, { ok: false }>) {
    super(refusal.message);
  }
}

/**
 * Creates a group (id null) or replaces a group's words, in one transaction with its audit row: either
 * every word is saved or none is. `terms` are normalised, unique single words (the form's schema). A word
 * another group has is refused by name (checked first; a concurrent save that slips past the check
 * trips the primary key, and is answered the same way).
 */
export async function saveSynonymGroup(
  db: DB,
  actor: Actor,
  id: number | null,
  terms: string[],
): Promise<SynonymChange> {
  const sorted = [...new Set(terms)].sort();
  try {
    return await db.transaction().execute(async (trx): Promise<SynonymChange> => {
      const before = id === null ? null : await getSynonymGroup(trx, id);
      if (id !== null && !before)
        throw new Refused({ ok: false, reason: "not_found", message: SYNONYM_MESSAGES.notFound });
      const taken = await takenWord(trx, sorted, id);
      if (taken) throw new Refused({ ok: false, reason: "conflict", message: taken });
      if (before && before.terms.join("\n") === sorted.join("\n"))
        return { ok: true, id: before.id, created: false, changed: false };
      const stamp = new Date().toISOString();
      const groupId = before
        ? before.id
        : (
            await trx
              .insertInto("search_synonym_groups")
              .values({ created_at: stamp, updated_at: stamp })
              .returning("id")
              .executeTakeFirstOrThrow()
          ).id;
      if (before) {
        await trx.updateTable("search_synonym_groups").set({ updated_at: stamp }).where("id", "=", groupId).execute();
        await trx.deleteFrom("search_synonym_terms").where("group_id", "=", groupId).execute();
      }
      await trx
        .insertInto("search_synonym_terms")
        .values(sorted.map((term) => ({ term, group_id: groupId })))
        .execute();
      await writeAudit(trx, {
        action: before ? "search_synonyms.update" : "search_synonyms.create",
        actor,
        targetType: "search_synonym_group",
        targetId: groupId,
        details: before
          ? { changes: { words: [before.terms.join(", "), sorted.join(", ")] } }
          : { after: { words: sorted.join(", ") } },
      });
      return { ok: true, id: groupId, created: !before, changed: true };
    });
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    if (isUniqueViolation(error)) {
      const taken = await takenWord(db, sorted, id);
      return {
        ok: false,
        reason: "conflict",
        message: taken ?? "Another change to these words was saved meanwhile. Please try again.",
      };
    }
    throw error;
  }
}

/** Removes a group and its words, with its audit row (the words removed). */
export async function deleteSynonymGroup(db: DB, actor: Actor, id: number): Promise<SynonymChange> {
  return db.transaction().execute(async (trx): Promise<SynonymChange> => {
    const before = await getSynonymGroup(trx, id);
    if (!before) return { ok: false, reason: "not_found", message: SYNONYM_MESSAGES.notFound };
    await trx.deleteFrom("search_synonym_terms").where("group_id", "=", id).execute();
    await trx.deleteFrom("search_synonym_groups").where("id", "=", id).execute();
    await writeAudit(trx, {
      action: "search_synonyms.delete",
      actor,
      targetType: "search_synonym_group",
      targetId: id,
      details: { before: { words: before.terms.join(", ") } },
    });
    return { ok: true, id, created: false, changed: true };
  });
}
