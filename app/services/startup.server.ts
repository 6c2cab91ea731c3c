import type { DB } from "~db/client";
import { describeTarget, migrateToLatest, pingDatabase } from "~db/client";
import { seedCategories } from "~/models/categories-admin.server";
import { isDatabaseEmpty } from "~/models/categories.server";
import { sweepSignInAddresses } from "~/models/sign-in-addresses.server";
import { sweepReviewAddresses } from "~/models/reviews.server";
import { ensureFirstAdmin } from "~/models/users.server";
import { runBackup } from "./backup.server";
import { seedDemoSellers } from "./demo-sellers.server";
import { config } from "./config.server";
import { logger } from "./logger.server";
import { retryDueMail } from "./mail.server";
import { startVariantQueue, stopVariantQueue } from "./image-variants.server";
import { hashPassword } from "./password.server";
import { type Election, runWhenElected } from "./periodic-runner.server";
import { sweepRateLimits } from "./rate-limit.server";
import { sweepQuoteRequests } from "~/models/quotes.server";
import { stopLeadFlush } from "./leads.server";
import { stopSearchFlush, sweepOldSearchCounts } from "./search-stats.server";
import { runSellerMails } from "./seller-mails.server";
import { sealStoredTotpSecrets } from "./second-factor.server";
import { backfillImageVariants, removeExpiredUploads } from "./uploads.server";

/**
 * Start-up: migrate; on a new database seed the categories and, only when asked (SEED_DEMO=N),
 * N demo sellers — a real deployment never shows fake businesses.
 */
export async function prepareDatabase(db: DB, demoSellers = config().seedDemo): Promise<void> {
  const setting = config().databaseUrl ? "DATABASE_URL" : "DATABASE_PATH";
  try {
    await pingDatabase(db);
  } catch (error) {
    throw new Error(
      `${setting}: the database at ${describeTarget()} cannot be reached: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  await migrateToLatest(db);
  if (!(await isDatabaseEmpty(db))) return;
  await seedCategories(db);
  if (demoSellers > 0) await seedDemoSellers(db, demoSellers);
  logger.info(
    { demoSellers },
    demoSellers
      ? "new database seeded with the categories and demo sellers"
      : "new database seeded with the categories",
  );
}

/**
 * Work done once per site at server start, after migrations and the first-run seed, and the periodic
 * tasks. The production server runs this in one process only (the cluster's primary), never once per
 * worker. Add tasks here explicitly.
 */
export async function runStartupTasks(db: DB): Promise<void> {
  if (config().nodeEnv === "production" && !config().publicUrl) {
    // Not a refusal: the response cache keys on the origin each page was rendered for
    // (docs/decisions/198-response-cache-keyed-on-the-rendered-origin.md).
    logger.warn(
      `PUBLIC_URL is not set: links in mails point to http://localhost:${config().port}, and canonical links and the sitemaps name each request's own ${config().trustProxy === false ? "Host header" : "forwarded host (TRUST_PROXY)"}. Set it to the site's public address.`,
    );
  }
  await createFirstAdminFromSettings(db);
  const sealed = await sealStoredTotpSecrets(db);
  if (sealed) logger.info({ sealed }, "TOTP secrets sealed under the current session secret");
  // Once per deployment: with several instances on PostgreSQL, only the elected one (periodic-runner.server.ts).
  election ??= runWhenElected(db, {
    start: () => {
      scheduleUploadExpiry(db);
      scheduleBackups(db);
      scheduleMailRetries(db);
      scheduleRateLimitSweep(db);
      scheduleSellerMails(db);
      backfillImageVariantsInBackground();
      startVariantQueue(db);
    },
    stop: stopPeriodicTimers,
  });
}

let election: Election | undefined;

/** Public images stored before their smaller copies existed get them (once; later runs find none missing). */
function backfillImageVariantsInBackground(): void {
  backfillImageVariants().then(
    (n) => n && logger.info(`wrote the smaller copies of ${n} public image${n === 1 ? "" : "s"}`),
    (err) => logger.error({ err }, "writing image copies failed"),
  );
}

let rateSweepTimer: NodeJS.Timeout | undefined;

/**
 * Expired rate-limit windows, month-old sign-in addresses, search counts older than 90 days and requests
 * for quotes past their retention are deleted every ten minutes, and reviews' network addresses are forgotten
 * after 30 days.
 */
function scheduleRateLimitSweep(db: DB): void {
  rateSweepTimer ??= setInterval(() => {
    sweepRateLimits(db).catch((err) => logger.error({ err }, "rate-limit sweep failed"));
    sweepSignInAddresses(db).catch((err) => logger.error({ err }, "sign-in address sweep failed"));
    sweepOldSearchCounts(db).catch((err) => logger.error({ err }, "search count sweep failed"));
    sweepQuoteRequests(db).catch((err) => logger.error({ err }, "quote request sweep failed"));
    sweepReviewAddresses(db).catch((err) => logger.error({ err }, "review address sweep failed"));
  }, 10 * 60_000).unref();
}

let sellerMailTimer: NodeJS.Timeout | undefined;

/** Renewal reminders and monthly reports (services/seller-mails.server.ts): now, then every hour. */
function scheduleSellerMails(db: DB): void {
  const run = () => runSellerMails(db).catch((err) => logger.error({ err }, "sellers' periodic mails failed"));
  void run();
  sellerMailTimer ??= setInterval(run, 60 * 60_000).unref();
}

let mailRetryTimer: NodeJS.Timeout | undefined;

/** Mail that failed is tried again when due (backoff in the mailer), checked every minute. */
function scheduleMailRetries(db: DB): void {
  mailRetryTimer ??= setInterval(() => {
    retryDueMail(db).catch((err) => logger.error({ err }, "mail retry failed"));
  }, 60_000).unref();
}

let backupTimer: NodeJS.Timeout | undefined;

/**
 * BACKUP_EVERY_HOURS > 0: a backup run that often (services/backup.server.ts runBackup: BACKUP_DIR, and
 * with BACKUP_S3_BUCKET the bucket), each recorded in backup_runs.
 */
function scheduleBackups(db: DB): void {
  const { everyHours: hours } = config().backup;
  if (!(hours > 0)) return;
  backupTimer ??= setInterval(() => {
    runBackup(db).then(
      (outcome) =>
        outcome.ok
          ? logger.info({ backup: outcome.localPath, s3: outcome.s3Url, bytes: outcome.sizeBytes }, "backup written")
          : logger.error({ backup: outcome.name, error: outcome.error }, "scheduled backup failed"),
      (err) => logger.error({ err }, "scheduled backup failed"),
    );
  }, hours * 3_600_000).unref();
}

/** Stops the periodic tasks and leaves the election (at shutdown). */
export async function stopStartupTasks(): Promise<void> {
  stopLeadFlush();
  stopSearchFlush();
  const leaving = election;
  election = undefined;
  await leaving?.stop();
  stopPeriodicTimers();
  await stopVariantQueue();
}

function stopPeriodicTimers(): void {
  void stopVariantQueue();
  if (uploadSweep) clearInterval(uploadSweep);
  if (backupTimer) clearInterval(backupTimer);
  if (mailRetryTimer) clearInterval(mailRetryTimer);
  if (rateSweepTimer) clearInterval(rateSweepTimer);
  if (sellerMailTimer) clearInterval(sellerMailTimer);
  sellerMailTimer = undefined;
  mailRetryTimer = undefined;
  rateSweepTimer = undefined;
  uploadSweep = undefined;
  backupTimer = undefined;
}

const UPLOAD_SWEEP_EVERY_MS = 60 * 60 * 1000;
let uploadSweep: NodeJS.Timeout | undefined;

/** Unclaimed uploads (ID documents included) expire: removed now and then every hour. */
function scheduleUploadExpiry(db: DB): void {
  const sweep = () =>
    removeExpiredUploads(db).then(
      (n) => n && logger.info({ removed: n }, "removed unclaimed uploads older than 24 hours"),
      (err) => logger.error({ err }, "removing expired uploads failed"),
    );
  void sweep();
  uploadSweep ??= setInterval(sweep, UPLOAD_SWEEP_EVERY_MS).unref();
}

/**
 * docs/decisions/009-first-admin-from-settings.md: ADMIN_EMAIL + ADMIN_PASSWORD create the first admin when missing
 * (never a default password).
 */
export async function createFirstAdminFromSettings(
  db: DB,
  settings: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string } = {
    ADMIN_EMAIL: config().adminEmail,
    ADMIN_PASSWORD: config().adminPassword,
  },
): Promise<void> {
  const email = settings.ADMIN_EMAIL?.trim();
  const password = settings.ADMIN_PASSWORD;
  if (!email) return;
  if (!password || password.length < 12) {
    logger.warn(
      "ADMIN_EMAIL is set but ADMIN_PASSWORD is missing or shorter than 12 characters: no admin was created.",
    );
    return;
  }
  const result = await ensureFirstAdmin(db, email, () => hashPassword(password));
  if (result === "created") logger.info("created the first admin account from ADMIN_EMAIL");
}
