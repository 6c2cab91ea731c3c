// npm run db:restore -- <backup folder>                 into a STOPPED site: checks the copy, then replaces
//                                                       the database file and the uploads folder (the replaced
//                                                       ones are kept as *.before-restore); on a bucket it
//                                                       lists the objects the backup names that the bucket
//                                                       lacks now
// npm run db:restore -- --from s3://<bucket>/<prefix>/<backup>
//                                                       the same from an encrypted backup in the bucket
//                                                       (BACKUP_ENCRYPTION_KEY): fetched and verified before
//                                                       anything of the site is touched
// npm run db:restore -- --drill --from s3://…           a restore drill, safe while the site runs: restored
//                                                       into a scratch database, checked, dropped; the run is
//                                                       marked drill-restored (docs/decisions/225-backups-leave-the-machine.md)
import { databaseTarget, describeTarget, openDatabase } from "~db/client";
import { drillFromBucket, type RestoreResult, restoreFrom, restoreFromBucket } from "~/services/backup.server";

const args = process.argv.slice(2);
const drill = args.includes("--drill");
const fromAt = args.indexOf("--from");
const from = fromAt >= 0 ? args[fromAt + 1] : undefined;
const source = from ?? args.find((a) => !a.startsWith("--"));
const usage =
  "usage: npm run db:restore -- <backup folder>   |   --from s3://<bucket>/<prefix>/<backup>   |   --drill --from s3://…   (stop the site first, but for a drill)";
if (!source || (fromAt >= 0 && !from) || (drill && !from?.startsWith("s3://"))) {
  console.error(usage);
  process.exit(2);
}

if (drill) {
  const db = openDatabase();
  try {
    const result = await drillFromBucket(db, source);
    if (!result.ok) {
      console.error(`drill failed: ${result.message}`);
      process.exitCode = 1;
    } else {
      console.log(`drill passed: ${source} restored into a scratch database and checked (${result.note})`);
      if (!result.marked) console.warn(`no run named ${result.name} is recorded in this site's backup_runs to mark`);
    }
  } finally {
    await db.destroy();
  }
} else {
  const result: RestoreResult = source.startsWith("s3://")
    ? await restoreFromBucket(source, databaseTarget())
    : await restoreFrom(source, databaseTarget());
  if (!result.ok) {
    console.error(`not restored: ${result.message}`);
    process.exit(1);
  }
  console.log(`restored ${source} into ${describeTarget()}; start the site again`);
  if (result.missingObjects?.length) {
    console.warn(
      `the bucket lacks ${result.missingObjects.length} objects the backup lists (deleted or changed since): recover them from the bucket's versions or the second bucket (README.md, Operations):`,
    );
    for (const key of result.missingObjects) console.warn(`  ${key}`);
  }
}
