import type { DB } from "~db/client";

export type AuditEntry = {
  action: string;
  actorUserId?: number | null;
  actorEmail?: string | null;
  targetType?: string | null;
  targetId?: string | number | null;
  /** never secrets (no passwords, tokens or full ID numbers) */
  details?: Record<string, unknown> | null;
  ip?: string | null;
};

/** One audit row per admin change and per sign-in attempt. */
export async function writeAudit(db: DB, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      action: entry.action,
      actor_user_id: entry.actorUserId ?? null,
      actor_email: entry.actorEmail ?? null,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId == null ? null : String(entry.targetId),
      details: entry.details ? JSON.stringify(entry.details) : null,
      ip: entry.ip ?? null,
      created_at: new Date().toISOString(),
    })
    .execute();
}
