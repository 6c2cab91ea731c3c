import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { allowedEdits, editsWithin, simpleForms } from "~/lib/search-matching";
import { soundOf } from "~/lib/search-sound";
import { foldWord } from "~/lib/search-text";
import { ADDRESS_CAPACITY, addressOf, serial, WORD_CAPACITY, wordOf } from "../support/unique";

// The e2e tests' unique words and client addresses (tests/e2e/fixtures.ts): words two parallel tests
// make must not find each other's data through the search's typo tolerance, nor addresses share a limit.

const sound = (word: string) => soundOf(foldWord(word));

/**
 * Would a search for `query` reach an index word `word` (a beginning of it, a beginning that sounds the
 * same, a typo of it or of a beginning, counted between the sounds)?
 */
function reaches(query: string, word: string): boolean {
  if (word.startsWith(query)) return true;
  for (let length = 3; length <= word.length; length++) if (sound(word.slice(0, length)) === sound(query)) return true;
  const edits = allowedEdits(query);
  if (!edits) return false;
  for (const form of [query, ...simpleForms(query)])
    for (let length = 5; length <= word.length; length++)
      if (editsWithin(sound(form), sound(word.slice(0, length)), edits) <= edits) return true;
  return false;
}

const dir = mkdtempSync(join(tmpdir(), "bwp-unique-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("unique test values", () => {
  it("gives words no search for another reaches, neighbours and the farthest serial numbers alike", () => {
    const serials = [
      ...Array.from({ length: 120 }, (_, i) => i),
      ...Array.from({ length: 40 }, (_, i) => WORD_CAPACITY - 1 - i),
      ...Array.from({ length: 60 }, (_, i) => (i * 7919) % WORD_CAPACITY),
    ];
    const words = [...new Set(serials)].map((n) => `t${wordOf(n)}`);
    expect(new Set(words).size).toBe(words.length);
    for (const a of words) for (const b of words) if (a !== b) expect(reaches(a, b), `${a} → ${b}`).toBe(false);
  });

  it("never hands out a serial number twice, and refuses beyond the capacity", () => {
    const seen = new Set<number>();
    for (let i = 0; i < 300; i++) seen.add(serial(dir, "word", WORD_CAPACITY));
    expect(seen.size).toBe(300);
    expect(() => wordOf(WORD_CAPACITY)).toThrow();
    expect(() => addressOf(ADDRESS_CAPACITY)).toThrow();
    expect(new Set(Array.from({ length: 512 }, (_, i) => addressOf(i * 256 + (i % 256)))).size).toBe(512);
  });
});
