import type { Transporter } from "nodemailer";
import type { DB } from "~db/client";
import { CONTACT, SITE_NAME } from "~/lib/constants";
import { dueRetries, markMail, type OutgoingMail, queueMail, scheduleRetry } from "~/models/mail-outbox.server";
import { config } from "./config.server";
import { logger } from "./logger.server";

// Outgoing mail: every message is written to the mail_outbox table first, then sent through SMTP when
// SMTP_URL is set (e.g. smtps://user:pass@smtp.example.com:465), otherwise written to the log.

export function mailFrom(): string {
  return config().mailFrom || `${SITE_NAME} <no-reply@bwpdirectory.in>`;
}

export function teamEmail(): string {
  return config().teamEmail || CONTACT.email;
}

// nodemailer is loaded with the first message sent through SMTP, not at start-up (docs/performance.md,
// "Start-up"): a site without SMTP_URL never loads it.
let cached: { url: string; transport: Promise<Transporter> } | undefined;
function transport(url: string): Promise<Transporter> {
  if (cached?.url !== url)
    cached = {
      url,
      transport: import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(url)),
    };
  return cached.transport;
}

export type MailResult = { id: number; status: "sent" | "logged" | "queued" | "failed"; error?: string };

/** Tries per message before it is marked failed, and the wait before each retry (1, 4, 16, 64 minutes). */
export const MAIL_MAX_ATTEMPTS = 5;
export function retryDelayMs(attemptsSoFar: number): number {
  return 60_000 * 4 ** Math.max(0, attemptsSoFar - 1);
}

/** Queues and sends one message. Never throws: a failed send is retried later, then recorded as failed. */
export async function sendMail(db: DB, mail: OutgoingMail): Promise<MailResult> {
  const id = await queueMail(db, mail);
  return deliver(db, id, mail, 0);
}

async function deliver(
  db: DB,
  id: number,
  mail: OutgoingMail,
  attemptsBefore: number,
  now = Date.now(),
): Promise<MailResult> {
  const url = config().smtpUrl;
  if (!url) {
    logger.info(
      { mail: { id, to: mail.to, subject: mail.subject, text: mail.text } },
      "mail logged (SMTP_URL not set)",
    );
    await markMail(db, id, "logged");
    return { id, status: "logged" };
  }
  try {
    await (
      await transport(url)
    ).sendMail({
      from: mailFrom(),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    await markMail(db, id, "sent");
    return { id, status: "sent" };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const attempts = attemptsBefore + 1;
    if (attempts >= MAIL_MAX_ATTEMPTS) {
      logger.error({ mail: { id, attempts }, err: message }, "mail sending failed, giving up");
      await markMail(db, id, "failed", message);
      return { id, status: "failed", error: message };
    }
    logger.warn(
      { mail: { id, attempts, maxAttempts: MAIL_MAX_ATTEMPTS }, err: message },
      "mail sending failed, retrying later",
    );
    await scheduleRetry(db, id, new Date(now + retryDelayMs(attempts)).toISOString(), message);
    return { id, status: "queued", error: message };
  }
}

/** Tries again every queued message whose retry is due (the server runs this every minute). */
export async function retryDueMail(db: DB, now = Date.now()): Promise<MailResult[]> {
  const due = await dueRetries(db, new Date(now).toISOString());
  const results: MailResult[] = [];
  for (const row of due) {
    results.push(
      await deliver(
        db,
        row.id,
        { to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body ?? undefined },
        row.attempts,
        now,
      ),
    );
  }
  return results;
}

/** Sends a message already in the outbox (queued inside a caller's transaction), in the background. */
export function deliverQueuedLater(db: DB, queued: { id: number; mail: OutgoingMail }[]): void {
  const delivery = Promise.all(queued.map(({ id, mail }) => deliver(db, id, mail, 0)))
    .catch((err) => logger.error({ err }, "mail delivery failed"))
    .finally(() => deliveries.delete(delivery));
  deliveries.add(delivery);
}

const deliveries = new Set<Promise<unknown>>();

/** Resolves when every delivery started in the background so far has ended (a one-off tool waits before it closes the database). */
export async function backgroundDeliveriesSettled(): Promise<void> {
  while (deliveries.size) await Promise.all(deliveries);
}

/**
 * Writes the messages to the outbox (awaited: once this returns, they are recorded and will be sent or
 * retried) and sends them in the background, so a slow mail server never delays the visitor's response.
 */
export async function sendMailLater(db: DB, mails: OutgoingMail[]): Promise<void> {
  const queued = await Promise.all(mails.map(async (mail) => ({ id: await queueMail(db, mail), mail })));
  deliverQueuedLater(db, queued);
}
