import type { DB } from "~db/client";
import { writeAudit } from "~/models/audit.server";
import { listPasskeys, totpOf, unusedRecoveryCodes } from "~/models/second-factor.server";
import { deleteUserSession, deleteUserSessions, listUserSessions } from "~/models/sessions.server";
import { relyingParty } from "./passkeys.server";
import { hasSecondFactor, mustSetUpSecondFactor, secondFactorDueAt, totpEnrolment } from "./second-factor.server";
import type { StaffUser } from "./session.server";

// The Account security page of every staff member (/admin/security): her second factors and her
// signed-in sessions.

export async function accountSecurityOverview(db: DB, request: Request, user: StaffUser) {
  const [totp, passkeys, recoveryLeft, sessions] = await Promise.all([
    totpOf(db, user.id),
    listPasskeys(db, user.id),
    unusedRecoveryCodes(db, user.id),
    listUserSessions(db, user.id),
  ]);
  return {
    email: user.email,
    totpEnabledAt: totp?.enabledAt ?? null,
    enrolment: totp?.enabledAt ? null : await totpEnrolment(db, user),
    passkeys: passkeys.map((p) => ({ id: p.id, name: p.name, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt })),
    passkeysAvailable: relyingParty(request) !== null,
    recoveryLeft,
    hasSecondFactor: hasSecondFactor(user.secondFactor),
    required: mustSetUpSecondFactor(user.secondFactor),
    dueAt: secondFactorDueAt(user.secondFactor).toISOString(),
    sessions: sessions.map((s) => ({ ...s, current: s.id === user.sessionId })),
  };
}

export type SessionSignOut = { kind: "one"; id: string } | { kind: "others" } | { kind: "everywhere" };

/** Signs one's own sessions out (one, all others, or all); false when the one was already gone. */
export async function signOutSessions(db: DB, user: StaffUser, which: SessionSignOut): Promise<boolean> {
  const ended =
    which.kind === "one"
      ? Number(await deleteUserSession(db, user.id, which.id))
      : await deleteUserSessions(db, user.id, which.kind === "others" ? user.sessionId : null);
  await writeAudit(db, {
    action: `staff.sessions.sign_out_${which.kind}`,
    actorUserId: user.actor.id,
    actorEmail: user.actor.email,
    ip: user.actor.ip,
    details: { ended },
  });
  return ended > 0 || which.kind !== "one";
}
