import type { DB } from "~db/client";
import { keepCachedUntil } from "./response-cache/render-effects.server";
import { sellersOpenAt } from "./open-now.server";
import { isKnownPincode, storedPositionOf } from "~db/pincodes";
import { nearOf } from "~/lib/validation/directory";
import { foldWord } from "~/lib/search-text";
import { versionKey } from "~/models/content-version.server";
import { closestCategories, planSearch, suggestSpelling, type SearchPlan } from "~/models/search-vocabulary.server";
import {
  anyPublicSellerMatches,
  type DirectoryPageQuery,
  listDirectoryPage,
  type NearPlace,
  type Pagination,
  paginationOf,
  type PublicSeller,
  rankPublicSellers,
} from "~/models/sellers.server";

// The directory's list, as a workflow over the models' queries: a listing, or a search (plan the words,
// rank, plan again when the vocabulary was stale, relax, suggest a spelling and the closest categories),
// either of them near a place (nearest first, within a radius: `placeOfNear`) or open now (`open_now`). What the
// directory learns next (transliteration) joins this workflow; the statements stay in the models.

/**
 * How a search went, beside its results (docs/decisions/163-search-what-word-matches.md); only when the visitor gave a
 * text.
 */
export interface SearchOutcome {
  /** no seller matched every word: these are the sellers matching the most of them */
  relaxed: boolean;
  /** the visitor's text with each unknown word replaced by the index's closest one, when that finds sellers */
  did_you_mean: string | null;
  /** the categories whose names are closest to the text, when nothing was found */
  closest_categories: { name: string; slug: string }[];
  /** what was matched, for highlighting: beginnings of words (the visitor's, their forms, synonyms, typo corrections) */
  highlight: { prefixes: string[] };
}

export type PublicSellerList = { sellers: PublicSeller[]; pagination: Pagination; search?: SearchOutcome };

/**
 * The public directory list: one function for the /directory page, the home page and GET /api/sellers.
 * `open_now`: only the sellers open at the moment; the page's cached copy ends when that set changes.
 */
export async function listPublicSellers(
  db: DB,
  options: DirectoryPageQuery & { open_now?: boolean },
): Promise<PublicSellerList> {
  const { open_now: openNow, ...rest } = options;
  const query: DirectoryPageQuery = rest;
  if (openNow) {
    const open = await sellersOpenAt(db);
    keepCachedUntil(open.until);
    query.open = { ids: open.ids, key: open.key };
  }
  const search = query.search.trim();
  if (!search) return listDirectoryPage(db, query);

  // The plan is made with the vocabulary last loaded, unchecked; the ranking statement reads the content
  // version, and a plan made with an older vocabulary is made again (one round trip fewer when current).
  let plan = await planSearch(db, search, { lastKnownVocabulary: true });
  const outcome: SearchOutcome = {
    relaxed: false,
    did_you_mean: null,
    closest_categories: [],
    highlight: highlightOf(plan),
  };
  // Text with no searchable word (only punctuation or emoji) matches nothing.
  if (!plan) return { sellers: [], pagination: paginationOf(query, 0), search: outcome };
  let ranked = await rankPublicSellers(db, plan, "all", query);
  if (ranked.version !== undefined && versionKey(ranked.version) !== plan.version) {
    plan = (await planSearch(db, search))!;
    outcome.highlight = highlightOf(plan);
    ranked = await rankPublicSellers(db, plan, "all", query);
  }
  // Zero results are the last resort: then the sellers matching the most of the words (at least one
  // meaningful word: never a stopword or a word of one or two letters alone), then suggestions.
  if (ranked.total === 0 && plan.words.length > 1) {
    ranked = await rankPublicSellers(db, plan, "any", query);
    outcome.relaxed = ranked.total > 0;
  }
  if (ranked.total === 0 || outcome.relaxed) {
    const suggestion = await suggestSpelling(db, search);
    const suggestedPlan = suggestion ? await planSearch(db, suggestion) : null;
    if (suggestion && suggestedPlan && (await anyPublicSellerMatches(db, suggestedPlan, query)))
      outcome.did_you_mean = suggestion;
    if (ranked.total === 0) outcome.closest_categories = await closestCategories(db, search);
  }
  return { sellers: ranked.sellers, pagination: paginationOf(query, ranked.total), search: outcome };
}

function highlightOf(plan: SearchPlan | null): SearchOutcome["highlight"] {
  const prefixes = new Set<string>();
  for (const word of plan?.words ?? [])
    for (const prefix of [...word.prefixes, ...word.typos[0], ...word.typos[1]]) prefixes.add(foldWord(prefix));
  return { prefixes: [...prefixes] };
}

/**
 * Where `near` (a PIN code or `<lat>,<lng>`) puts the visitor, with `within_km`'s reach: the PIN code's
 * centre as sellers' positions are stored (rounded, db/pincodes.ts: the same PIN code is 0 km away), or the
 * position given. A PIN code that does not exist, one the data set has no centre for, or anything else is
 * refused. Nothing of it is stored or logged (`loggablePath` in services/logger.server.ts).
 */
export function placeOfNear(
  near: string,
  withinKm?: number,
):
  | { ok: true; place: NearPlace | undefined }
  | { ok: false; reason: "malformed" | "unknown" | "no_centre"; pincode?: string } {
  const what = nearOf(near);
  if (what === undefined) return { ok: true, place: undefined };
  if (what === "malformed") return { ok: false, reason: "malformed" };
  if ("position" in what) return { ok: true, place: { centre: what.position, withinKm } };
  const centre = storedPositionOf(what.pincode);
  if (centre) return { ok: true, place: { centre, withinKm } };
  return { ok: false, reason: isKnownPincode(what.pincode) ? "no_centre" : "unknown", pincode: what.pincode };
}
