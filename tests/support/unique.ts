import { closeSync, openSync } from "node:fs";
import { join } from "node:path";

// Values that must differ between every test of a run, in every worker process: search words and client
// addresses. Each process claims blocks of serial numbers by creating a file in the run's folder (an
// exclusive create succeeds in one process only), so no two processes, and no worker started after a
// crash, ever hand out the same number.

const BLOCK = 64;
const blocks = new Map<string, { start: number; used: number }>();

function claimBlock(dir: string, kind: string, capacity: number): number {
  for (let start = 0; start < capacity; start += BLOCK) {
    try {
      closeSync(openSync(join(dir, `${kind}-${start}`), "wx"));
      return start;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  throw new Error(`every ${kind} serial number of this run (${capacity}) is taken: raise the capacity`);
}

/** The next serial number of a kind, unique across the processes sharing `dir`, below `capacity`. */
export function serial(dir: string, kind: string, capacity: number): number {
  let block = blocks.get(kind);
  if (!block || block.used === BLOCK) {
    block = { start: claimBlock(dir, kind, capacity), used: 0 };
    blocks.set(kind, block);
  }
  const n = block.start + block.used++;
  if (n >= capacity) throw new Error(`every ${kind} serial number of this run (${capacity}) is taken`);
  return n;
}

/**
 * The search forgives typos: a word of 5+ letters matches index words (and their beginnings of 5+
 * letters) one edit away, of 9+ letters two edits away (app/lib/search-matching.ts, allowedEdits), and
 * index words it begins (a prefix). It also reads spellings by sound (`soundOf` in app/lib/search-sound.ts:
 * doubled letters are one, w is v, z is j, an h after many consonants is silent) and counts the edits
 * between the sounds. So unique words must also be far apart, as spelt and as they sound.
 *
 * A word's body is eight digits, each written as one letter of its own group of the alphabet, the
 * whole body twice (never a letter twice in a row): seven digits in base 3 (groups abc, def, gij, klm,
 * nop, qrs, tuv) and one in base 2 (xy); h, w and z, which the sounds change, are never used. Six base-3
 * digits and the base-2 digit carry the serial number; the seventh base-3 digit is the sum of the others
 * modulo 3, so two serial numbers differ in at least two digits. The groups are disjoint, so two bodies'
 * letter counts differ by at least 2 digits × 2 letters × 2 copies = 8 (sum of absolute differences). One
 * edit changes that sum by at most 2 (a swap by 0), so two words with the same prefix are 4+ edits apart,
 * and still 3+ from the other's beginnings (2 letters shorter) or plurals: beyond the two edits the search
 * allows. Same length and distinct, neither begins the other; and a body sounds as it is spelt.
 */
export const WORD_CAPACITY = 3 ** 6 * 2;

const GROUPS = ["abc", "def", "gij", "klm", "nop", "qrs", "tuv", "xy"];

export function wordOf(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= WORD_CAPACITY) throw new Error(`no word for serial ${n}`);
  const digits: number[] = [];
  let rest = n;
  for (let i = 0; i < 6; i++) {
    digits.push(rest % 3);
    rest = Math.floor(rest / 3);
  }
  const last = rest; // 0 or 1
  const check = (digits.reduce((a, b) => a + b, 0) + last) % 3;
  const body = [...digits, check, last].map((d, group) => GROUPS[group][d]).join("");
  return body + body;
}

/** 198.18.0.0/15 (benchmarking, never routed): 2^17 addresses. */
export const ADDRESS_CAPACITY = 2 ** 17;

export function addressOf(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= ADDRESS_CAPACITY) throw new Error(`no address for serial ${n}`);
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}
