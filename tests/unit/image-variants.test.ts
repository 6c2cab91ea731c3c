import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { IMAGE_VARIANT_WIDTHS, variantName } from "~/lib/upload-urls";
import {
  dueVariantJobs,
  failVariantJob,
  finishVariantJob,
  getVariantJob,
  keysAwaitingVariants,
  queueVariantJobs,
} from "~/models/image-variant-jobs.server";
import { runDueVariantJobs, VARIANT_MAX_ATTEMPTS, variantRetryDelayMs } from "~/services/image-variants.server";
import { removeImageFiles, writeImageVariantsOf } from "~/services/images.server";
import { type UploadStore, uploadKey, uploadStore } from "~/services/upload-store.server";
import { storeImage } from "~/services/uploads.server";
import { pngImage } from "../support/images";
import { createTestDb } from "../support/test-db";

// The background queue of public images' smaller copies: the rows (on both engines) and the worker that
// writes the copies, retries a failure later and gives up after the last try.

let db: DB;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ db, cleanup } = await createTestDb());
});
afterAll(() => cleanup());

const key = () => `${randomBytes(16).toString("hex")}.webp`;
const copies = (name: string) =>
  Promise.all(IMAGE_VARIANT_WIDTHS.map((w) => uploadStore().exists(uploadKey("public", variantName(name, w)))));

describe("the queue's rows", () => {
  it("queues each image once, hands out what is due, retries later, fails after the last try, and ends", async () => {
    const [a, b] = [key(), key()];
    const t0 = new Date("2026-11-30T02:00:00.000Z");
    await queueVariantJobs(db, [a, b, a], t0);
    await queueVariantJobs(db, [a], new Date("2026-11-30T03:00:00.000Z")); // already queued: unchanged
    expect(await getVariantJob(db, a)).toMatchObject({
      status: "queued",
      attempts: 0,
      next_attempt_at: t0.toISOString(),
    });
    const due = (at: string) =>
      dueVariantJobs(db, at, 100).then((jobs) => jobs.filter((j) => j.key === a || j.key === b));
    expect(await due("2026-11-30T01:59:59.000Z")).toEqual([]);
    expect((await due(t0.toISOString())).map((j) => j.key).sort()).toEqual([a, b].sort());

    await failVariantJob(db, a, "the store refused", "2026-11-30T02:10:00.000Z");
    expect(await getVariantJob(db, a)).toMatchObject({
      status: "queued",
      attempts: 1,
      last_error: "the store refused",
    });
    expect((await due("2026-11-30T02:05:00.000Z")).map((j) => j.key)).toEqual([b]);
    expect((await due("2026-11-30T02:10:00.000Z")).map((j) => j.key).sort()).toEqual([a, b].sort());

    await failVariantJob(db, a, "still refused", null);
    expect(await getVariantJob(db, a)).toMatchObject({ status: "failed", attempts: 2 });
    expect((await due("2027-01-01T00:00:00.000Z")).map((j) => j.key)).toEqual([b]);
    expect(await keysAwaitingVariants(db, [a, b, key()])).toEqual(new Set([a, b]));

    await finishVariantJob(db, b);
    expect(await getVariantJob(db, b)).toBeUndefined();
    expect(await keysAwaitingVariants(db, [b])).toEqual(new Set());
  });
});

describe("the worker", () => {
  it("writes the copies of a stored public image and removes its job; a private image has none", async () => {
    const photo = await storeImage(db, await pngImage(320, 240, 40), "profile_photo");
    const proof = await storeImage(db, await pngImage(64, 48, 80), "id_proof_document");
    if (!photo.ok || !proof.ok) throw new Error("not stored");
    // Stored and answered: the original is there, its copies are queued, not written.
    expect(await uploadStore().exists(uploadKey("public", photo.key))).toBe(true);
    expect(await copies(photo.key)).toEqual([false, false]);
    expect(await getVariantJob(db, photo.key)).toMatchObject({ status: "queued" });
    expect(await getVariantJob(db, proof.key)).toBeUndefined();

    const run = await runDueVariantJobs(db, { workers: 1 });
    expect(run.done).toBeGreaterThanOrEqual(1);
    expect(await copies(photo.key)).toEqual([true, true]);
    expect(await getVariantJob(db, photo.key)).toBeUndefined();
  });

  it("ends the job of an image removed before its turn", async () => {
    const gone = key();
    await queueVariantJobs(db, [gone]);
    await runDueVariantJobs(db, { workers: 1 });
    expect(await getVariantJob(db, gone)).toBeUndefined();
    expect(await copies(gone)).toEqual([false, false]);
  });

  it("leaves no copy of an image removed while its copies were being written", async () => {
    // The seller replaces her photo while the queue is making the old one's copies: the remover runs
    // after the worker read the original and before it wrote the first copy. A real folder store; the
    // removal is the one a replacement makes (the original, then the copies).
    const photo = await storeImage(db, await pngImage(320, 240, 60), "profile_photo");
    if (!photo.ok) throw new Error("not stored");
    const store = uploadStore();
    let removed = false;
    const racing: UploadStore = Object.assign(Object.create(store) as UploadStore, {
      async put(objectKey: string, data: Buffer, options?: { contentType?: string; exclusive?: boolean }) {
        if (!removed) {
          removed = true;
          await removeImageFiles(store, "public", photo.key);
        }
        return store.put(objectKey, data, options);
      },
    });
    expect(await writeImageVariantsOf(racing, photo.key)).toBe("gone");
    expect(removed).toBe(true);
    expect(await store.exists(uploadKey("public", photo.key))).toBe(false);
    expect(await copies(photo.key)).toEqual([false, false]);
  });

  it("retries an image it cannot read later, then marks it failed after the last try", async () => {
    const broken = key();
    await uploadStore().put(uploadKey("public", broken), Buffer.from("not an image at all"), {
      contentType: "image/webp",
    });
    let now = Date.now();
    await queueVariantJobs(db, [broken], new Date(now));
    for (let attempt = 1; attempt <= VARIANT_MAX_ATTEMPTS; attempt++) {
      await runDueVariantJobs(db, { workers: 1, now: () => now });
      const job = await getVariantJob(db, broken);
      expect(job).toMatchObject({ attempts: attempt, status: attempt < VARIANT_MAX_ATTEMPTS ? "queued" : "failed" });
      if (attempt < VARIANT_MAX_ATTEMPTS) {
        expect(job!.next_attempt_at).toBe(new Date(now + variantRetryDelayMs(attempt)).toISOString());
        // Not due again before its time.
        await runDueVariantJobs(db, { workers: 1, now: () => now + variantRetryDelayMs(attempt) - 1 });
        expect((await getVariantJob(db, broken))!.attempts).toBe(attempt);
        now += variantRetryDelayMs(attempt);
      }
    }
    expect(await copies(broken)).toEqual([false, false]);
  });
});
