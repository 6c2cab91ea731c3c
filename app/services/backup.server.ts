import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import {
  backupFileName,
  copyDatabaseTo,
  type DB,
  describeTarget,
  integrityOf,
  keepAside,
  otherEngineBackupFileName,
  restoreDatabase,
  targetOf,
} from "~db/client";
import { uploadsDir } from "./upload-folders.server";
import { S3Store, type StoredObject, uploadStore } from "./upload-store.server";

// Backups while the site runs: the database as one consistent snapshot of every committed write, taken
// without stopping the site (SQLite's `VACUUM INTO` → app.db, PostgreSQL's pg_dump → app.pgdump), and
// the uploads folder next to it, in one folder per backup. Restores check the copy first (SQLite's
// integrity check, pg_restore reading the archive).

/** The list of a bucket's objects a backup on S3 keeps beside the database dump. */
export const OBJECT_LIST = "uploads-objects.json";
type ObjectList = {
  bucket: string;
  endpoint: string | null;
  taken_at: string;
  checksum: string;
  objects: StoredObject[];
};

function stampName(now = new Date()): string {
  return `backup-${now.toISOString().replace(/[:.]/g, "-")}`;
}

/** Writes `<dir>/app.db` and `<dir>/uploads/`; the folder appears complete or not at all. */
export async function backupTo(db: DB, dir: string): Promise<string> {
  const target = resolve(dir);
  const partial = `${target}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  await copyDatabaseTo(db, join(partial, backupFileName(targetOf(db))));
  const store = uploadStore();
  if (store instanceof S3Store) {
    // The bucket keeps the files (its versioning or a second bucket keeps deleted ones: README.md,
    // Operations); the backup records every object with its size and checksum, so a restore can tell
    // which files the restored rows need back.
    const objects = [...(await store.list("public/")), ...(await store.list("private/"))];
    const list: ObjectList = {
      bucket: store.s3.bucket,
      endpoint: store.s3.endpoint ?? null,
      taken_at: new Date().toISOString(),
      checksum: "etag: the MD5 of the object's bytes (each is written in one PUT, without KMS encryption)",
      objects,
    };
    await writeFile(join(partial, OBJECT_LIST), JSON.stringify(list, null, 1));
    await rename(partial, target);
    return target;
  }
  // The cache (share cards) is drawn again on demand: not worth backing up.
  const cache = join(uploadsDir(), "cache");
  await cp(uploadsDir(), join(partial, "uploads"), {
    recursive: true,
    force: true,
    filter: (source) => source !== cache,
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
  await rename(partial, target);
  return target;
}

/** A new backup in BACKUP_DIR, keeping only the newest `keep`. */
export async function backupWithRetention(db: DB, backupDir: string, keep: number, now = new Date()): Promise<string> {
  const made = await backupTo(db, join(backupDir, stampName(now)));
  const names = (await readdir(backupDir)).filter((n) => n.startsWith("backup-") && !n.endsWith(".partial")).sort();
  for (const old of names.slice(0, Math.max(0, names.length - keep)))
    await rm(join(backupDir, old), { recursive: true, force: true });
  return made;
}

export type RestoreResult =
  | {
      ok: true;
      /** On a bucket: objects the backup lists that the bucket lacks now (or holds with another size or checksum). */
      missingObjects?: string[];
    }
  | { ok: false; message: string };

/** The objects of a backup's list that the bucket does not hold as they were (to recover from its versions). */
async function objectsMissingSince(dir: string): Promise<string[] | undefined> {
  const store = uploadStore();
  const text = await readFile(join(resolve(dir), OBJECT_LIST), "utf8").catch(() => null);
  if (text === null || !(store instanceof S3Store)) return undefined;
  const listed = (JSON.parse(text) as ObjectList).objects;
  const now = new Map(
    [...(await store.list("public/")), ...(await store.list("private/"))].map((o) => [o.key, o] as const),
  );
  return listed
    .filter((o) => {
      const found = now.get(o.key);
      return !found || found.size !== o.size || (o.etag && found.etag && o.etag !== found.etag);
    })
    .map((o) => o.key);
}

/**
 * Puts a backup in place of the database and uploads folder of a stopped site, after checking the copy.
 * `target` is the SQLite file (the replaced one is kept beside it, `.before-restore`) or the PostgreSQL
 * URL (its content is replaced in one transaction: a failed restore changes nothing). The replaced
 * uploads folder is kept beside it too.
 */
export async function restoreFrom(dir: string, target: string, uploads = uploadsDir()): Promise<RestoreResult> {
  const source = join(resolve(dir), backupFileName(target));
  try {
    await stat(source);
  } catch {
    const other = join(resolve(dir), otherEngineBackupFileName(target));
    const exists = await stat(other).then(
      () => true,
      () => false,
    );
    return {
      ok: false,
      message: exists
        ? `${dir} is a backup of the other engine than ${describeTarget(target)}: move a SQLite site with npm run db:copy`
        : `${source} does not exist`,
    };
  }
  const verdict = integrityOf(source);
  if (verdict !== "ok") return { ok: false, message: `the backup fails its integrity check: ${String(verdict)}` };
  const restored = await restoreDatabase(source, target);
  if (!restored.ok) return restored;
  // A backup of a bucket holds no files: the bucket keeps them, and what it lacks now is reported.
  const missingObjects = await objectsMissingSince(dir);
  if (missingObjects) return { ok: true, missingObjects };
  await keepAside(uploads);
  await cp(join(resolve(dir), "uploads"), uploads, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
  return { ok: true };
}
