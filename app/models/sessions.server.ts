import type { DB } from "~db/client";
import type { ExpressionBuilder } from "kysely";
import type { Database, User } from "~db/schema";

/** How many passkeys the account of the row has, as the column `passkeys` (one subquery for every query that needs it). */
export function passkeyCount(eb: ExpressionBuilder<Database, "users">) {
  return eb
    .selectFrom("passkeys")
    .select((p) => p.fn.countAll<number>().as("n"))
    .whereRef("passkeys.user_id", "=", "users.id")
    .as("passkeys");
}

// The sessions table: one row per signed-in browser (the cookie holds only its random id). A row with
// awaiting_second_factor = 1 is a staff sign-in half done (the password was right): it signs nobody in.

export type SessionUserRow = Pick<User, "id" | "email" | "name" | "role" | "mobile" | "city" | "locality">;

/** What the second-factor rules need to know of a signed-in staff member. */
export type SecondFactorFacts = {
  totpEnabledAt: string | null;
  passkeys: number;
  /** when the grace period for setting one up started */
  graceFrom: string;
};

export type SessionRecord = {
  user: SessionUserRow;
  secondFactor: SecondFactorFacts;
  awaitingSecondFactor: boolean;
  lastSeenAt: string;
};

/** A session that has not expired, with its active user, or undefined. */
export async function findSession(
  db: DB,
  id: string,
  now = new Date().toISOString(),
): Promise<SessionRecord | undefined> {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select((eb) => [
      "users.id",
      "users.email",
      "users.name",
      "users.role",
      "users.mobile",
      "users.city",
      "users.locality",
      "users.is_active",
      "users.totp_enabled_at",
      "users.created_at as user_created_at",
      "users.second_factor_grace_from",
      "sessions.expires_at",
      "sessions.created_at",
      "sessions.last_seen_at",
      "sessions.awaiting_second_factor",
      passkeyCount(eb),
    ])
    .where("sessions.id", "=", id)
    .executeTakeFirst();
  if (!row || row.is_active !== 1 || row.expires_at <= now) return undefined;
  return {
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      mobile: row.mobile,
      city: row.city,
      locality: row.locality,
    },
    secondFactor: {
      totpEnabledAt: row.totp_enabled_at,
      passkeys: Number(row.passkeys ?? 0),
      graceFrom: row.second_factor_grace_from ?? row.user_created_at,
    },
    awaitingSecondFactor: row.awaiting_second_factor === 1,
    lastSeenAt: row.last_seen_at ?? row.created_at,
  };
}

export async function insertSession(
  db: DB,
  session: {
    id: string;
    userId: number;
    createdAt: Date;
    lifetimeMs: number;
    ip: string | null;
    userAgent: string | null;
    awaitingSecondFactor?: boolean;
  },
): Promise<void> {
  await db
    .insertInto("sessions")
    .values({
      id: session.id,
      user_id: session.userId,
      created_at: session.createdAt.toISOString(),
      last_seen_at: session.createdAt.toISOString(),
      expires_at: new Date(session.createdAt.getTime() + session.lifetimeMs).toISOString(),
      ip: session.ip,
      user_agent: session.userAgent,
      awaiting_second_factor: session.awaitingSecondFactor ? 1 : 0,
    })
    .execute();
}

/** Notes a request on the session (the idle timeout counts from it). */
export async function touchSession(db: DB, id: string, at: string): Promise<void> {
  await db.updateTable("sessions").set({ last_seen_at: at }).where("id", "=", id).execute();
}

export async function deleteSession(db: DB, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", id).execute();
}

/** Ends one of a user's sessions; false when it was not hers (or is gone already). */
export async function deleteUserSession(db: DB, userId: number, id: string): Promise<boolean> {
  const result = await db.deleteFrom("sessions").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Ends every session of a user but `keepId` (none kept when it is null); returns how many ended. */
export async function deleteUserSessions(db: DB, userId: number, keepId: string | null): Promise<number> {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepId) query = query.where("id", "!=", keepId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export type ActiveSession = {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
};

/** A user's signed-in sessions that have not expired, the most recently active first. */
export async function listUserSessions(
  db: DB,
  userId: number,
  now = new Date().toISOString(),
): Promise<ActiveSession[]> {
  const rows = await db
    .selectFrom("sessions")
    .select(["id", "created_at", "last_seen_at", "ip", "user_agent"])
    .where("user_id", "=", userId)
    .where("awaiting_second_factor", "=", 0)
    .where("expires_at", ">", now)
    .execute();
  return rows
    .map((r) => ({
      id: r.id,
      createdAt: r.created_at,
      lastSeenAt: r.last_seen_at ?? r.created_at,
      ip: r.ip,
      userAgent: r.user_agent,
    }))
    .sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt));
}

export async function setSessionChallenge(db: DB, id: string, challenge: string | null): Promise<void> {
  await db.updateTable("sessions").set({ webauthn_challenge: challenge }).where("id", "=", id).execute();
}

/** Reads and clears the session's passkey challenge (each one answers once). */
export async function takeSessionChallenge(db: DB, id: string): Promise<string | null> {
  const row = await db.selectFrom("sessions").select("webauthn_challenge").where("id", "=", id).executeTakeFirst();
  if (!row?.webauthn_challenge) return null;
  const taken = await db
    .updateTable("sessions")
    .set({ webauthn_challenge: null })
    .where("id", "=", id)
    .where("webauthn_challenge", "=", row.webauthn_challenge)
    .executeTakeFirst();
  return taken.numUpdatedRows > 0n ? row.webauthn_challenge : null;
}

export async function setSessionFlash(db: DB, id: string, flash: string): Promise<void> {
  await db.updateTable("sessions").set({ flash }).where("id", "=", id).execute();
}

/** Reads and clears the session's one-time message (cleared only if unchanged meanwhile). */
export async function takeSessionFlash(db: DB, id: string): Promise<string | null> {
  const row = await db.selectFrom("sessions").select("flash").where("id", "=", id).executeTakeFirst();
  if (!row?.flash) return null;
  await db.updateTable("sessions").set({ flash: null }).where("id", "=", id).where("flash", "=", row.flash).execute();
  return row.flash;
}
