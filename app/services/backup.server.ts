import { cp, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { copyDatabaseTo, type DB, integrityOf } from "~db/client";
import { uploadsDir } from "./upload-folders.server";

// Backups while the site runs: the database through `VACUUM INTO` (a consistent snapshot of every
// committed write, taken on the live connection without stopping it) and the uploads folder next to
// it, in one folder per backup. Restores check the copy with `PRAGMA integrity_check` first.

export const BACKUP_DB_FILE = "app.db";

function stampName(now = new Date()): string {
  return `backup-${now.toISOString().replace(/[:.]/g, "-")}`;
}

/** Writes `<dir>/app.db` and `<dir>/uploads/`; the folder appears complete or not at all. */
export async function backupTo(db: DB, dir: string): Promise<string> {
  const target = resolve(dir);
  const partial = `${target}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  await copyDatabaseTo(db, join(partial, BACKUP_DB_FILE));
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
 * Puts a backup in place of the database file and uploads folder of a stopped site, after checking the
 * copy; the replaced files are kept beside them (`.before-restore`).
 */
export async function restoreFrom(dir: string, databaseFile: string, uploads = uploadsDir()): Promise<RestoreResult> {
  const source = join(resolve(dir), BACKUP_DB_FILE);
  try {
    await stat(source);
  } catch {
    return { ok: false, message: `${source} does not exist` };
  }
  const verdict = integrityOf(source);
  if (verdict !== "ok") return { ok: false, message: `the backup fails its integrity check: ${String(verdict)}` };
  const keepAside = async (path: string) => {
    await rm(`${path}.before-restore`, { recursive: true, force: true });
    await rename(path, `${path}.before-restore`).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  };
  await keepAside(databaseFile);
  for (const suffix of ["-wal", "-shm"]) await rm(`${databaseFile}${suffix}`, { force: true });
  await cp(source, databaseFile);
  await keepAside(uploads);
  await cp(join(resolve(dir), "uploads"), uploads, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
  return { ok: true };
}
