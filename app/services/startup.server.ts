import type { DB } from "~db/client";
import { ensureFirstAdmin } from "~/models/users.server";
import { backupWithRetention } from "./backup.server";
import { retryDueMail } from "./mailer.server";
import { hashPassword } from "./password.server";
import { backfillImageVariants, removeExpiredUploads } from "./uploads.server";

/** Work done once at server start, after migrations and the first-run seed. Add tasks here explicitly. */
export async function runStartupTasks(db: DB): Promise<void> {
  await createFirstAdminFromSettings(db);
  scheduleUploadExpiry(db);
  scheduleBackups(db);
  scheduleMailRetries(db);
  backfillImageVariantsInBackground();
}

/** Public images stored before their smaller copies existed get them (once; later runs find none missing). */
function backfillImageVariantsInBackground(): void {
  backfillImageVariants().then(
    (n) => n && console.log(`Wrote the smaller copies of ${n} public image${n === 1 ? "" : "s"}.`),
    (error) => console.error("Writing image copies failed:", error),
  );
}

let mailRetryTimer: NodeJS.Timeout | undefined;

/** Mail that failed is tried again when due (backoff in the mailer), checked every minute. */
function scheduleMailRetries(db: DB): void {
  mailRetryTimer ??= setInterval(() => {
    retryDueMail(db).catch((error) => console.error("mail retry failed:", error));
  }, 60_000).unref();
}

let backupTimer: NodeJS.Timeout | undefined;

/** BACKUP_EVERY_HOURS > 0: a backup into BACKUP_DIR that often, keeping the newest BACKUP_KEEP. */
function scheduleBackups(db: DB, env = process.env): void {
  const hours = Number(env.BACKUP_EVERY_HOURS ?? 0);
  if (!(hours > 0)) return;
  const dir = env.BACKUP_DIR || "./data/backups";
  const keep = Math.max(1, Number(env.BACKUP_KEEP ?? 7) || 7);
  backupTimer ??= setInterval(() => {
    backupWithRetention(db, dir, keep).then(
      (made) => console.log(`backup written: ${made}`),
      (error) => console.error("scheduled backup failed:", error),
    );
  }, hours * 3_600_000).unref();
}

/** Stops the periodic tasks (at shutdown). */
export function stopStartupTasks(): void {
  if (uploadSweep) clearInterval(uploadSweep);
  if (backupTimer) clearInterval(backupTimer);
  if (mailRetryTimer) clearInterval(mailRetryTimer);
  mailRetryTimer = undefined;
  uploadSweep = undefined;
  backupTimer = undefined;
}

const UPLOAD_SWEEP_EVERY_MS = 60 * 60 * 1000;
let uploadSweep: NodeJS.Timeout | undefined;

/** Unclaimed uploads (ID documents included) expire: removed now and then every hour. */
function scheduleUploadExpiry(db: DB): void {
  const sweep = () =>
    removeExpiredUploads(db).then(
      (n) => n && console.log(`Removed ${n} unclaimed upload${n === 1 ? "" : "s"} older than 24 hours.`),
      (error) => console.error("Removing expired uploads failed:", error),
    );
  void sweep();
  uploadSweep ??= setInterval(sweep, UPLOAD_SWEEP_EVERY_MS).unref();
}

/** Decision 9: ADMIN_EMAIL + ADMIN_PASSWORD create the first admin when missing (never a default password). */
export async function createFirstAdminFromSettings(db: DB, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const email = env.ADMIN_EMAIL?.trim();
  const password = env.ADMIN_PASSWORD;
  if (!email) return;
  if (!password || password.length < 12) {
    console.warn("ADMIN_EMAIL is set but ADMIN_PASSWORD is missing or shorter than 12 characters: no admin was created.");
    return;
  }
  const result = await ensureFirstAdmin(db, email, () => hashPassword(password));
  if (result === "created") console.log(`Created the first admin account ${email.toLowerCase()}.`);
}
