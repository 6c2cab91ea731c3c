import { caseInsensitiveLike } from "~db/engine";
import type { DB } from "~db/client";
import type { Paging } from "~/lib/paging";
import { likeContains, likeStartsWith } from "./sql-like.server";

export type AuditEntry = {
  action: string;
  /** the signed-in person who acted, with the client address (or the three fields below, one by one) */
  actor?: Actor;
  actorUserId?: number | null;
  actorEmail?: string | null;
  targetType?: string | null;
  targetId?: string | number | null;
  /** never secrets (no passwords, tokens or full ID numbers) */
  details?: Record<string, unknown> | null;
  ip?: string | null;
};

/** Who made an audited change: the signed-in staff member and the client address. */
export type Actor = { id: number; email: string; ip: string | null };

/** One audit row per admin change and per sign-in attempt. */
export async function writeAudit(db: DB, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      action: entry.action,
      actor_user_id: entry.actor?.id ?? entry.actorUserId ?? null,
      actor_email: entry.actor?.email ?? entry.actorEmail ?? null,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId == null ? null : String(entry.targetId),
      details: entry.details ? JSON.stringify(entry.details) : null,
      ip: entry.actor?.ip ?? entry.ip ?? null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export type AuditFilters = { actor: string; action: string; from: string; to: string };

function filteredAudit(db: DB, f: AuditFilters) {
  let q = db.selectFrom("audit_log");
  if (f.actor) q = q.where("actor_email", caseInsensitiveLike(db), likeContains(f.actor));
  // An action ("seller.update") or its family ("seller.").
  if (f.action)
    q = f.action.endsWith(".")
      ? q.where("action", caseInsensitiveLike(db), likeStartsWith(f.action))
      : q.where("action", "=", f.action);
  if (f.from) q = q.where("created_at", ">=", `${f.from}T00:00:00.000Z`);
  if (f.to) q = q.where("created_at", "<", `${f.to}T23:59:59.999Z`);
  return q;
}

/** The audit log for the back-office page: newest first, filtered by actor, action and dates (UTC days). */
export async function listAuditLog(db: DB, f: AuditFilters, paging: Paging) {
  const { total } = await filteredAudit(db, f)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const rows = await filteredAudit(db, f)
    .select(["id", "created_at", "actor_email", "action", "target_type", "target_id", "ip", "details"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit)
    .execute();
  return { entries: rows, total: Number(total) };
}

/** The actions the log holds, for the page's filter. */
export async function auditActions(db: DB): Promise<string[]> {
  const rows = await db.selectFrom("audit_log").select("action").distinct().orderBy("action").execute();
  return rows.map((r) => r.action);
}
