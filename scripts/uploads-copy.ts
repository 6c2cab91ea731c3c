// npm run uploads:copy -- --to s3://bucket
// Copies the uploads folder (UPLOADS_DIR: public/ and private/) of a STOPPED site into an empty S3
// bucket, then compares the bucket's keys and sizes with the folder's. The bucket's address and
// credentials are the site's S3 settings (S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY,
// S3_FORCE_PATH_STYLE); --to names the bucket. Then start the instances with S3_BUCKET set to it.
import { parseArgs } from "node:util";
import { config } from "~/services/config.server";
import { CopyRefused, copyUploads, FolderStore, S3Store } from "~/services/upload-store.server";

const { values } = parseArgs({ options: { to: { type: "string" }, from: { type: "string" } } });
const bucket = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])\/?$/.exec(values.to ?? "")?.[1];
if (!bucket) {
  console.error("usage: npm run uploads:copy -- --to s3://bucket [--from folder]   (stop the site first)");
  process.exit(2);
}
// The bucket's settings are checked as the site checks them (a bad one is named), with --to as S3_BUCKET.
process.env.S3_BUCKET = bucket;
let settings;
try {
  settings = config();
} catch (error) {
  console.error(`not copied: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
const from = new FolderStore(values.from ?? settings.uploadsDir);
const to = new S3Store(settings.s3!);
const ready = await to.check();
if (!ready.ok) {
  console.error(`not copied: ${ready.detail}`);
  process.exit(1);
}
try {
  const report = await copyUploads(from, to);
  console.log(
    `copied ${from.root} into s3://${bucket}: ${report.objects} objects, ${report.bytes} bytes, keys and sizes checked`,
  );
  console.log(`Start the site with S3_BUCKET=${bucket} (and the same S3 settings).`);
} catch (error) {
  console.error(`not copied: ${error instanceof CopyRefused ? error.message : String(error)}`);
  process.exitCode = 1;
}
