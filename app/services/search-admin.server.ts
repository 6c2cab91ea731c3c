import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { DB } from "~db/client";
import { SEARCH_MAX_LENGTH } from "~/lib/constants";
import { todayIso } from "~/lib/dates";
import { httpStatusOf } from "~/lib/refusal";
import { parseId } from "~/lib/validation/params";
import { firstError, SYNONYM_MESSAGES } from "~/lib/validation/messages";
import { synonymGroupDeleteSchema, synonymGroupFormSchema } from "~/lib/validation/search-synonyms";
import type { Actor } from "~/models/audit.server";
import {
  deleteSynonymGroup,
  getSynonymGroup,
  listSynonymGroupsForStaff,
  saveSynonymGroup,
} from "~/models/search-synonyms.server";
import { listEmptySearches, listTopSearches } from "~/models/search-stats.server";
import { type MatchRule, planSearch } from "~/models/search-vocabulary.server";
import { publicSellersMatchingTerm } from "~/models/sellers.server";
import { listPublicSellers } from "./directory.server";
import { readForm } from "./forms.server";
import { normaliseSearchQuery } from "./search-stats.server";
import { redirectWithFlash } from "./session.server";

// /admin/search: the synonym groups with their add / edit / remove posts, and what visitors searched for
// in the last 30 days (the most frequent searches, and those that found nothing), each a click from a
// new group with its word.

export const STATS_DAYS = 30;
export const STATS_ROWS = 20;
/** A group's form is a few hundred bytes; a post far beyond it is refused (413) before it is read. */
export const SYNONYM_FORM_MAX_BYTES = 32 * 1024;

/** The Indian day STATS_DAYS days back (inclusive of today: 30 days in all). */
export function statsSince(now = new Date()): string {
  return todayIso(new Date(now.getTime() - (STATS_DAYS - 1) * 86_400_000));
}

export async function searchAdminPage(db: DB, params: URLSearchParams) {
  const since = statsSince();
  const tried = (params.get("try") ?? "").trim().slice(0, SEARCH_MAX_LENGTH);
  const [groups, top, empty, explanation] = await Promise.all([
    listSynonymGroupsForStaff(db),
    listTopSearches(db, since, STATS_ROWS),
    listEmptySearches(db, since, STATS_ROWS),
    tried ? explainSearch(db, tried) : null,
  ]);
  // ?edit=id: the form edits that group; an unknown one is a 404 (deleted meanwhile, or a bad link).
  const editParam = params.get("edit");
  let editing: { id: number; terms: string[] } | null = null;
  if (editParam !== null) {
    const id = parseId(editParam);
    editing = id ? await getSynonymGroup(db, id) : null;
    if (!editing) throw data(SYNONYM_MESSAGES.notFound, { status: 404 });
  }
  // ?word=: a new group starting with a searched word (the links of the tables below).
  const word = normaliseSearchQuery(params.get("word") ?? "");
  const confirmId = params.get("confirm") === "delete" ? parseId(params.get("id") ?? undefined) : null;
  const confirm = confirmId ? (groups.find((g) => g.id === confirmId) ?? null) : null;
  // Which group a searched word is in already: its row links to that group instead of a new one.
  const groupOf: Record<string, number> = {};
  for (const g of groups) for (const term of g.terms) groupOf[term] = g.id;
  return { groups, top, empty, editing, word, confirm, groupOf, days: STATS_DAYS, tried, explanation };
}

export type { MatchRule };

export type SearchExplanation = {
  /** the first page of the directory's answer, as a visitor gets it */
  total: number;
  relaxed: boolean;
  /** per word she typed: what it may match and why, with the public sellers each finds (whole word / beginning) */
  words: {
    word: string;
    meaningful: boolean;
    alternatives: { term: string; rule: MatchRule; whole: number; beginning: number }[];
  }[];
  /** the page's sellers, and per word the alternatives found in each */
  results: { id: number; name: string; matched: { word: string; terms: { term: string; rule: MatchRule }[] }[] }[];
};

/**
 * Why a search finds what it finds (so staff can explain a bad match and mend it with a synonym group): each word's alternatives with the
 * rule that put them there (docs/decisions/221-search-as-india-types.md), how many public sellers each finds,
 * and for each seller of the first page which of them she matched. Null when the text has no searchable word.
 */
export async function explainSearch(db: DB, text: string): Promise<SearchExplanation | null> {
  const plan = await planSearch(db, text);
  if (!plan) return null;
  const list = await listPublicSellers(db, {
    search: text,
    category: "",
    city: "",
    featured: false,
    page: 1,
    limit: 12,
  });
  const words = await Promise.all(
    plan.words.map(async (w) => ({
      word: w.word,
      meaningful: w.meaningful,
      alternatives: await Promise.all(
        Object.entries(w.rules).map(async ([term, rule]) => {
          const [whole, beginning] = await Promise.all([
            publicSellersMatchingTerm(db, term, "whole"),
            publicSellersMatchingTerm(db, term, "beginning"),
          ]);
          return { term, rule, wholeIds: whole, beginningIds: beginning };
        }),
      ),
    })),
  );
  return {
    total: list.pagination.total,
    relaxed: list.search?.relaxed ?? false,
    words: words.map((w) => ({
      ...w,
      alternatives: w.alternatives.map(({ term, rule, wholeIds, beginningIds }) => ({
        term,
        rule,
        whole: wholeIds.length,
        beginning: beginningIds.length,
      })),
    })),
    results: list.sellers.map((seller) => ({
      id: seller.id,
      name: seller.business_name ?? seller.owner_name,
      matched: words.map((w) => ({
        word: w.word,
        terms: w.alternatives
          .filter((a) => a.beginningIds.includes(seller.id))
          .map(({ term, rule }) => ({ term, rule })),
      })),
    })),
  };
}

/** The page's posts: save a group (new or edited), or remove one. */
export async function searchAdminAction(request: Request, db: DB, actor: Actor) {
  const form = await readForm(request, SYNONYM_FORM_MAX_BYTES);
  if (form.get("intent") === "delete") {
    const submission = parseWithZod(form, { schema: synonymGroupDeleteSchema });
    if (submission.status !== "success") return data({ error: firstError(submission.error) }, { status: 400 });
    const result = await deleteSynonymGroup(db, actor, submission.value.id);
    if (!result.ok) return data({ error: result.message }, { status: httpStatusOf(result.reason) });
    return redirectWithFlash(request, "/admin/search", SYNONYM_MESSAGES.removed);
  }
  const submission = parseWithZod(form, { schema: synonymGroupFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { id, words } = submission.value;
  const result = await saveSynonymGroup(db, actor, id ?? null, words);
  if (!result.ok) {
    const reply =
      result.reason === "conflict" ? { fieldErrors: { words: [result.message] } } : { formErrors: [result.message] };
    return data({ result: submission.reply(reply) }, { status: httpStatusOf(result.reason) });
  }
  const message = result.created
    ? SYNONYM_MESSAGES.created
    : result.changed
      ? SYNONYM_MESSAGES.updated
      : SYNONYM_MESSAGES.unchanged;
  return redirectWithFlash(request, "/admin/search", message);
}
