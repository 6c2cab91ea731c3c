import type { DB } from "~db/client";
import type { User } from "~db/schema";

// The sessions table: one row per signed-in browser (the cookie holds only its random id).

export type SessionUserRow = Pick<User, "id" | "email" | "name" | "role" | "mobile" | "city" | "locality">;

/** The active user of a session that has not expired, or undefined. */
export async function findSessionUser(
  db: DB,
  id: string,
  now = new Date().toISOString(),
): Promise<SessionUserRow | undefined> {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "users.id",
      "users.email",
      "users.name",
      "users.role",
      "users.mobile",
      "users.city",
      "users.locality",
      "users.is_active",
      "sessions.expires_at",
    ])
    .where("sessions.id", "=", id)
    .executeTakeFirst();
  if (!row || row.is_active !== 1 || row.expires_at <= now) return undefined;
  const { is_active: _a, expires_at: _e, ...user } = row;
  return user;
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
  },
): Promise<void> {
  await db
    .insertInto("sessions")
    .values({
      id: session.id,
      user_id: session.userId,
      created_at: session.createdAt.toISOString(),
      expires_at: new Date(session.createdAt.getTime() + session.lifetimeMs).toISOString(),
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute();
}

export async function deleteSession(db: DB, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", id).execute();
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
