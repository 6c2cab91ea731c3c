import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import pLimit from "p-limit";
import { config } from "./config.server";

// scrypt with a per-password salt; the stored form carries its parameters, so a hash made with weaker
// ones is redone at the next successful sign-in. OWASP's current parameters: N=2^17, r=8, p=1.
// PASSWORD_HASH_COST (log2 N, 14 to 20, default 17) lowers it only where speed matters more (the test suites).
const r = 8,
  p = 1,
  KEYLEN = 64;
const MAX_MEMORY = 512 * 1024 * 1024;
// One hash at a time per process: each takes 128·N·r bytes (128 MB at the default cost) on a thread of
// libuv's pool, so four sign-ins at once took 512 MB and all four pool threads (files and images waited).
const hashing = pLimit(1);

export function hashCost(): number {
  return config().passwordHashCost;
}

// Each derivation (a hash or a check) is counted when it is asked for: `total` since the process
// started, `pending` asked for and not yet done (queued behind the one running, or running). The
// `memory` log line carries them, since each running one holds 128·N·r bytes.
const counts = { total: 0, pending: 0 };

/** Password derivations of this process so far, and those waiting or running now. */
export function passwordHashCounts(): { total: number; pending: number } {
  return { ...counts };
}

function derive(password: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  counts.total++;
  counts.pending++;
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, KEYLEN, { N: n, r: rr, p: pp, maxmem: MAX_MEMORY }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  ).finally(() => counts.pending--);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** hashCost();
  const key = await derive(password, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, rr, pp, saltB64, keyB64] = stored.split("$");
  if (scheme !== "scrypt" || !keyB64) return false;
  const expected = Buffer.from(keyB64, "base64");
  const actual = await derive(password, Buffer.from(saltB64, "base64"), Number(n), Number(rr), Number(pp));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made with weaker parameters than today's (then it is redone at sign-in). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, rr, pp] = stored.split("$");
  return scheme !== "scrypt" || Number(n) < 2 ** hashCost() || Number(rr) < r || Number(pp) < p;
}

/** Spends the same time as a real check, so an unknown email cannot be told apart by timing. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("dummy-password-for-timing");
  await verifyPassword(password, await dummyHash);
  return false;
}
