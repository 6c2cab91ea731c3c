import type { DB } from "~db/client";

// The staff's groups of spelling variants and synonyms (/admin/search), applied to the visitor's words at
// query time: a word of a group also finds every other word of it.

/** Every group as its list of words, the groups in id order and each group's words sorted. */
export async function listSynonymGroups(db: DB): Promise<{ id: number; terms: string[] }[]> {
  const rows = await db
    .selectFrom("search_synonym_terms")
    .select(["group_id", "term"])
    .orderBy("group_id")
    .orderBy("term")
    .execute();
  const groups = new Map<number, string[]>();
  for (const { group_id, term } of rows) groups.set(group_id, [...(groups.get(group_id) ?? []), term]);
  return [...groups].map(([id, terms]) => ({ id, terms }));
}
