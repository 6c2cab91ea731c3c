import { z } from "zod";
import { isSingleWord } from "../search-text";
import { SYNONYM_LIMITS } from "./constants";
import { positiveId, tooLong } from "./fields";
import { SYNONYM_MESSAGES } from "./messages";

// /admin/search: a group of spelling variants and synonyms, typed as one field of words separated by
// commas or new lines. Each word is normalised as the search reads the visitor's words (NFKC, lower
// case, trimmed), and must be one word of letters, digits and their marks (an Indic word's virama and vowel
// signs): anything else is refused by name.

/** A typed word as the search compares it. */
export function normaliseSynonymWord(word: string): string {
  return word.normalize("NFKC").trim().toLowerCase();
}

/** The words of the field (unique, in the order typed) and the entries refused, as typed. */
export function splitSynonymWords(text: string): { words: string[]; refused: string[]; tooLong: string[] } {
  const words: string[] = [];
  const refused: string[] = [];
  const long: string[] = [];
  for (const entry of text.split(/[,\n\r;]+/)) {
    const word = normaliseSynonymWord(entry);
    if (!word) continue;
    if (!isSingleWord(word)) refused.push(entry.trim());
    else if ([...word].length > SYNONYM_LIMITS.word) long.push(word);
    else if (!words.includes(word)) words.push(word);
  }
  return { words, refused, tooLong: long };
}

const quoteList = (items: string[]) =>
  items
    .slice(0, 5)
    .map((w) => `“${w.length > 30 ? `${w.slice(0, 29)}…` : w}”`)
    .join(", ") + (items.length > 5 ? ` and ${items.length - 5} more` : "");

const wordsField = z
  .string({ error: SYNONYM_MESSAGES.empty })
  .max(SYNONYM_LIMITS.text, tooLong("Words", SYNONYM_LIMITS.text))
  .transform((text, ctx) => {
    const { words, refused, tooLong: long } = splitSynonymWords(text);
    if (refused.length)
      ctx.addIssue({ code: "custom", message: `${SYNONYM_MESSAGES.singleWords} Refused: ${quoteList(refused)}.` });
    if (long.length)
      ctx.addIssue({
        code: "custom",
        message: `A word can have at most ${SYNONYM_LIMITS.word} characters. Refused: ${quoteList(long)}.`,
      });
    if (refused.length || long.length) return z.NEVER;
    if (!words.length) ctx.addIssue({ code: "custom", message: SYNONYM_MESSAGES.empty });
    else if (words.length < 2) ctx.addIssue({ code: "custom", message: SYNONYM_MESSAGES.tooFew });
    else if (words.length > SYNONYM_LIMITS.words)
      ctx.addIssue({ code: "custom", message: `A group can have at most ${SYNONYM_LIMITS.words} words.` });
    else return words;
    return z.NEVER;
  });

/** The add and edit form of a group (no id: a new group). */
export const synonymGroupFormSchema = z.object({
  intent: z.literal("save", { error: "Unknown action" }),
  id: z.preprocess((v) => (v === "" ? undefined : v), positiveId(SYNONYM_MESSAGES.notFound).optional()),
  words: z.preprocess((v) => (v === undefined || v === null ? "" : v), wordsField),
});

/** The remove button of a group (after its confirm step). */
export const synonymGroupDeleteSchema = z.object({
  intent: z.literal("delete", { error: "Unknown action" }),
  id: positiveId(SYNONYM_MESSAGES.notFound),
});

export type SynonymGroupInput = z.output<typeof synonymGroupFormSchema>;
