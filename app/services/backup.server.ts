import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join, relative, resolve } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  backupFileName,
  copyDatabaseTo,
  type DB,
  describeTarget,
  integrityOf,
  keepAside,
  openDatabase,
  otherEngineBackupFileName,
  restoreDatabase,
  rowCountsOfBackupFile,
  scratchDatabaseFor,
  targetOf,
} from "~db/client";
import { COPY_ORDER, rowCounts } from "~db/copy";
import {
  type BackupRun,
  finishBackupRun,
  markBackupDrilled,
  recentBackupRuns,
  settleRestoredRun,
  startBackupRun,
} from "~/models/backup-runs.server";
import { openSealedFile, SealRefused, sealFile } from "./backup-seal.server";
import { config, type Settings } from "./config.server";
import { readOncePerScrape, registerDatabaseGauge } from "./metrics.server";
import { uploadsDir } from "./upload-folders.server";
import { connectS3, describeS3Error, S3Store, type StoredObject, uploadStore } from "./upload-store.server";

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

/** What a backup folder holds, written beside it (manifest.json): what a drill checks a restore against. */
export const MANIFEST = "manifest.json";
type Manifest = {
  name: string;
  taken_at: string;
  database: string;
  /** Rows per table, read from the backup's own database file (its snapshot, not the live site). */
  tables: Record<string, number | null>;
  /** The uploads folder's files in the backup (path under uploads/, bytes, SHA-256); none on a bucket. */
  uploads: { path: string; size: number; sha256: string }[];
};

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/** Every file under `root` (relative paths, sorted). */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    },
  );
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();
}

async function uploadsManifest(root: string): Promise<Manifest["uploads"]> {
  const listed: Manifest["uploads"] = [];
  for (const path of await filesUnder(root)) {
    const file = join(root, path);
    listed.push({ path, size: (await stat(file)).size, sha256: await sha256Of(file) });
  }
  return listed;
}

async function writeManifest(folder: string, name: string, database: string): Promise<void> {
  const manifest: Manifest = {
    name,
    taken_at: new Date().toISOString(),
    database,
    tables: await rowCountsOfBackupFile(join(folder, database), COPY_ORDER),
    uploads: await uploadsManifest(join(folder, "uploads")),
  };
  await writeFile(join(folder, MANIFEST), JSON.stringify(manifest, null, 1));
}

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
    await writeManifest(partial, basename(target), backupFileName(targetOf(db)));
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
  await writeManifest(partial, basename(target), backupFileName(targetOf(db)));
  await rename(partial, target);
  return target;
}

/** The time in a backup's name (backup-2026-01-01T10-02-00-000Z), or null. */
function timeOfName(name: string): number | null {
  const match = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(name);
  if (!match) return null;
  const time = Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`);
  return Number.isNaN(time) ? null : time;
}

/**
 * Of backups' names (each `backup-<time>…`), those retention deletes: all but the newest `keep`, and
 * those older than `keepDays` (0: no age limit); the newest is always kept.
 */
export function namesToDelete(
  names: string[],
  keep: number,
  keepDays: number,
  now = new Date(),
  spare?: string,
): string[] {
  const sorted = [...names].sort();
  const newest = sorted.at(-1);
  const tooMany = new Set(sorted.slice(0, Math.max(0, sorted.length - keep)));
  const oldest = keepDays > 0 ? now.getTime() - keepDays * 86_400_000 : null;
  return sorted.filter((name) => {
    if (name === newest || name === spare) return false;
    const time = timeOfName(name);
    return tooMany.has(name) || (oldest !== null && time !== null && time < oldest);
  });
}

/** A new backup in BACKUP_DIR, keeping only the newest `keep` (and none older than `keepDays`, 0: no limit). */
export async function backupWithRetention(
  db: DB,
  backupDir: string,
  keep: number,
  now = new Date(),
  keepDays = 0,
): Promise<string> {
  const made = await backupTo(db, join(backupDir, stampName(now)));
  const names = (await readdir(backupDir)).filter((n) => n.startsWith("backup-") && !n.endsWith(".partial")).sort();
  for (const old of namesToDelete(names, keep, keepDays, now, basename(made)))
    await rm(join(backupDir, old), { recursive: true, force: true });
  return made;
}

// ---- Backups that leave the machine (docs/decisions/225-backups-leave-the-machine.md) ----

type BackupBucket = NonNullable<Settings["backup"]["s3"]>;
const SEALED_SUFFIX = ".tar.enc";

/** Runs a command to its end; rejects with its error output. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => void (errors += chunk.toString("utf8")));
    child.on("error", fail);
    child.on("close", (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args[0]} failed (${code}): ${errors.trim()}`)),
    );
  });
}

/** The backup folder packed into one tar file by the system's `tar` (POSIX ustar/GNU, no compression). */
const packFolder = (folder: string, archive: string) => run("tar", ["-cf", archive, "-C", folder, "."]);
const unpackArchive = (archive: string, folder: string) =>
  run("tar", ["-xf", archive, "-C", folder, "--no-same-owner", "--no-same-permissions"]);

/** An s3:// address of a backup: its bucket and key (".tar.enc" added when left out). */
export function parseBackupUrl(url: string): { bucket: string; key: string; name: string } | null {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])\/(.+)$/.exec(url.trim());
  if (!match) return null;
  const key = match[2]!.endsWith(SEALED_SUFFIX) ? match[2]! : `${match[2]!.replace(/\/+$/, "")}${SEALED_SUFFIX}`;
  if (key.split("/").includes("..")) return null;
  const name = basename(key).slice(0, -SEALED_SUFFIX.length);
  return { bucket: match[1]!, key, name };
}

/** The bucket's side of backups: put a file, get one into a file, list the prefix, delete. */
class BackupObjects {
  private connection?: ReturnType<typeof connectS3>;
  constructor(readonly s3: Omit<BackupBucket, "bucket" | "prefix">) {}
  private connect() {
    return (this.connection ??= connectS3({ ...this.s3 }));
  }
  private failure(error: unknown, bucket: string): Error {
    return new Error(
      `the backup bucket: ${describeS3Error(error, { bucket, endpoint: this.s3.endpoint }).replace(/^S3_BUCKET: /, "")}`,
    );
  }
  async put(bucket: string, key: string, file: string): Promise<void> {
    const { client, sdk } = await this.connect();
    const size = (await stat(file)).size;
    try {
      // One PUT of the file streamed from disk (up to 5 GB, S3's limit for one PUT).
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: "application/octet-stream",
        }),
      );
    } catch (error) {
      throw this.failure(error, bucket);
    }
  }
  async download(bucket: string, key: string, file: string): Promise<void> {
    const { client, sdk } = await this.connect();
    let body: Readable;
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
      body = answer.Body as Readable;
    } catch (error) {
      throw this.failure(error, bucket);
    }
    await pipeline(body, createWriteStream(file));
  }
  async list(bucket: string, prefix: string): Promise<{ key: string; size: number }[]> {
    const { client, sdk } = await this.connect();
    const found: { key: string; size: number }[] = [];
    let token: string | undefined;
    try {
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key) found.push({ key: object.Key, size: object.Size ?? 0 });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } catch (error) {
      throw this.failure(error, bucket);
    }
    return found;
  }
  async delete(bucket: string, key: string): Promise<void> {
    const { client, sdk } = await this.connect();
    try {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    } catch (error) {
      throw this.failure(error, bucket);
    }
  }
}

function bucketSettings(): BackupBucket {
  const s3 = config().backup.s3;
  if (!s3) throw new Error("BACKUP_S3_BUCKET is not set (with the S3_* settings that reach it)");
  return s3;
}

function encryptionKey(): Buffer {
  const key = config().backup.encryptionKey;
  if (!key) throw new Error("BACKUP_ENCRYPTION_KEY is not set: the key the backups were encrypted with");
  return key;
}

/** Packs a backup folder, encrypts it and puts it in the bucket; its s3:// address and size. */
async function sendToBucket(
  folder: string,
  bucket: BackupBucket,
  key: Buffer,
): Promise<{ url: string; bytes: number }> {
  const work = await mkdtemp(join(tmpdir(), "bwp-backup-"));
  try {
    const name = basename(folder);
    const archive = join(work, `${name}.tar`);
    const sealed = join(work, `${name}${SEALED_SUFFIX}`);
    await packFolder(folder, archive);
    const { bytes } = await sealFile(archive, sealed, key);
    await rm(archive, { force: true });
    const objectKey = `${bucket.prefix}/${name}${SEALED_SUFFIX}`;
    await new BackupObjects(bucket).put(bucket.bucket, objectKey, sealed);
    return { url: `s3://${bucket.bucket}/${objectKey}`, bytes };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Retention in the bucket: by count (BACKUP_KEEP) and age (BACKUP_KEEP_DAYS); the keys deleted. */
export async function pruneBucket(
  bucket: BackupBucket,
  keep: number,
  keepDays: number,
  now = new Date(),
  spare?: string,
): Promise<string[]> {
  const objects = new BackupObjects(bucket);
  const prefix = `${bucket.prefix}/`;
  const names = (await objects.list(bucket.bucket, prefix))
    .map((o) => o.key.slice(prefix.length))
    .filter((n) => n.startsWith("backup-") && n.endsWith(SEALED_SUFFIX) && !n.includes("/"));
  const gone: string[] = [];
  for (const name of namesToDelete(names, keep, keepDays, now, spare && `${spare}${SEALED_SUFFIX}`)) {
    await objects.delete(bucket.bucket, `${prefix}${name}`);
    gone.push(`${prefix}${name}`);
  }
  return gone;
}

async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const path of await filesUnder(folder)) total += (await stat(join(folder, path))).size;
  return total;
}

export type BackupOutcome =
  | { ok: true; name: string; localPath: string; s3Url: string | null; sizeBytes: number }
  | { ok: false; name: string; error: string };

/**
 * One backup run, recorded in backup_runs: the folder in BACKUP_DIR (retention by BACKUP_KEEP and
 * BACKUP_KEEP_DAYS), and with BACKUP_S3_BUCKET the folder packed, encrypted and sent to the bucket
 * (the same retention there). A failure is recorded and returned, never thrown.
 */
export async function runBackup(db: DB, now = new Date()): Promise<BackupOutcome> {
  const settings = config().backup;
  const name = stampName(now);
  const id = await startBackupRun(db, name, now.toISOString());
  try {
    const localPath = await backupWithRetention(db, settings.dir, settings.keep, now, settings.keepDays);
    let s3Url: string | null = null;
    let sizeBytes = await folderBytes(localPath);
    if (settings.s3) {
      const sent = await sendToBucket(localPath, settings.s3, encryptionKey());
      s3Url = sent.url;
      sizeBytes = sent.bytes;
      await pruneBucket(settings.s3, settings.keep, settings.keepDays, now, name);
    }
    await finishBackupRun(db, id, { finishedAt: new Date().toISOString(), ok: true, sizeBytes, localPath, s3Url });
    return { ok: true, name, localPath, s3Url, sizeBytes };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await finishBackupRun(db, id, { finishedAt: new Date().toISOString(), ok: false, error: message.slice(0, 2000) });
    return { ok: false, name, error: message };
  }
}

/** Fetches s3://… into `work`, checks every chunk with the key and unpacks it: the backup folder. */
async function fetchBackup(url: string, work: string): Promise<{ folder: string; name: string; url: string }> {
  const parsed = parseBackupUrl(url);
  if (!parsed) throw new Error(`${url} is not an s3://<bucket>/<prefix>/<backup> address`);
  const key = encryptionKey();
  const sealed = join(work, "backup.tar.enc");
  const archive = join(work, "backup.tar");
  await new BackupObjects(bucketSettings()).download(parsed.bucket, parsed.key, sealed);
  await openSealedFile(sealed, archive, key);
  await rm(sealed, { force: true });
  const folder = join(work, parsed.name);
  await mkdir(folder);
  await unpackArchive(archive, folder);
  await rm(archive, { force: true });
  return { folder, name: parsed.name, url: `s3://${parsed.bucket}/${parsed.key}` };
}

/** A refusal's message, or the error thrown on. */
function refusal(error: unknown): { ok: false; message: string } {
  if (error instanceof SealRefused) return { ok: false, message: error.message };
  if (error instanceof Error) return { ok: false, message: error.message };
  throw error;
}

/**
 * Restores a backup from the bucket into a stopped site (`npm run db:restore -- --from s3://…`): fetched,
 * every chunk verified with BACKUP_ENCRYPTION_KEY and unpacked in a temporary folder before anything of
 * the site is touched (a wrong key or a changed object changes nothing), then restored as a folder is.
 */
export async function restoreFromBucket(url: string, target: string, uploads = uploadsDir()): Promise<RestoreResult> {
  const work = await mkdtemp(join(tmpdir(), "bwp-restore-"));
  try {
    const fetched = await fetchBackup(url, work).catch(refusal);
    if ("ok" in fetched) return fetched;
    const restored = await restoreFrom(fetched.folder, target, uploads);
    if (restored.ok) {
      // The restored database holds this run's row as it was when the copy was taken: still running.
      const manifest = await readManifest(fetched.folder);
      const site = openDatabase(target, { poolSize: 1 });
      try {
        await settleRestoredRun(site, fetched.name, manifest?.taken_at ?? new Date().toISOString(), fetched.url);
      } finally {
        await site.destroy();
      }
    }
    return restored;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function readManifest(folder: string): Promise<Manifest | null> {
  const text = await readFile(join(folder, MANIFEST), "utf8").catch(() => null);
  return text === null ? null : (JSON.parse(text) as Manifest);
}

export type DrillResult =
  | { ok: true; name: string; tables: number; rows: number; uploads: number; note: string; marked: number }
  | { ok: false; message: string };

/**
 * A restore drill (`npm run db:restore -- --drill --from s3://…`): the backup fetched and verified as for
 * a restore, its database restored into a scratch database (never the site's), checked (integrity, every
 * table's rows against the counts the backup recorded from its own copy, every upload's bytes against its
 * SHA-256), the scratch database dropped, and the run marked drill-restored in the site's database.
 */
export async function drillFromBucket(db: DB, url: string): Promise<DrillResult> {
  const work = await mkdtemp(join(tmpdir(), "bwp-drill-"));
  try {
    const fetched = await fetchBackup(url, work).catch(refusal);
    if ("ok" in fetched) return fetched;
    const manifest = await readManifest(fetched.folder);
    if (!manifest) return { ok: false, message: `the backup holds no ${MANIFEST}: nothing to check the drill against` };
    const live = targetOf(db);
    const file = join(fetched.folder, backupFileName(live));
    const verdict = await stat(file).then(
      () => integrityOf(file),
      () => `${backupFileName(live)} is missing (a backup of the other engine?)`,
    );
    if (verdict !== "ok") return { ok: false, message: `the backup's database fails its check: ${verdict}` };
    const scratch = await scratchDatabaseFor(live, work);
    let counts: Record<string, number | null>;
    try {
      const restored = await restoreDatabase(file, scratch.target);
      if (!restored.ok) return restored;
      const restoredDb = openDatabase(scratch.target, { poolSize: 1 });
      try {
        counts = await rowCounts(restoredDb);
      } finally {
        await restoredDb.destroy();
      }
    } finally {
      await scratch.drop();
    }
    const differ = Object.entries(manifest.tables).filter(([table, n]) => counts[table] !== n);
    if (differ.length)
      return {
        ok: false,
        message: `the restored database differs from the backup's record: ${differ
          .map(([t, n]) => `${t} ${String(counts[t])} rows, recorded ${String(n)}`)
          .join("; ")}`,
      };
    for (const upload of manifest.uploads) {
      const path = join(fetched.folder, "uploads", upload.path);
      const sha = await sha256Of(path).catch(() => null);
      if (sha !== upload.sha256) return { ok: false, message: `the upload ${upload.path} is missing or changed` };
    }
    const rows = Object.values(counts).reduce<number>((sum, n) => sum + (n ?? 0), 0);
    const note = `${Object.keys(counts).length} tables, ${rows} rows, ${manifest.uploads.length} uploads`;
    const marked = await markBackupDrilled(db, fetched.name, new Date().toISOString(), note);
    return {
      ok: true,
      name: fetched.name,
      tables: Object.keys(counts).length,
      rows,
      uploads: manifest.uploads.length,
      note,
      marked,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export type BackupStatus = {
  /** The newest successful run (its size, place, drill), or null. */
  lastOk: BackupRun | null;
  /** The newest finished run, ok or not. */
  last: BackupRun | null;
  /** When the newest failed run started, or null. */
  lastFailedAt: string | null;
  failuresSinceLastOk: number;
  lastSizeBytes: number | null;
  /** Scheduled backups (BACKUP_EVERY_HOURS) with none successful within twice the interval. */
  overdue: boolean;
  /** The newest run failed, or the schedule is overdue: the admin dashboard lists it. */
  failing: boolean;
};

/**
 * The backups' state from backup_runs, for /admin/settings, the admin dashboard and /metrics
 * (docs/decisions/225-backups-leave-the-machine.md).
 */
export async function backupStatus(db: DB, now = new Date()): Promise<BackupStatus> {
  const { last, lastOk, lastFailed, failuresSinceLastOk } = await recentBackupRuns(db);
  const everyHours = config().backup.everyHours;
  // With no successful run ever, the first scheduled one is due one interval after the start: a failed
  // one shows as failing; none yet is not overdue.
  const overdue =
    everyHours > 0 &&
    lastOk !== null &&
    now.getTime() - Date.parse(lastOk.finished_at ?? lastOk.started_at) > 2 * everyHours * 3_600_000;
  return {
    lastOk,
    last,
    lastFailedAt: lastFailed?.started_at ?? null,
    failuresSinceLastOk,
    lastSizeBytes: lastOk?.size_bytes ?? null,
    overdue,
    failing: last?.ok === 0 || overdue,
  };
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

/** What /admin/settings and the admin dashboard show of the backups (plain data for the page). */
export type BackupView = {
  everyHours: number;
  lastOk: {
    finishedAt: string;
    sizeBytes: number | null;
    localPath: string | null;
    s3Url: string | null;
    drilledAt: string | null;
  } | null;
  lastFailed: { at: string; error: string } | null;
  failuresSinceLastOk: number;
  overdue: boolean;
  failing: boolean;
};

export async function backupView(db: DB, now = new Date()): Promise<BackupView> {
  const status = await backupStatus(db, now);
  const { lastOk, last } = status;
  return {
    everyHours: config().backup.everyHours,
    lastOk: lastOk
      ? {
          finishedAt: lastOk.finished_at ?? lastOk.started_at,
          sizeBytes: lastOk.size_bytes,
          localPath: lastOk.local_path,
          s3Url: lastOk.s3_url,
          drilledAt: lastOk.drilled_at,
        }
      : null,
    lastFailed: last && last.ok === 0 ? { at: last.started_at, error: last.error ?? "" } : null,
    failuresSinceLastOk: status.failuresSinceLastOk,
    overdue: status.overdue,
    failing: status.failing,
  };
}

/**
 * The backups' numbers for /metrics (Prometheus gauges): when the newest good backup finished and the newest
 * failed run started (Unix seconds, null for never), the failed runs since the newest good one, the newest
 * good one's size in bytes, when a drill last restored it, and whether the dashboard lists backups failing.
 */
export async function backupMetrics(
  db: DB,
  now = new Date(),
): Promise<{
  lastOkAt: number | null;
  lastFailedAt: number | null;
  failuresSinceLastOk: number;
  lastSizeBytes: number | null;
  lastDrilledAt: number | null;
  failing: boolean;
}> {
  const status = await backupStatus(db, now);
  const seconds = (iso: string | null | undefined) => (iso ? Math.floor(Date.parse(iso) / 1000) : null);
  return {
    lastOkAt: seconds(status.lastOk?.finished_at ?? status.lastOk?.started_at),
    lastFailedAt: seconds(status.lastFailedAt),
    failuresSinceLastOk: status.failuresSinceLastOk,
    lastSizeBytes: status.lastSizeBytes,
    lastDrilledAt: seconds(status.lastOk?.drilled_at),
    failing: status.failing,
  };
}

// /metrics (docs/decisions/224-metrics.md): the backups' state, read from backup_runs once per scrape.
const backupMetricsOfScrape = readOncePerScrape((db: DB) => backupMetrics(db));
registerDatabaseGauge({
  name: "bwp_backup_failing",
  help: "1 when the last backup failed, or none succeeded within twice BACKUP_EVERY_HOURS (as the admin dashboard says), else 0.",
  read: async (db) => [{ value: (await backupMetricsOfScrape(db)).failing ? 1 : 0 }],
});
registerDatabaseGauge({
  name: "bwp_backup_failures",
  help: "Backups that failed since the last good one.",
  read: async (db) => [{ value: (await backupMetricsOfScrape(db)).failuresSinceLastOk }],
});
registerDatabaseGauge({
  name: "bwp_backup_last_success_timestamp_seconds",
  help: "When the last good backup finished (Unix seconds); absent before the first.",
  read: async (db) => {
    const { lastOkAt } = await backupMetricsOfScrape(db);
    return lastOkAt === null ? [] : [{ value: lastOkAt }];
  },
});
