// npm run db:backup -- [folder]   a consistent copy of the database and uploads while the site runs
//                                 (default: a run as the schedule makes it: BACKUP_DIR or ./data/backups, one
//                                 folder per backup, BACKUP_KEEP/BACKUP_KEEP_DAYS, and with BACKUP_S3_BUCKET
//                                 the folder packed, encrypted and sent to the bucket; recorded in backup_runs)
import { describeTarget, openDatabase } from "~db/client";
import { backupTo, runBackup } from "~/services/backup.server";

const folder = process.argv[2];
const db = openDatabase();
try {
  if (folder) {
    const made = await backupTo(db, folder);
    console.log(`backed up ${describeTarget()} and the uploads into ${made}`);
  } else {
    const outcome = await runBackup(db);
    if (!outcome.ok) {
      console.error(`backup failed: ${outcome.error}`);
      process.exitCode = 1;
    } else {
      console.log(`backed up ${describeTarget()} and the uploads into ${outcome.localPath}`);
      if (outcome.s3Url) console.log(`sent encrypted to ${outcome.s3Url} (${outcome.sizeBytes} bytes)`);
    }
  }
} finally {
  await db.destroy();
}
