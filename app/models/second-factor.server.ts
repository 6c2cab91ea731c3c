import type { UpdateResult } from "kysely";
import type { DB } from "~db/client";
import { passkeyCount, type SecondFactorFacts } from "./sessions.server";

// A staff member's second factors as stored: the authenticator app's secret (and the last time step
// used), the recovery codes (hashed, each used once) and the passkeys. The rules live in
// services/second-factor.server.ts.

/** The second factors an account has, and when its grace period started. */
export async function secondFactorFactsOf(db: DB, userId: number): Promise<SecondFactorFacts> {
  const row = await db
    .selectFrom("users")
    .select((eb) => ["totp_enabled_at", "created_at", "second_factor_grace_from", passkeyCount(eb)])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return {
    totpEnabledAt: row.totp_enabled_at,
    passkeys: Number(row.passkeys ?? 0),
    graceFrom: row.second_factor_grace_from ?? row.created_at,
  };
}

/** Runs a conditional update: true when it changed a row, false when its condition no longer held. */
async function changedARow(update: { executeTakeFirst(): Promise<UpdateResult> }): Promise<boolean> {
  const result = await update.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export type TotpRow = { secret: string | null; enabledAt: string | null; lastStep: number | null };

export async function totpOf(db: DB, userId: number): Promise<TotpRow | undefined> {
  const row = await db
    .selectFrom("users")
    .select(["totp_secret", "totp_enabled_at", "totp_last_step"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row && { secret: row.totp_secret, enabledAt: row.totp_enabled_at, lastStep: row.totp_last_step };
}

/** Keeps a new secret for an enrolment in progress (never over one in use). */
export async function savePendingTotpSecret(db: DB, userId: number, secret: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ totp_secret: secret })
    .where("id", "=", userId)
    .where("totp_enabled_at", "is", null)
    .execute();
}

/**
 * Turns the authenticator on at the step of the code that proved it, with fresh recovery codes, in one
 * transaction; false when it was turned on meanwhile (another tab).
 */
export async function enableTotp(
  db: DB,
  userId: number,
  input: { step: number; codeHashes: string[]; madeInSession: string; at: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const enabled = await changedARow(
      trx
        .updateTable("users")
        .set({ totp_enabled_at: input.at, totp_last_step: input.step })
        .where("id", "=", userId)
        .where("totp_enabled_at", "is", null),
    );
    if (!enabled) return false;
    await replaceCodes(trx, userId, input.codeHashes, input.madeInSession);
    return true;
  });
}

/** Stores a TOTP secret again (sealed anew), only if it is still the one read: false when it changed meanwhile. */
export async function restoreTotpSecret(db: DB, userId: number, from: string, to: string): Promise<boolean> {
  return changedARow(
    db.updateTable("users").set({ totp_secret: to }).where("id", "=", userId).where("totp_secret", "=", from),
  );
}

/** Every stored TOTP secret, by account (the start-up pass that seals those kept in clear). */
export async function storedTotpSecrets(db: DB): Promise<{ userId: number; stored: string }[]> {
  const rows = await db
    .selectFrom("users")
    .select(["id", "totp_secret"])
    .where("totp_secret", "is not", null)
    .execute();
  return rows.map((r) => ({ userId: r.id, stored: r.totp_secret! }));
}

/** Turns the authenticator off; the recovery codes go too when no passkey is left to recover. */
export async function disableTotp(db: DB, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
      .where("id", "=", userId)
      .execute();
    const passkeys = await trx.selectFrom("passkeys").select("id").where("user_id", "=", userId).executeTakeFirst();
    if (!passkeys) await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  });
}

/**
 * Claims a TOTP time step for a sign-in: one atomic update that succeeds only when the step is later
 * than the last one used, so the same code (or an older one) cannot sign in twice, even in parallel.
 */
export async function claimTotpStep(db: DB, userId: number, step: number): Promise<boolean> {
  return changedARow(
    db
      .updateTable("users")
      .set({ totp_last_step: step })
      .where("id", "=", userId)
      .where("totp_enabled_at", "is not", null)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)])),
  );
}

async function replaceCodes(db: DB, userId: number, hashes: string[], madeInSession: string): Promise<void> {
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  if (hashes.length)
    await db
      .insertInto("recovery_codes")
      .values(
        hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, made_in_session: madeInSession })),
      )
      .execute();
}

/** A new set of recovery codes in place of every old one; `madeInSession` is the making session's fingerprint. */
export async function replaceRecoveryCodes(
  db: DB,
  userId: number,
  hashes: string[],
  madeInSession: string,
): Promise<void> {
  await db.transaction().execute((trx) => replaceCodes(trx, userId, hashes, madeInSession));
}

export type StoredRecoveryCode = { id: number; hash: string; madeInSession: string | null };

/** The recovery codes not used yet, by id with their hashes and the fingerprint of the session that made them. */
export async function unusedRecoveryCodeHashes(db: DB, userId: number): Promise<StoredRecoveryCode[]> {
  const rows = await db
    .selectFrom("recovery_codes")
    .select(["id", "code_hash", "made_in_session"])
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
  return rows.map((r) => ({ id: r.id, hash: r.code_hash, madeInSession: r.made_in_session }));
}

/** Uses up one recovery code (atomic: a code signs in once, even in parallel). */
export async function useRecoveryCode(db: DB, id: number, at: string): Promise<boolean> {
  return changedARow(
    db.updateTable("recovery_codes").set({ used_at: at }).where("id", "=", id).where("used_at", "is", null),
  );
}

export async function unusedRecoveryCodes(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type PasskeyRow = {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
};

export async function listPasskeys(db: DB, userId: number): Promise<PasskeyRow[]> {
  const rows = await db
    .selectFrom("passkeys")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    publicKey: r.public_key,
    counter: r.counter,
    transports: parseTransports(r.transports),
    name: r.name,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
  }));
}

function parseTransports(text: string | null): string[] {
  try {
    const list: unknown = JSON.parse(text ?? "[]");
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

export async function insertPasskey(
  db: DB,
  userId: number,
  passkey: { id: string; publicKey: string; counter: number; transports: string[]; name: string; at: string },
): Promise<void> {
  await db
    .insertInto("passkeys")
    .values({
      id: passkey.id,
      user_id: userId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: JSON.stringify(passkey.transports),
      name: passkey.name,
      created_at: passkey.at,
      last_used_at: null,
    })
    .execute();
}

export async function notePasskeyUse(db: DB, id: string, counter: number, at: string): Promise<void> {
  await db.updateTable("passkeys").set({ counter, last_used_at: at }).where("id", "=", id).execute();
}

/** One of a user's passkeys by id (undefined when it is not hers). */
export async function passkeyOf(db: DB, userId: number, id: string): Promise<{ id: string; name: string } | undefined> {
  return db
    .selectFrom("passkeys")
    .select(["id", "name"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** Removes one of a user's passkeys; false when it was not hers (or is gone already). */
export async function deletePasskey(db: DB, userId: number, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom("passkeys")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (result.numDeletedRows === 0n) return false;
    const left = await trx.selectFrom("passkeys").select("id").where("user_id", "=", userId).executeTakeFirst();
    const totp = await trx.selectFrom("users").select("totp_enabled_at").where("id", "=", userId).executeTakeFirst();
    if (!left && !totp?.totp_enabled_at) await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    return true;
  });
}

/**
 * Removes every second factor of an account (a lost phone, through `npm run user:create -- --update
 * --reset-second-factor`), ends its sessions, and makes the set-up due at once: the next sign-in
 * with the password leads straight to setting up a new one.
 */
export async function resetSecondFactor(db: DB, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({
        totp_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        second_factor_grace_from: new Date(0).toISOString(),
      })
      .where("id", "=", userId)
      .execute();
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    await trx.deleteFrom("passkeys").where("user_id", "=", userId).execute();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
  });
}
