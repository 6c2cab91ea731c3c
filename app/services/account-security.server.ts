import type { DB } from "~db/client";
import { writeAudit } from "~/models/audit.server";
import { listPasskeys, unusedRecoveryCodeHashes } from "~/models/second-factor.server";
import { deleteUserSession, deleteUserSessions, listUserSessions } from "~/models/sessions.server";
import { relyingParty } from "./passkeys.server";
import {
  hasSecondFactor,
  mustSetUpSecondFactor,
  secondFactorDueAt,
  totpEnrolment,
  totpStateOf,
} from "./second-factor.server";
import { isHandleOf, isKeyedRecoveryDigest, sessionHandle } from "./second-factor-crypto.server";
import type { StaffUser } from "./session.server";

// The Account security page of every staff member (/admin/security): her second factors and her
// signed-in sessions.

export async function accountSecurityOverview(db: DB, request: Request, user: StaffUser) {
  const [totp, passkeys, recovery, sessions] = await Promise.all([
    totpStateOf(db, user.id),
    listPasskeys(db, user.id),
    unusedRecoveryCodeHashes(db, user.id),
    listUserSessions(db, user.id),
  ]);
  return {
    email: user.email,
    totpEnabledAt: totp?.enabledAt ?? null,
    enrolment: totp?.enabledAt ? null : await totpEnrolment(db, user),
    passkeys: passkeys.map((p) => ({ id: p.id, name: p.name, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt })),
    passkeysAvailable: relyingParty(request) !== null,
    recoveryLeft: recovery.length,
    // Codes hashed with scrypt (made before keyed hashes): still accepted, but slow to check.
    legacyRecoveryCodes: recovery.some((code) => !isKeyedRecoveryDigest(code.hash)),
    hasSecondFactor: hasSecondFactor(user.secondFactor),
    required: mustSetUpSecondFactor(user.secondFactor),
    dueAt: secondFactorDueAt(user.secondFactor).toISOString(),
    // Each session by an opaque handle: a session id is the cookie's bearer secret, never sent to a page.
    sessions: sessions.map(({ id, ...s }) => ({ ...s, handle: sessionHandle(id), current: id === user.sessionId })),
  };
}

export type SessionSignOut = { kind: "one"; handle: string } | { kind: "others" } | { kind: "everywhere" };

/**
 * Signs one's own sessions out (one, by the handle the page showed, all others, or all); false when the
 * one is gone already, is not hers, or is the current one (that is "Sign Out Everywhere").
 */
export async function signOutSessions(db: DB, user: StaffUser, which: SessionSignOut): Promise<boolean> {
  let ended: number;
  if (which.kind === "one") {
    const own = await listUserSessions(db, user.id);
    const target = own.find((s) => s.id !== user.sessionId && isHandleOf(s.id, which.handle));
    if (!target) return false;
    ended = Number(await deleteUserSession(db, user.id, target.id));
  } else ended = await deleteUserSessions(db, user.id, which.kind === "others" ? user.sessionId : null);
  await writeAudit(db, {
    action: `staff.sessions.sign_out_${which.kind}`,
    actorUserId: user.actor.id,
    actorEmail: user.actor.email,
    ip: user.actor.ip,
    details: { ended },
  });
  return ended > 0 || which.kind !== "one";
}
