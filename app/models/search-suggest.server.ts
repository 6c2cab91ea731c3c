import { expressionBuilder, sql } from "kysely";
import type { DB } from "~db/client";
import type { Database } from "~db/schema";
import { listActiveCategories } from "./categories.server";
import { categoryWords, soundAlikeBeginnings } from "./search-vocabulary.server";
import { beginningSoundsOf, scriptOf } from "~/lib/search-sound";
import { letterCount } from "~/lib/search-matching";
import { foldWord, searchWords } from "~/lib/search-text";
import { textIndexOf } from "./text-index.server";
import { isPublic } from "./seller-visibility.server";

// Suggestions as the visitor types (GET /api/search/suggest, the home and directory search boxes):
// public sellers' business names, active categories and localities whose words start with the typed
// words. Each typed word must begin a word of the suggestion (the last one is usually half typed).
// Sellers and localities are found through the text index (FTS5 column filters on SQLite, the business
// name's and the locality's own words beside PostgreSQL's documents), a bounded number of candidates in
// id order, then checked word by word here, so both engines suggest the same.

export type Suggestion = { kind: "seller" | "category" | "locality"; label: string; href: string };

/** Fewer typed characters than this suggest nothing (one letter begins too many words to help). */
export const SUGGEST_MIN_LENGTH = 2;
export const SUGGEST_MAX_LENGTH = 100;
export const SUGGEST_LIMIT = 8;
const MAX_CATEGORIES = 2;
const MAX_LOCALITIES = 2;
/** Candidates read from the index, in id order, before the word-by-word check and the ranking. */
const CANDIDATES = 50;

/** A text as the index compares it: Latin accents folded, lower case, marks of other scripts kept. */
const fold = (text: string) => foldWord(text.normalize("NFKC"));

/** Whether every typed word begins one of the words of `label`, as spelt or as it sounds. */
function beginsWords(label: string, typed: string[]): boolean {
  const words = (searchWords(label) ?? []).map((w) => ({
    word: w,
    sounds: beginningSoundsOf(w),
    latin: scriptOf(w) === "latn",
  }));
  return typed.every((t) => {
    const sounds = beginningSoundsOf(t);
    // As she types, a beginning may sound like one of a word of her script (`fulk`, Phulkari); a word of another
    // script from five letters (`fotog`, ಫೋಟೋಗ್ರಾಫರ್), or all of it: `sar` suggests no ಸಾರಿಗೆ (docs/decisions/221-search-as-india-types.md).
    const acrossScripts = letterCount(t) >= 5;
    return words.some(
      (w) =>
        w.word.startsWith(t) ||
        w.sounds.some((s) =>
          sounds.some((b) => s === b || ((w.latin === (scriptOf(t) === "latn") || acrossScripts) && s.startsWith(b))),
        ),
    );
  });
}

/** Labels that start with the whole typed text first, then the rest; alphabetical within each. */
function byCloseness(typed: string) {
  return (a: { label: string }, b: { label: string }) => {
    const sa = fold(a.label).startsWith(typed) ? 0 : 1;
    const sb = fold(b.label).startsWith(typed) ? 0 : 1;
    return sa - sb || a.label.localeCompare(b.label, "en-IN");
  };
}

export async function suggestSearches(db: DB, text: string): Promise<Suggestion[]> {
  const trimmed = text.normalize("NFKC").trim();
  const words = searchWords(trimmed);
  if (!words || [...trimmed].length < SUGGEST_MIN_LENGTH) return [];
  const typed = fold(trimmed).replace(/\s+/g, " ");
  const alternatives = await soundAlikeBeginnings(db, words);
  const [categories, sellers, localities] = await Promise.all([
    listActiveCategories(db),
    sellerCandidates(db, alternatives),
    localityCandidates(db, alternatives),
  ]);
  const close = byCloseness(typed);
  const categoryHits = categories
    .filter((c) => beginsWords(categoryWords(c).join(" "), words))
    .map((c) => ({
      kind: "category" as const,
      label: c.name,
      href: `/directory?category=${encodeURIComponent(c.slug)}`,
    }))
    .sort(close)
    .slice(0, MAX_CATEGORIES);
  const localityHits = localities
    .filter((l) => beginsWords(l, words))
    .map((l) => ({ kind: "locality" as const, label: l, href: `/directory?search=${encodeURIComponent(l)}` }))
    .slice(0, MAX_LOCALITIES);
  const room = SUGGEST_LIMIT - categoryHits.length - localityHits.length;
  const sellerHits = sellers
    .filter((s) => beginsWords(s.business_name, words))
    .map((s) => ({ kind: "seller" as const, label: s.business_name, href: `/seller/${s.id}` }))
    .sort(close)
    .slice(0, room);
  return [...sellerHits, ...categoryHits, ...localityHits];
}

const publicSellers = () => isPublic(expressionBuilder<Database, "sellers">());

/** Public sellers whose business name has every typed word (as a prefix, or a sound-alike), the first CANDIDATES by id. */
async function sellerCandidates(db: DB, words: string[][]): Promise<{ id: number; business_name: string }[]> {
  const { source, id } = textIndexOf(db).prefixesIn("business_name", words);
  const { rows } = await sql<{ id: number; business_name: string }>`select sellers.id, sellers.business_name
    from ${source} and ${publicSellers()}
    order by ${id} limit ${CANDIDATES}`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), business_name: r.business_name }));
}

/** Localities of public sellers with every typed word (as a prefix), most sellers first. */
async function localityCandidates(db: DB, words: string[][]): Promise<string[]> {
  const { source } = textIndexOf(db).prefixesIn("locality", words);
  const { rows } = await sql<{ locality: string | null }>`select min(sellers.locality) as locality
    from ${source} and ${publicSellers()} and sellers.locality is not null
    group by lower(sellers.locality) order by count(*) desc, lower(sellers.locality) limit ${CANDIDATES}`.execute(db);
  return rows.flatMap((r) => (r.locality?.trim() ? [r.locality.trim()] : []));
}
