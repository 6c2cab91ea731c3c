import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, openDatabase } from "~db/client";
import { backupTo, backupWithRetention, restoreFrom } from "~/services/backup.server";
import { uploadsDir } from "~/services/upload-folders.server";
import { createTestDb } from "../support/test-db";

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

    const copy = openDatabase(join(target, "app.db"));
    const rows = await copy
      .selectFrom("enquiries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    await copy.destroy();
    expect(Number(rows.n)).toBeGreaterThanOrEqual(before);
    expect(readFileSync(join(target, "uploads", "public", "photo.webp"), "utf8")).toBe("image-bytes");
    expect(existsSync(join(target, "uploads", "cache"))).toBe(false);

    // Restore into a stopped site: a fresh path gets the backup's rows and uploads.
    const site = join(dir, "restored.db");
    const uploads = join(dir, "restored-uploads");
    expect(await restoreFrom(target, site, uploads)).toEqual({ ok: true });
    const restored = openDatabase(site);
    const n = await restored
      .selectFrom("enquiries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    await restored.destroy();
    expect(Number(n.n)).toBe(Number(rows.n));
    expect(existsSync(join(uploads, "public", "photo.webp"))).toBe(true);
  });

  it("refuses a damaged backup and keeps only the newest ones on a schedule", async () => {
    const bad = join(dir, "backups", "bad");
    mkdirSync(bad, { recursive: true });
    writeFileSync(join(bad, "app.db"), "this is not a database");
    const result = await restoreFrom(bad, join(dir, "never.db"));
    expect(result.ok).toBe(false);
    expect(existsSync(join(dir, "never.db"))).toBe(false);
    const kept = join(dir, "kept");
    for (let i = 0; i < 4; i++) await backupWithRetention(db, kept, 2, new Date(Date.UTC(2026, 0, 1, 10, i)));
    expect(
      readdirSync(kept)
        .filter((n) => n.startsWith("backup-"))
        .sort(),
    ).toEqual(["backup-2026-01-01T10-02-00-000Z", "backup-2026-01-01T10-03-00-000Z"]);
  });
});
