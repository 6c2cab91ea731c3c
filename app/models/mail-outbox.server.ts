import type { DB } from "~db/client";
import type { MailStatus } from "~db/schema";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The account this mail is for: its data export and its deletion reach the mail by this id. */
  userId?: number | null;
  /** The listing this mail is about, when it goes to the listing's contact address. */
  sellerId?: number | null;
}

export async function queueMail(db: DB, mail: OutgoingMail): Promise<number> {
  const row = await db
    .insertInto("mail_outbox")
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      status: "queued",
      created_at: new Date().toISOString(),
      user_id: mail.userId ?? null,
      seller_id: mail.sellerId ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markMail(
  db: DB,
  id: number,
  status: Exclude<MailStatus, "queued">,
  error?: string,
): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      status,
      attempts: eb("attempts", "+", 1),
      last_error: error ? error.slice(0, 500) : null,
      next_attempt_at: null,
      sent_at: status === "sent" || status === "logged" ? new Date().toISOString() : null,
    }))
    .where("id", "=", id)
    .execute();
}

/** A failed try that will be retried at `nextAttemptAt` (the message stays queued). */
export async function scheduleRetry(db: DB, id: number, nextAttemptAt: string, error: string): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      status: "queued" as const,
      attempts: eb("attempts", "+", 1),
      last_error: error.slice(0, 500),
      next_attempt_at: nextAttemptAt,
    }))
    .where("id", "=", id)
    .execute();
}

/** Queued messages whose next try is due. */
export async function dueRetries(db: DB, now: string, limit = 20) {
  return db
    .selectFrom("mail_outbox")
    .select(["id", "to_address", "subject", "text_body", "html_body", "attempts"])
    .where("status", "=", "queued")
    .where("next_attempt_at", "<=", now)
    .orderBy("next_attempt_at")
    .limit(limit)
    .execute();
}

/** Messages that could not be sent after every try (for the dashboard). */
export async function failedMail(db: DB, limit = 5) {
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["id", "to_address", "subject", "attempts", "last_error", "created_at"])
    .where("status", "=", "failed")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  const { n } = await db
    .selectFrom("mail_outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "failed")
    .executeTakeFirstOrThrow();
  return { total: Number(n), recent: rows };
}

export async function getMail(db: DB, id: number) {
  return db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirst();
}
