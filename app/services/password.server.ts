import { scrypt, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import { type Algorithm, hash, verify } from "@node-rs/argon2";
import pLimit, { type LimitFunction } from "p-limit";
import { config } from "./config.server";

// Argon2id (OWASP's first choice) with a per-password salt, in the PHC string form that carries its
// parameters, so a hash made with weaker ones (or an scrypt hash from before) is redone at the next
// successful sign-in. OWASP's minimum is m=19 MiB, t=2, p=1; twice the memory costs about 18 ms of a core
// here, and two at once (one per core) still fit in the 64 MiB one hash may take (docs/performance.md).
// The library's Algorithm is a const enum (not importable as a value here): 2 is Argon2id.
const ARGON2 = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 32 * 1024, timeCost: 2, parallelism: 1 } as const;

// The scrypt hashes stored before Argon2id ("scrypt$N$r$p$salt$key") are still checked, never made.
const SCRYPT_KEYLEN = 64;
const SCRYPT_MAX_MEMORY = 512 * 1024 * 1024;

/** Refused because the password work of this process is full: the caller answers 503 with Retry-After. */
export class PasswordHashBusy extends Error {
  readonly retryAfterSeconds = 1;
  constructor() {
    super("The site is busy checking other passwords. Please try again in a moment.");
    this.name = "PasswordHashBusy";
  }
}

export type Busy = { ok: false; status: 503; message: string; retryAfterSeconds: number };

/** The work's result, or the 503 refusal when a hash in it was refused (other errors are thrown on). */
export async function orBusy<T>(work: () => Promise<T>): Promise<T | Busy> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof PasswordHashBusy)) throw error;
    return { ok: false, status: 503, message: error.message, retryAfterSeconds: error.retryAfterSeconds };
  }
}

// At most one derivation per core at a time across the server's worker processes (each has its own
// queue), run on libuv's pool, so the event loop never hashes; at most PASSWORD_HASH_QUEUE more wait
// for one, and the next is refused at once instead of waiting past the answer's budget.
function running(): number {
  return Math.max(1, Math.floor(availableParallelism() / config().webConcurrency));
}
let hashing: LimitFunction | undefined;
function limiter(): LimitFunction {
  const n = running();
  if (hashing?.concurrency !== n) hashing = pLimit(n);
  return hashing;
}

// Each derivation (a hash or a check) is counted when it is asked for: `total` since the process
// started, `pending` asked for and not yet done (waiting for a core, or running). The `memory` log
// line carries them, since each running one holds its memory cost.
const counts = { total: 0, pending: 0 };

/** Password derivations of this process so far, and those waiting or running now. */
export function passwordHashCounts(): { total: number; pending: number } {
  return { ...counts };
}

function derive<T>(work: () => Promise<T>): Promise<T> {
  const limit = limiter();
  if (counts.pending >= limit.concurrency + config().passwordHashQueue) return Promise.reject(new PasswordHashBusy());
  counts.total++;
  counts.pending++;
  return limit(work).finally(() => counts.pending--);
}

/** An Argon2id hash of the password; throws PasswordHashBusy when too many wait already. */
export function hashPassword(password: string): Promise<string> {
  return derive(() => hash(password.normalize("NFKC"), ARGON2));
}

function scryptKey(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, SCRYPT_KEYLEN, { N: n, r, p, maxmem: SCRYPT_MAX_MEMORY }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Whether the password matches a stored Argon2id or scrypt hash; throws PasswordHashBusy like hashPassword. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  if (stored.startsWith("$argon2id$"))
    return derive(() => verify(stored, password.normalize("NFKC"))).catch((error: unknown) => {
      if (error instanceof PasswordHashBusy) throw error;
      return false; // a damaged stored hash matches nothing
    });
  const [scheme, n, r, p, saltB64, keyB64] = stored.split("$");
  if (scheme !== "scrypt" || !keyB64) return false;
  const expected = Buffer.from(keyB64, "base64");
  const actual = await derive(() =>
    scryptKey(password, Buffer.from(saltB64, "base64"), Number(n), Number(r), Number(p)),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a stored hash is scrypt or Argon2id with weaker parameters than today's (then it is redone at sign-in). */
export function needsRehash(stored: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!match) return true;
  const [m, t, p] = match.slice(1).map(Number);
  return m < ARGON2.memoryCost || t < ARGON2.timeCost || p < ARGON2.parallelism;
}

/** Spends the same time as a real check, so an unknown email cannot be told apart by timing. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("dummy-password-for-timing").catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  await verifyPassword(password, await dummyHash);
  return false;
}

/** Today's hash parameters, in words (the bench prints them beside one hash's time). */
export function hashParameters(): string {
  return `argon2id m=${ARGON2.memoryCost / 1024} MiB, t=${ARGON2.timeCost}, p=${ARGON2.parallelism}`;
}
