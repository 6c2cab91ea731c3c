import { normaliseEmail } from "~/lib/validation/fields";
import type { DB } from "~db/client";
import { isUniqueViolation } from "~db/engine";
import { SETTINGS_MESSAGES } from "~/lib/validation/messages";
import type { Actor } from "./audit.server";
import { writeAudit } from "./audit.server";
import { passkeyCount } from "./sessions.server";
import { emailTaken } from "./users.server";

// The back-office's accounts (admins and moderators), as the Settings page manages them. An admin can
// add moderators and disable, enable or remove staff accounts, never their own and never the last
// active admin. Every change is one transaction with its audit row (no password in it).

export async function listStaff(db: DB) {
  return db
    .selectFrom("users")
    .select((eb) => [
      "id",
      "name",
      "email",
      "role",
      "is_active",
      "created_at",
      "totp_enabled_at",
      "second_factor_grace_from",
      passkeyCount(eb),
    ])
    .where("role", "in", ["admin", "moderator"])
    .orderBy("role")
    .orderBy("name")
    .execute();
}
export type StaffRow = Awaited<ReturnType<typeof listStaff>>[number];

export type StaffChange =
  | { ok: true }
  | { ok: false; reason: "invalid" | "forbidden" | "not_found" | "conflict"; message: string; field?: string };

export async function addModerator(
  db: DB,
  actor: Actor,
  input: { name: string; email: string; passwordHash: string },
): Promise<StaffChange> {
  const email = normaliseEmail(input.email);
  try {
    return await db.transaction().execute(async (trx) => {
      if (await trx.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()) {
        return {
          ok: false as const,
          reason: "conflict" as const,
          message: SETTINGS_MESSAGES.emailTaken,
          field: "email",
        };
      }
      const stamp = new Date().toISOString();
      const user = await trx
        .insertInto("users")
        .values({
          email,
          name: input.name,
          role: "moderator",
          password_hash: input.passwordHash,
          is_active: 1,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await writeAudit(trx, {
        action: "staff.add_moderator",
        actor,
        targetType: "user",
        targetId: user.id,
        details: { after: { email, name: input.name, role: "moderator" } },
      });
      return { ok: true as const };
    });
  } catch (error) {
    // Two additions racing for one address: the unique index decides (on either engine).
    if (isUniqueViolation(error) && (await emailTaken(db, input.email)))
      return { ok: false, reason: "conflict", message: SETTINGS_MESSAGES.emailTaken, field: "email" };
    throw error;
  }
}

/** Disables, enables or removes a staff account, guarding the actor's own and the last active admin. */
export async function changeStaffAccount(
  db: DB,
  actor: Actor,
  id: number,
  change: "disable" | "enable" | "remove",
): Promise<StaffChange> {
  if (id === actor.id && change !== "enable")
    return { ok: false, reason: "forbidden", message: SETTINGS_MESSAGES.notSelf };
  return db.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom("users")
      .select(["id", "email", "role", "is_active"])
      .where("id", "=", id)
      .where("role", "in", ["admin", "moderator"])
      .executeTakeFirst();
    if (!target) return { ok: false as const, reason: "not_found" as const, message: SETTINGS_MESSAGES.notFound };
    if (target.role === "admin" && target.is_active === 1 && change !== "enable") {
      const { n } = await trx
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("role", "=", "admin")
        .where("is_active", "=", 1)
        .executeTakeFirstOrThrow();
      if (Number(n) <= 1)
        return { ok: false as const, reason: "conflict" as const, message: SETTINGS_MESSAGES.lastAdmin };
    }
    const audit = { actor, targetType: "user", targetId: id };
    if (change === "remove") {
      await trx.deleteFrom("users").where("id", "=", id).execute();
      await writeAudit(trx, {
        ...audit,
        action: "staff.remove",
        details: { before: { email: target.email, role: target.role, is_active: target.is_active } },
      });
    } else {
      const active = change === "enable" ? 1 : 0;
      if (target.is_active === active) return { ok: true as const };
      await trx
        .updateTable("users")
        .set({ is_active: active, updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .execute();
      if (!active) await trx.deleteFrom("sessions").where("user_id", "=", id).execute();
      await writeAudit(trx, {
        ...audit,
        action: `staff.${change}`,
        details: { changes: { is_active: [target.is_active, active] } },
      });
    }
    return { ok: true as const };
  });
}
