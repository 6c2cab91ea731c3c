import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { createSeller, createUserRow } from "~db/seed/factories";
import { eraseAccountAndFiles } from "~/services/account-settings.server";
import { accountExport } from "~/services/data-export.server";
import type { DB } from "~db/client";
import { backupTo, restoreFrom } from "~/services/backup.server";
import { parseSettings, reloadConfig, SettingsError } from "~/services/config.server";
import { readiness } from "~/services/health.server";
import {
  FolderStore,
  readObject,
  S3_CHECK_TTL_MS,
  S3Store,
  type UploadStore,
  UploadKeyError,
  uploadKey,
  uploadStore,
} from "~/services/upload-store.server";
import { runDueVariantJobs } from "~/services/image-variants.server";
import { openPrivateUpload, readPrivateUpload, readPublicUpload, storeImage } from "~/services/uploads.server";
import { pngImage } from "../support/images";
import { type LocalS3, S3RVER_KEY, setEnv, startLocalS3 } from "../support/s3-server";
import { freePort } from "../support/server";
import { createTestDb, spareDatabaseTarget } from "../support/test-db";

// The upload store's contract, the same on both backends, and what a bad bucket setting gives.

let s3: LocalS3;
let dir: string;
beforeAll(async () => {
  s3 = await startLocalS3("bwp-uploads", ["bwp-probed"]);
  dir = mkdtempSync(join(tmpdir(), "bwp-store-"));
});
afterAll(async () => {
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const s3Settings = (over: Partial<ConstructorParameters<typeof S3Store>[0]> = {}) => ({
  bucket: s3.bucket,
  endpoint: s3.endpoint,
  region: "us-east-1",
  accessKeyId: S3RVER_KEY,
  secretAccessKey: S3RVER_KEY,
  forcePathStyle: true,
  ...over,
});

const text = async (store: UploadStore, key: string) => (await readObject(store, key))?.toString("utf8") ?? null;

describe.each(["folder", "s3"] as const)("the %s store", (backend) => {
  let store: UploadStore;
  let root: string;
  beforeAll(() => {
    root = join(dir, `root-${backend}`);
    store = backend === "folder" ? new FolderStore(join(root, "uploads")) : new S3Store(s3Settings());
  });

  it("puts, gets as a stream, lists by prefix, tells existence and deletes", async () => {
    await store.put("public/store-a.webp", Buffer.from("public a"), { contentType: "image/webp" });
    await store.put("public/store-b.webp", Buffer.from("public bb"), { contentType: "image/webp" });
    await store.put("private/store-a.webp", Buffer.from("private a"), { contentType: "image/webp" });

    const opened = await store.get("public/store-b.webp");
    expect(opened?.size).toBe(9);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe("public bb");

    expect(await store.list("public/store-")).toEqual([
      expect.objectContaining({ key: "public/store-a.webp", size: 8 }),
      expect.objectContaining({ key: "public/store-b.webp", size: 9 }),
    ]);
    expect((await store.list("private/store-")).map((o) => o.key)).toEqual(["private/store-a.webp"]);
    expect(await store.exists("public/store-a.webp")).toBe(true);
    expect(await store.exists("private/store-b.webp")).toBe(false);

    await store.delete("public/store-a.webp");
    expect(await store.exists("public/store-a.webp")).toBe(false);
    expect(await store.get("public/store-a.webp")).toBeNull();
    expect(await text(store, "private/store-a.webp")).toBe("private a");
    await store.delete("public/never-stored.webp"); // no error for a missing object
    expect(await store.check()).toEqual({ ok: true });
  });

  it("refuses every key that is not <public|private>/<plain name>: no way out of its folder or prefix", async () => {
    await store.put("private/secret.webp", Buffer.from("secret"));
    const bad = [
      "public/../private/secret.webp",
      "../secret.webp",
      "public/../../etc/passwd",
      "/etc/passwd",
      "public/sub/secret.webp",
      "public/..",
      "public/.hidden",
      "public/",
      "cache/share/x.jpg",
      "public\\..\\private\\secret.webp",
      "public/%2e%2e%2fprivate%2fsecret.webp",
      "PUBLIC/secret.webp",
      "Private/secret.webp",
      "private/secret.webp\0.png",
      "private/secret.webp\n",
      "public/..\u2215private\u2215secret.webp",
      "public/\uff0e\uff0e/private/secret.webp",
      ` public/secret.webp`,
      `public/${"a".repeat(129)}`,
    ];
    for (const key of bad) {
      await expect(store.get(key), key).rejects.toBeInstanceOf(UploadKeyError);
      await expect(store.put(key, Buffer.from("x")), key).rejects.toBeInstanceOf(UploadKeyError);
      await expect(store.delete(key), key).rejects.toBeInstanceOf(UploadKeyError);
      await expect(store.exists(key), key).rejects.toBeInstanceOf(UploadKeyError);
    }
    await expect(store.list("../")).rejects.toBeInstanceOf(UploadKeyError);
    await expect(store.list("public/../private/")).rejects.toBeInstanceOf(UploadKeyError);
    await expect(store.list("Private/")).rejects.toBeInstanceOf(UploadKeyError);
    expect(() => uploadKey("public", "../private/secret.webp")).toThrow(UploadKeyError);
    expect(await text(store, "private/secret.webp")).toBe("secret");
    if (backend === "folder") {
      expect(readdirSync(root)).toEqual(["uploads"]);
      expect(existsSync(join(root, "uploads", "x"))).toBe(false);
    }
  });
});

describe.each(["folder", "s3"] as const)("uploads through the %s store", (backend) => {
  let db: DB;
  let cleanup: () => Promise<void>;
  let restoreEnv = () => {};
  beforeAll(async () => {
    if (backend === "s3") restoreEnv = setEnv(s3.env);
    ({ db, cleanup } = await createTestDb());
    expect(uploadStore().kind).toBe(backend);
  });
  afterAll(async () => {
    restoreEnv();
    await cleanup();
  });

  it("never read a private file by a public reference, whatever the path tricks", async () => {
    const stored = await storeImage(db, await pngImage(30, 20, 200), null);
    if (!stored.ok) throw new Error(stored.message);
    expect(await readPrivateUpload(db, stored.key)).not.toBeNull();
    for (const reference of [
      `../private/${stored.key}`,
      `/uploads/../private/${stored.key}`,
      `/uploads/..%2fprivate%2f${stored.key}`,
      `/uploads/%2e%2e%2fprivate%2f${stored.key}`,
      `private/${stored.key}`,
      stored.key,
    ])
      expect(await readPublicUpload(reference), reference).toBeNull();
    expect(await openPrivateUpload(db, `../private/${stored.key}`)).toBeNull();
    expect(await openPrivateUpload(db, `..%2f${stored.key}`)).toBeNull();
  });

  it("are in a backup: the folder copied beside the database, the bucket's objects listed with sizes and checksums", async () => {
    const stored = await storeImage(db, await pngImage(30, 20, 220), "profile_photo");
    if (!stored.ok) throw new Error(stored.message);
    await runDueVariantJobs(db);
    const size = (await readObject(uploadStore(), uploadKey("public", stored.key)))!.byteLength;
    const made = await backupTo(db, join(dir, `backup-${backend}`));
    if (backend === "folder") {
      expect(readFileSync(join(made, "uploads", "public", stored.key)).byteLength).toBe(size);
    } else {
      expect(existsSync(join(made, "uploads"))).toBe(false);
      const { objects } = JSON.parse(readFileSync(join(made, "uploads-objects.json"), "utf8")) as {
        objects: { key: string; size: number; etag: string }[];
      };
      expect(objects).toContainEqual({
        key: `public/${stored.key}`,
        size,
        etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
      });
      expect(objects.some((o) => o.key === `public/${stored.key.replace(".webp", ".w160.webp")}`)).toBe(true);
      const list = JSON.parse(readFileSync(join(made, "uploads-objects.json"), "utf8")) as Record<string, unknown>;
      expect(list).toMatchObject({ bucket: s3.bucket, endpoint: s3.endpoint, checksum: expect.stringMatching(/MD5/) });

      // A file deleted after the backup: the restore puts the database back and names what the bucket lacks.
      await uploadStore().delete(uploadKey("public", stored.key));
      const spare = await spareDatabaseTarget(dir, "restored-from-bucket");
      try {
        const restored = await restoreFrom(made, spare.target);
        expect(restored).toEqual({ ok: true, missingObjects: [`public/${stored.key}`] });
      } finally {
        await spare.drop();
      }
    }
  });

  it("are in her data export and go with her account", async () => {
    const stamp = new Date().toISOString();
    const user = await createUserRow(db, {
      email: `store-${backend}@example.in`,
      name: "Store Owner",
      role: "seller",
      password_hash: null,
      google_sub: `google-store-${backend}`,
      email_verified_at: stamp,
    });
    const photo = await storeImage(db, await pngImage(40, 40, 230), "profile_photo");
    const proof = await storeImage(db, await pngImage(40, 40, 240), "id_proof_document");
    if (!photo.ok || !proof.ok) throw new Error("not stored");
    const sellerId = await createSeller(db, {
      user_id: user.id,
      email: `store-${backend}@example.in`,
      profile_photo: photo.key,
      id_proof_document: proof.key,
    });
    await db.updateTable("uploads").set({ seller_id: sellerId }).where("key", "in", [photo.key, proof.key]).execute();

    const answer = await accountExport(db, user.id);
    if (!answer.ok) throw new Error("no export");
    const entries = await zipEntries(Buffer.from(await answer.response.arrayBuffer()));
    const proofBytes = await readObject(uploadStore(), uploadKey("private", proof.key));
    expect(entries.get(`files/private/id_proof_document-${proof.key}`)?.equals(proofBytes!)).toBe(true);
    expect(entries.get(`files/public/profile_photo-${photo.key}`)?.byteLength).toBeGreaterThan(0);

    expect(await eraseAccountAndFiles(db, user.id, null)).toMatchObject({ ok: true });
    expect(await uploadStore().exists(uploadKey("public", photo.key))).toBe(false);
    expect(await uploadStore().exists(uploadKey("public", photo.key.replace(".webp", ".w160.webp")))).toBe(false);
    expect(await uploadStore().exists(uploadKey("private", proof.key))).toBe(false);
  });

  it("stream a private upload for the staff route with its size and type", async () => {
    const stored = await storeImage(db, await pngImage(30, 20, 210), "id_proof_document");
    if (!stored.ok) throw new Error(stored.message);
    const opened = await openPrivateUpload(db, stored.key);
    expect(opened?.mime).toBe("image/webp");
    const whole = await readPrivateUpload(db, stored.key);
    expect(opened?.size).toBe(whole?.data.byteLength);
    opened?.stream.destroy();
  });
});

describe("the stores' readiness probe is cheap", () => {
  it("the bucket's probe outcome is reused for about 30 s, a success and a failure alike", async () => {
    let now = 1_000_000;
    const store = new S3Store(s3Settings({ bucket: "bwp-probed" }), () => now);
    expect(await store.check()).toEqual({ ok: true });
    const lift = s3.refuseWrites("bwp-probed");
    try {
      // Within the window the success stands (no HEAD, PUT, DELETE per /readyz)...
      now += S3_CHECK_TTL_MS - 1;
      expect(await store.check()).toEqual({ ok: true });
      // ...and the refusal shows at the window's end.
      now += 1;
      const refused = await store.check();
      expect(refused.ok).toBe(false);
      expect(!refused.ok && refused.detail).toContain('"bwp-probed"');
    } finally {
      lift();
    }
    // The failure stands for its window too, then the recovered bucket is ready again.
    now += S3_CHECK_TTL_MS - 1;
    expect((await store.check()).ok).toBe(false);
    now += 1;
    expect(await store.check()).toEqual({ ok: true });
    // Concurrent probes share one.
    now += S3_CHECK_TTL_MS;
    const [first, second] = [store.check(), store.check()];
    expect(first).toBe(second);
  });

  it("the folder store makes its folders once: one removed later is reported, not made again by the probe", async () => {
    const root = join(dir, "probed-folder");
    const store = new FolderStore(root);
    expect(await store.check()).toEqual({ ok: true });
    expect(readdirSync(root).sort()).toEqual(["private", "public"]);
    rmSync(join(root, "public"), { recursive: true });
    expect(await store.check()).toEqual({
      ok: false,
      detail: "UPLOADS_DIR: the uploads folder is missing or not writable",
    });
    expect(existsSync(join(root, "public"))).toBe(false);
    // A write makes it again.
    await store.put("public/again.webp", Buffer.from("again"));
    expect(await text(store, "public/again.webp")).toBe("again");
    expect(await store.check()).toEqual({ ok: true });
  });
});

describe("a bucket the site cannot use", () => {
  let db: DB;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ db, cleanup } = await createTestDb()));
  afterAll(() => cleanup());

  const readyWith = async (env: Record<string, string>) => {
    const restore = setEnv(env);
    try {
      reloadConfig();
      return await readiness(db);
    } finally {
      restore();
      reloadConfig();
    }
  };

  it("wrong credentials: not ready, naming the key settings", async () => {
    const state = await readyWith({ ...s3.env, S3_ACCESS_KEY_ID: "WRONGKEY", S3_SECRET_ACCESS_KEY: "wrong-secret" });
    expect(state.ready).toBe(false);
    expect(state.checks.uploads.ok).toBe(false);
    expect(state.checks.uploads.detail).toContain("S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY");
    expect(state.checks.uploads.detail).not.toContain("wrong-secret");
  });

  it("a missing bucket: not ready, naming S3_BUCKET", async () => {
    const state = await readyWith({ ...s3.env, S3_BUCKET: "no-such-bucket" });
    expect(state.checks.uploads).toEqual({
      ok: false,
      detail: 'S3_BUCKET: the bucket "no-such-bucket" does not exist',
    });
  });

  it("an endpoint nothing answers on: not ready, naming S3_ENDPOINT", async () => {
    const state = await readyWith({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` });
    expect(state.checks.uploads.ok).toBe(false);
    expect(state.checks.uploads.detail).toMatch(/^S3_ENDPOINT: http:\/\/127\.0\.0\.1:\d+ cannot be reached/);
  });

  it("the right settings: ready", async () => {
    const state = await readyWith(s3.env);
    expect(state.checks.uploads).toEqual({ ok: true });
  });

  it("incomplete or malformed S3 settings stop the start with a message naming the setting", () => {
    const problems = (env: Record<string, string>) => {
      try {
        parseSettings({ NODE_ENV: "test", ...env });
        return [];
      } catch (error) {
        if (!(error instanceof SettingsError)) throw error;
        return error.problems;
      }
    };
    expect(problems({ S3_BUCKET: "uploads" })).toEqual([
      "S3_ACCESS_KEY_ID: must be set with S3_BUCKET (the access key of the bucket)",
      "S3_SECRET_ACCESS_KEY: must be set with S3_BUCKET (the secret of the access key)",
    ]);
    expect(problems({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toEqual([
      "S3_BUCKET: must be set with S3_ENDPOINT (the bucket that keeps the uploads)",
    ]);
    expect(problems({ ...s3.env, S3_BUCKET: "Bad_Bucket" })[0]).toMatch(/^S3_BUCKET: must be a bucket name/);
    expect(problems({ ...s3.env, S3_ENDPOINT: "ftp://x" })[0]).toMatch(/^S3_ENDPOINT: must be an http\(s\) address/);
    expect(problems({ ...s3.env, S3_FORCE_PATH_STYLE: "yes" })[0]).toMatch(/^S3_FORCE_PATH_STYLE: must be "0" or "1"/);
    expect(problems(s3.env)).toEqual([]);
    expect(parseSettings({ NODE_ENV: "test", ...s3.env }).s3).toMatchObject({
      bucket: s3.bucket,
      forcePathStyle: true,
    });
    expect(parseSettings({ NODE_ENV: "test" }).s3).toBeNull();
  });
});

/** Every entry of a ZIP by name. */
function zipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const found = new Map<string, Buffer>();
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error("no zip"));
      file.on("entry", (entry: yauzl.Entry) =>
        file.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error("no stream"));
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            found.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        }),
      );
      file.on("end", () => resolve(found));
      file.readEntry();
    });
  });
}
