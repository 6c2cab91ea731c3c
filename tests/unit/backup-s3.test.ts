import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, openDatabase } from "~db/client";
import { COPY_ORDER } from "~db/copy";
import { createReviewRow, createSeller } from "~db/seed/factories";
import {
  backupMetrics,
  backupStatus,
  drillFromBucket,
  parseBackupUrl,
  restoreFromBucket,
  runBackup,
} from "~/services/backup.server";
import { openSealedFile, sealFile } from "~/services/backup-seal.server";
import { parseSettings, reloadConfig, SettingsError } from "~/services/config.server";
import { connectS3 } from "~/services/upload-store.server";
import { type LocalS3, setEnv, startLocalS3 } from "../support/s3-server";
import { createTestDb } from "../support/test-db";

// Backups that leave the machine (docs/decisions/225-backups-leave-the-machine.md), on the engine of the run:
// a backup sent encrypted to the suite's S3 server, the site changed, restored from s3:// and compared table by
// table and upload by upload; a wrong key and a flipped byte refused without touching the site; a drill into a
// scratch database; retention in the bucket by count and age; a failed run on record.

const BUCKET = "bwp-backups";
let s3: LocalS3;
let db: DB;
let dir: string;
let path: string;
let cleanup: () => Promise<void>;
let restoreEnv: () => void;
const key = randomBytes(32).toString("base64");

beforeAll(async () => {
  s3 = await startLocalS3("bwp-unused", [BUCKET]);
  ({ db, dir, path, cleanup } = await createTestDb());
  const { S3_BUCKET: _uploadsStayInTheFolder, ...credentials } = s3.env;
  restoreEnv = setEnv({
    ...credentials,
    BACKUP_S3_BUCKET: BUCKET,
    BACKUP_S3_PREFIX: "site/backups",
    BACKUP_ENCRYPTION_KEY: key,
    BACKUP_DIR: join(dir, "backups"),
    BACKUP_KEEP: "2",
    BACKUP_KEEP_DAYS: "30",
  });
  reloadConfig();
}, 30_000);

afterAll(async () => {
  restoreEnv?.();
  await db?.destroy().catch(() => undefined);
  await cleanup?.();
  await s3?.stop();
});

const uploads = () => join(dir, "uploads");

/** Every row of every table (the run log aside: it records the backup itself), in a stable order. */
async function everyRow(on: DB): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of COPY_ORDER) {
    if (table === "backup_runs") continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(on);
    tables[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return tables;
}

function writeUpload(name: string, bytes: Buffer): void {
  const [visibility, file] = name.split("/") as [string, string];
  mkdirSync(join(uploads(), visibility), { recursive: true });
  writeFileSync(join(uploads(), visibility, file), bytes);
}

/** The database file's and the table rows' state, to tell that nothing of the site changed. */
async function enquiries(on: DB): Promise<number> {
  const row = await on
    .selectFrom("enquiries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function bucketObject(objectKey: string): Promise<Buffer> {
  const { client, sdk } = await connectS3(s3Settings());
  const answer = await client.send(new sdk.GetObjectCommand({ Bucket: BUCKET, Key: objectKey }));
  return Buffer.from(await answer.Body!.transformToByteArray());
}

async function putBucketObject(objectKey: string, bytes: Buffer): Promise<void> {
  const { client, sdk } = await connectS3(s3Settings());
  await client.send(new sdk.PutObjectCommand({ Bucket: BUCKET, Key: objectKey, Body: bytes }));
}

async function bucketKeys(prefix: string): Promise<string[]> {
  const { client, sdk } = await connectS3(s3Settings());
  const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!).sort();
}

const s3Settings = () => ({
  endpoint: s3.endpoint,
  region: "us-east-1",
  accessKeyId: s3.env.S3_ACCESS_KEY_ID!,
  secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY!,
  forcePathStyle: true,
});

// One story in steps, in this order even where CI shuffles tests: the backup the first step makes is the one the
// next steps restore with a wrong key, tamper with and drill; the last step's retention then deletes old ones.
describe("backups in a bucket, encrypted", { shuffle: false }, () => {
  let url: string;

  it("restores the site as it was at the backup from s3://, every table and every upload", async () => {
    const seller = await createSeller(db, { business_name: "Before The Backup" });
    const review = await createReviewRow(db, seller, { status: "published", rating: 4 });
    await createReviewRow(db, seller, { status: "pending", rating: 2 });
    writeUpload("public/kept.webp", randomBytes(3000));
    writeUpload("private/card.jpg", randomBytes(500));
    writeUpload("public/deleted-later.webp", Buffer.from("bytes of a file deleted after the backup"));
    const rowsThen = await everyRow(db);
    const filesThen = ["public/kept.webp", "private/card.jpg", "public/deleted-later.webp"].map((name) => [
      name,
      readFileSync(join(uploads(), name)),
    ]);

    const made = await runBackup(db);
    expect(made).toMatchObject({
      ok: true,
      s3Url: expect.stringMatching(/^s3:\/\/bwp-backups\/site\/backups\/backup-/),
    });
    if (!made.ok) return;
    url = made.s3Url!;
    // Nothing readable leaves the machine: the object holds no table name or upload byte in the clear.
    const sealed = await bucketObject(parseBackupUrl(url)!.key);
    expect(sealed.subarray(0, 8).toString()).toBe("BWPBAK01");
    expect(sealed.includes(Buffer.from("Before The Backup"))).toBe(false);
    expect(sealed.includes(Buffer.from("sqlite_master")) || sealed.includes(Buffer.from("PGDMP"))).toBe(false);

    // The site changes: rows inserted, updated and deleted in several tables, an upload added, one deleted.
    await createSeller(db, { business_name: "After The Backup" });
    await db.updateTable("sellers").set({ business_name: "Renamed" }).where("id", "=", seller).execute();
    await db.deleteFrom("reviews").where("id", "=", review).execute();
    await db
      .insertInto("enquiries")
      .values({
        name: "N",
        email: "n@x.in",
        query_type: "Feedback",
        message: "m",
        status: "new",
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    writeUpload("public/added-later.webp", Buffer.from("new"));
    rmSync(join(uploads(), "public", "deleted-later.webp"));
    expect(await everyRow(db)).not.toEqual(rowsThen);

    await db.destroy();
    try {
      expect(await restoreFromBucket(url, path, uploads())).toEqual({ ok: true });
    } finally {
      db = openDatabase(path, { poolSize: 2 });
    }
    expect(await everyRow(db)).toEqual(rowsThen);
    for (const [name, bytes] of filesThen) expect(readFileSync(join(uploads(), name as string))).toEqual(bytes);
    expect(existsSync(join(uploads(), "public", "added-later.webp"))).toBe(false);
    // The restored database knows the run it came from as done.
    expect((await backupStatus(db)).lastOk).toMatchObject({ name: made.name, s3_url: url });
  }, 60_000);

  it("refuses a wrong key and a changed object, and leaves the site as it was", async () => {
    await db
      .insertInto("enquiries")
      .values({
        name: "Kept",
        email: "k@x.in",
        query_type: "Feedback",
        message: "m",
        status: "new",
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const before = await enquiries(db);

    const put = setEnv({ BACKUP_ENCRYPTION_KEY: randomBytes(32).toString("hex") });
    reloadConfig();
    try {
      const wrong = await restoreFromBucket(url, path, uploads());
      expect(wrong).toEqual({ ok: false, message: expect.stringContaining("encrypted with another key") });
    } finally {
      put();
      reloadConfig();
    }

    const sealed = await bucketObject(parseBackupUrl(url)!.key);
    sealed[sealed.length - 100] = sealed[sealed.length - 100]! ^ 1;
    const tampered = url.replace(/\.tar\.enc$/, "-tampered.tar.enc");
    await putBucketObject(parseBackupUrl(tampered)!.key, sealed);
    const changed = await restoreFromBucket(tampered, path, uploads());
    expect(changed).toEqual({ ok: false, message: expect.stringContaining("changed or cut short") });
    // Cut at a chunk's end: the last chunk is missing, which its flag tells.
    await putBucketObject(parseBackupUrl(tampered)!.key, sealed.subarray(0, 32));
    expect(await restoreFromBucket(tampered, path, uploads())).toEqual({
      ok: false,
      message: expect.stringContaining("cut short"),
    });

    expect(await enquiries(db)).toBe(before);
    expect(existsSync(join(uploads(), "public", "kept.webp"))).toBe(true);
  }, 30_000);

  it("drills a restore into a scratch database and marks the run", async () => {
    const before = await enquiries(db);
    const drilled = await drillFromBucket(db, url);
    expect(drilled).toMatchObject({ ok: true, marked: 1, uploads: 3 });
    expect(await enquiries(db)).toBe(before);
    const status = await backupStatus(db);
    expect(status.lastOk?.drilled_at).toEqual(expect.any(String));
    expect(status.lastOk?.drill_note).toContain("3 uploads");
  }, 30_000);

  it("keeps BACKUP_KEEP backups no older than BACKUP_KEEP_DAYS in the bucket, and records a failed run", async () => {
    // A prefix of its own: the bucket's other backups are not this test's.
    const put = setEnv({ BACKUP_S3_PREFIX: "site/retention" });
    reloadConfig();
    const keysNow = () => bucketKeys("site/retention/");
    const day = 86_400_000;
    const now = Date.now();
    const made: string[] = [];
    for (const at of [now - 40 * day, now - day, now - 0.5 * day, now]) {
      const run = await runBackup(db, new Date(at));
      expect(run.ok).toBe(true);
      if (run.ok) made.push(parseBackupUrl(run.s3Url!)!.key);
      if (at === now - day) {
        // Second run: the first is 39 days older than it, beyond BACKUP_KEEP_DAYS (30), though the count allows two.
        const keys = await keysNow();
        expect(keys).not.toContain(made[0]);
        expect(keys).toContain(made[1]);
      }
    }
    // Then by count: the newest two.
    expect(await keysNow()).toEqual(made.slice(2));

    const lift = s3.refuseWrites(BUCKET);
    try {
      const failed = await runBackup(db);
      expect(failed).toMatchObject({ ok: false, error: expect.stringContaining("the backup bucket") });
    } finally {
      lift();
      put();
      reloadConfig();
    }
    const status = await backupStatus(db);
    expect(status).toMatchObject({ failing: true, failuresSinceLastOk: 1, lastFailedAt: expect.any(String) });
    expect(status.lastSizeBytes).toBeGreaterThan(0);
    expect(await backupMetrics(db)).toMatchObject({
      lastOkAt: expect.any(Number),
      lastFailedAt: expect.any(Number),
      failuresSinceLastOk: 1,
      lastSizeBytes: status.lastSizeBytes,
      failing: true,
    });
  }, 60_000);
});

describe("the sealed format", () => {
  it("opens what it sealed, and refuses a file cut at a chunk's end or with chunks swapped", async () => {
    const secret = randomBytes(32);
    const plain = randomBytes(10 * 1024 + 7);
    const file = (name: string) => join(dir, `seal-${name}`);
    writeFileSync(file("plain"), plain);
    await sealFile(file("plain"), file("sealed"), secret, 1024);
    await openSealedFile(file("sealed"), file("opened"), secret);
    expect(readFileSync(file("opened"))).toEqual(plain);

    const sealed = readFileSync(file("sealed"));
    const record = 1024 + 16;
    const refused = async (bytes: Buffer) => {
      writeFileSync(file("bad"), bytes);
      const error = await openSealedFile(file("bad"), file("bad-opened"), secret).then(
        () => null,
        (e: Error) => e.message,
      );
      expect(existsSync(file("bad-opened"))).toBe(false);
      return error;
    };
    // Cut after three whole chunks: each authenticates, but none is sealed as the last.
    expect(await refused(sealed.subarray(0, 32 + 3 * record))).toMatch(/cut short/);
    // Chunks 1 and 2 swapped.
    const swapped = Buffer.concat([
      sealed.subarray(0, 32 + record),
      sealed.subarray(32 + 2 * record, 32 + 3 * record),
      sealed.subarray(32 + record, 32 + 2 * record),
      sealed.subarray(32 + 3 * record),
    ]);
    expect(await refused(swapped)).toMatch(/chunk 1 fails its authentication/);
  });
});

describe("the backup settings", () => {
  const base = { S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s", BACKUP_S3_BUCKET: "bwp-backups" };
  it("needs a key of 32 bytes with a backup bucket, and refuses a malformed one", () => {
    const problems = (env: Record<string, string>) => {
      try {
        parseSettings(env);
        return [];
      } catch (error) {
        return error instanceof SettingsError ? error.problems : [String(error)];
      }
    };
    expect(problems(base)).toEqual([
      expect.stringMatching(/^BACKUP_ENCRYPTION_KEY: must be set with BACKUP_S3_BUCKET/),
    ]);
    expect(problems({ ...base, BACKUP_ENCRYPTION_KEY: "c2hvcnQ=" })).toEqual([
      expect.stringMatching(/^BACKUP_ENCRYPTION_KEY: must be 32 random bytes/),
    ]);
    expect(problems({ ...base, BACKUP_ENCRYPTION_KEY: "ab".repeat(31) })).toHaveLength(1);
    expect(problems({ ...base, BACKUP_ENCRYPTION_KEY: "ab".repeat(32) })).toEqual([]);
    expect(problems({ ...base, BACKUP_ENCRYPTION_KEY: randomBytes(32).toString("base64") })).toEqual([]);
    const parsed = parseSettings({ ...base, BACKUP_ENCRYPTION_KEY: "ab".repeat(32) });
    expect(parsed.backup.encryptionKey).toEqual(Buffer.alloc(32, 0xab));
    expect(parsed.backup.s3).toMatchObject({ bucket: "bwp-backups", prefix: "backups" });
  });
});
