import type { DB } from "~db/client";
import type { MailStatus } from "~db/schema";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export async function queueMail(db: DB, mail: OutgoingMail): Promise<number> {
  const row = await db
    .insertInto("mail_outbox")
    .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html ?? null, status: "queued", created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markMail(db: DB, id: number, status: Exclude<MailStatus, "queued">, error?: string): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({
      status,
      attempts: eb("attempts", "+", 1),
      last_error: error ? error.slice(0, 500) : null,
      sent_at: status === "sent" || status === "logged" ? new Date().toISOString() : null,
    }))
    .where("id", "=", id)
    .execute();
}

export async function getMail(db: DB, id: number) {
  return db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirst();
}
