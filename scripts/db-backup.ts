// npm run db:backup -- [folder]   a consistent copy of the database and uploads while the site runs
//                                 (default: BACKUP_DIR or ./data/backups, one folder per backup)
import { join } from "node:path";
import { describeTarget, openDatabase } from "~db/client";
import { backupTo } from "~/services/backup.server";
import { config } from "~/services/config.server";

const target = process.argv[2] ?? join(config().backup.dir, `backup-${new Date().toISOString().replace(/[:.]/g, "-")}`);
const db = openDatabase();
try {
  const made = await backupTo(db, target);
  console.log(`backed up ${describeTarget()} and the uploads into ${made}`);
} finally {
  await db.destroy();
}
