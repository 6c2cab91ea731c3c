// npm run mails:sellers -- [--now 2026-12-01T09:30:00+05:30] [--only reminders|reports]
// Runs the sellers' hourly mails once, now: the renewal reminders due (14 and 3 days before the end date,
// and on the day) and, on the first days of a month, last month's reports. The server runs the same job
// every hour; this is for an operator after a long outage, and for tests that set the clock (--now).
// Nothing goes twice: each mail is claimed once per seller and period, whichever process runs first.
import { parseArgs } from "node:util";
import { describeTarget, migrateToLatest, openDatabase } from "~db/client";
import { backgroundDeliveriesSettled } from "~/services/mail.server";
import { runSellerMails, sendMonthlyReports, sendRenewalReminders } from "~/services/seller-mails.server";

const { values } = parseArgs({ options: { now: { type: "string" }, only: { type: "string" } } });
const now = values.now ? new Date(values.now) : new Date();
if (Number.isNaN(now.getTime()) || (values.only && values.only !== "reminders" && values.only !== "reports")) {
  console.error("Usage: npm run mails:sellers -- [--now 2026-12-01T09:30:00+05:30] [--only reminders|reports]");
  process.exit(2);
}

const db = openDatabase();
try {
  await migrateToLatest(db);
  const { reminders, reports } =
    values.only === "reminders"
      ? { reminders: await sendRenewalReminders(db, now), reports: 0 }
      : values.only === "reports"
        ? { reminders: 0, reports: await sendMonthlyReports(db, now) }
        : await runSellerMails(db, now);
  await backgroundDeliveriesSettled();
  console.log(
    `${describeTarget()}: queued ${reminders} renewal reminder(s) and ${reports} monthly report(s) for ${now.toISOString()}.`,
  );
} finally {
  await db.destroy();
}
