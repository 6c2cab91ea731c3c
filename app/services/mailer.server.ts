import nodemailer, { type Transporter } from "nodemailer";
import type { DB } from "~db/client";
import { CONTACT, SITE_NAME } from "~/lib/constants";
import { markMail, type OutgoingMail, queueMail } from "~/models/mail.server";

// Outgoing mail: every message is written to the mail_outbox table first, then sent through SMTP when
// SMTP_URL is set (e.g. smtps://user:pass@smtp.example.com:465), otherwise written to the log.

export function mailFrom(): string {
  return process.env.MAIL_FROM || `${SITE_NAME} <no-reply@bwpdirectory.in>`;
}

export function teamEmail(): string {
  return process.env.TEAM_EMAIL || CONTACT.email;
}

let cached: { url: string; transport: Transporter } | undefined;
function transport(url: string): Transporter {
  if (cached?.url !== url) cached = { url, transport: nodemailer.createTransport(url) };
  return cached.transport;
}

export type MailResult = { id: number; status: "sent" | "logged" | "failed"; error?: string };

/** Queues and sends one message. Never throws: a failed send is recorded on the outbox row. */
export async function sendMail(db: DB, mail: OutgoingMail): Promise<MailResult> {
  const id = await queueMail(db, mail);
  const url = process.env.SMTP_URL;
  if (!url) {
    console.info(`[mail] (SMTP_URL not set, logged only) to=${mail.to} subject=${JSON.stringify(mail.subject)}\n${mail.text}`);
    await markMail(db, id, "logged");
    return { id, status: "logged" };
  }
  try {
    await transport(url).sendMail({ from: mailFrom(), to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    await markMail(db, id, "sent");
    return { id, status: "sent" };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[mail] sending to ${mail.to} failed: ${message}`);
    await markMail(db, id, "failed", message);
    return { id, status: "failed", error: message };
  }
}

/** Sends in the background so a slow mail server never delays the visitor's response. */
export function sendMailLater(db: DB, mails: OutgoingMail[]): void {
  void Promise.all(mails.map((m) => sendMail(db, m))).catch((error) => console.error("[mail] outbox write failed", error));
}
