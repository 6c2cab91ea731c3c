import type { DB } from "~db/client";
import { SETTINGS_MESSAGES } from "~/lib/validation/messages";
import type { StaffIntent } from "~/lib/validation/staff";
import { type Actor, writeAudit } from "~/models/audit.server";
import { addModerator, changeStaffAccount, type StaffChange } from "~/models/staff.server";
import { passwordHashOf, setPasswordHash } from "~/models/users.server";
import { type Busy, hashPassword, orBusy, verifyPassword } from "./password.server";
import { consume, reset, type Throttled, throttled } from "./rate-limit.server";
import { sessionIdFrom } from "./session.server";

// The Settings page's changes: one's own password (the current one first, throttled like a sign-in;
// every other session ends) and the staff accounts.

export type PasswordChange =
  { ok: true } | { ok: false; status: 400; field: string; message: string } | ((Throttled | Busy) & { field: string });

export async function changeOwnPassword(
  db: DB,
  actor: Actor,
  request: Request,
  input: { current_password: string; new_password: string },
): Promise<PasswordChange> {
  const throttle = await consume(db, "login", `password-change:${actor.id}`);
  if (!throttle.allowed) return { ...throttled(throttle.retryAfterSeconds), field: "current_password" };
  const stored = await passwordHashOf(db, actor.id);
  const right = await orBusy(() => verifyPassword(input.current_password, stored));
  if (typeof right !== "boolean") return { ...right, field: "current_password" };
  if (!right) return { ok: false, status: 400, field: "current_password", message: SETTINGS_MESSAGES.currentWrong };
  await reset(db, "login", `password-change:${actor.id}`);
  const passwordHash = await orBusy(() => hashPassword(input.new_password));
  if (typeof passwordHash !== "string") return { ...passwordHash, field: "new_password" };
  await setPasswordHash(db, actor.id, passwordHash, await sessionIdFrom(request));
  await writeAudit(db, {
    action: "staff.password_change",
    actor,
    targetType: "user",
    targetId: actor.id,
  });
  return { ok: true };
}

export async function changeStaff(
  db: DB,
  actor: Actor,
  intent: StaffIntent,
): Promise<(StaffChange & { message?: string }) | Busy> {
  if (intent.intent === "add_moderator") {
    const passwordHash = await orBusy(() => hashPassword(intent.password));
    if (typeof passwordHash !== "string") return passwordHash;
    const result = await addModerator(db, actor, { name: intent.name, email: intent.email, passwordHash });
    return result.ok ? { ok: true, message: SETTINGS_MESSAGES.moderatorAdded } : result;
  }
  const result = await changeStaffAccount(db, actor, intent.id, intent.intent);
  if (!result.ok) return result;
  return {
    ok: true,
    message: {
      disable: SETTINGS_MESSAGES.disabled,
      enable: SETTINGS_MESSAGES.enabled,
      remove: SETTINGS_MESSAGES.removed,
    }[intent.intent],
  };
}
