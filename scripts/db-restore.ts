// npm run db:restore -- <backup folder>   into a STOPPED site: checks the copy, then replaces the
// database file and the uploads folder (the replaced ones are kept as *.before-restore); on a bucket it
// lists the objects the backup names that the bucket lacks now
import { databaseTarget, describeTarget } from "~db/client";
import { restoreFrom } from "~/services/backup.server";

const source = process.argv[2];
if (!source) {
  console.error("usage: npm run db:restore -- <backup folder>   (stop the site first)");
  process.exit(2);
}
const result = await restoreFrom(source, databaseTarget());
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
