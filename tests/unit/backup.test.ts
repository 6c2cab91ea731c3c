import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupFileName, type DB, openDatabase, targetOf } from "~db/client";
import { backupTo, backupWithRetention, restoreFrom } from "~/services/backup.server";
import { uploadsDir } from "~/services/upload-folders.server";
import { createTestDb, spareDatabaseTarget } from "../support/test-db";

let db: DB;
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ db, dir, cleanup } = await createTestDb()));
afterAll(() => cleanup());

const enquiry = (i: number) =>
  db
    .insertInto("enquiries")
    .values({
      name: `N${i}`,
      email: `n${i}@x.in`,
      query_type: "Feedback",
      message: "m",
      status: "new",
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();

describe("backups while the site writes", () => {
  it("holds every write acknowledged before the backup, and restores with the uploads", async () => {
    mkdirSync(join(uploadsDir(), "public"), { recursive: true });
    writeFileSync(join(uploadsDir(), "public", "photo.webp"), "image-bytes");
    mkdirSync(join(uploadsDir(), "cache", "share"), { recursive: true });
    writeFileSync(join(uploadsDir(), "cache", "share", "seller-1-0123456789abcdef.jpg"), "drawn-again-on-demand");
    let acknowledged = 0;
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        await enquiry(i);
        acknowledged++;
        // Let the backup in between writes, as requests would (SQLite calls are synchronous).
        await new Promise((r) => setImmediate(r));
      }
    })();
    await expect.poll(() => acknowledged).toBeGreaterThan(10);
    const before = acknowledged;
    const target = await backupTo(db, join(dir, "backups", "one"));
    writing = false;
    await writer;
    expect(before).toBeGreaterThan(0);

    // The copy holds every acknowledged write: restored into a stopped site's database (a fresh SQLite
    // path, or an emptied PostgreSQL database), with the uploads and without the share-card cache.
    expect(readFileSync(join(target, "uploads", "public", "photo.webp"), "utf8")).toBe("image-bytes");
    expect(existsSync(join(target, "uploads", "cache"))).toBe(false);
    const site = await spareDatabaseTarget(dir, "restored");
    const uploads = join(dir, "restored-uploads");
    try {
      expect(await restoreFrom(target, site.target, uploads)).toEqual({ ok: true });
      const restored = openDatabase(site.target);
      const n = await restored
        .selectFrom("enquiries")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      await restored.destroy();
      expect(Number(n.n)).toBeGreaterThanOrEqual(before);
      expect(Number(n.n)).toBeLessThanOrEqual(acknowledged);
      expect(existsSync(join(uploads, "public", "photo.webp"))).toBe(true);
    } finally {
      await site.drop();
    }
  });

  it("refuses a damaged backup and keeps only the newest ones on a schedule", async () => {
    const bad = join(dir, "backups", "bad");
    mkdirSync(bad, { recursive: true });
    const never = await spareDatabaseTarget(dir, "never");
    try {
      writeFileSync(join(bad, backupFileName(never.target)), "this is not a database");
      const result = await restoreFrom(bad, never.target);
      expect(result).toMatchObject({ ok: false, message: expect.stringContaining("integrity check") });
      if (!never.target.startsWith("postgres")) expect(existsSync(never.target)).toBe(false);
    } finally {
      await never.drop();
    }
    expect(backupFileName(targetOf(db))).toMatch(/^app\.(db|pgdump)$/);
    const kept = join(dir, "kept");
    for (let i = 0; i < 4; i++) await backupWithRetention(db, kept, 2, new Date(Date.UTC(2026, 0, 1, 10, i)));
    expect(
      readdirSync(kept)
        .filter((n) => n.startsWith("backup-"))
        .sort(),
    ).toEqual(["backup-2026-01-01T10-02-00-000Z", "backup-2026-01-01T10-03-00-000Z"]);
  });
});
