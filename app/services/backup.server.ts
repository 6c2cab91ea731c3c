import { cp, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
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
import { uploadStore } from "./upload-store.server";

// Backups while the site runs: the database as one consistent snapshot of every committed write, taken
// without stopping the site (SQLite's `VACUUM INTO` → app.db, PostgreSQL's pg_dump → app.pgdump), and
// the uploads folder next to it, in one folder per backup. Restores check the copy first (SQLite's
// integrity check, pg_restore reading the archive).

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
  if (store.kind === "s3") {
    // The bucket keeps the files (its versioning or a second bucket keeps deleted ones: docs/operations.md);
    // the backup records which objects the database's rows point at, with their sizes and checksums.
    const objects = [...(await store.list("public/")), ...(await store.list("private/"))];
    await writeFile(join(partial, "uploads-objects.json"), JSON.stringify({ objects }, null, 1));
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

export type RestoreResult = { ok: true } | { ok: false; message: string };

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
  await keepAside(uploads);
  await cp(join(resolve(dir), "uploads"), uploads, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
  return { ok: true };
}
