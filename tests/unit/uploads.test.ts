import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createSeller } from "~db/seed/factories";
import { IMAGE_MAX_BYTES } from "~/lib/constants";
import { APPLICATION_MESSAGES } from "~/lib/validation/messages";
import { type ApplicationFields, applicationFieldsSchema } from "~/lib/validation/application";
import { findUpload } from "~/models/uploads.server";
import { getVariantJob } from "~/models/image-variant-jobs.server";
import { runDueVariantJobs } from "~/services/image-variants.server";
import { submitApplicationWithReferences } from "~/services/applications.server";
import { readObject, uploadKey, uploadStore } from "~/services/upload-store.server";
import {
  backfillImageVariants,
  discardImages,
  readPrivateUpload,
  removeExpiredUploads,
  storeImage,
  UNCLAIMED_UPLOAD_LIFETIME_MS,
} from "~/services/uploads.server";
import { IMAGE_VARIANT_WIDTHS, imageSrcSet, variantName } from "~/lib/upload-urls";
import sharp from "sharp";
import { createTestDb } from "../support/test-db";
import { pngImage, pngOfAtLeast } from "../support/images";
import { type LocalS3, setEnv, startLocalS3 } from "../support/s3-server";

// The spec client's flow: POST /api/upload without a purpose, then the JSON application names each url.

// Every test runs on both backends: the folder (UPLOADS_DIR) and an S3 bucket (a local s3rver).
describe.each(["folder", "s3"] as const)("on the %s backend", (backend) => {
  let db: DB;
  let cleanup: () => Promise<void>;
  let s3: LocalS3 | undefined;
  let restoreEnv = () => {};
  beforeAll(async () => {
    if (backend === "s3") {
      s3 = await startLocalS3();
      restoreEnv = setEnv(s3.env);
    }
    ({ db, cleanup } = await createTestDb());
    expect(uploadStore().kind).toBe(backend);
  });
  afterAll(async () => {
    restoreEnv();
    await cleanup();
    await s3?.stop();
  });

  const fileIn = (visibility: "public" | "private", key: string) => uploadStore().exists(uploadKey(visibility, key));

  let n = 0;
  function fields(): ApplicationFields {
    n++;
    return applicationFieldsSchema.parse({
      name: "Meera Iyer",
      mobile: "+91 98450 12345",
      email: `meera${n}@example.in`,
      category_ids: ["1"],
      id_proof_type: "pan_card",
      plan: "3m",
      business_name: `Meera Pickles ${n}`,
      city: "Bangalore",
      pincode: "560001",
      address: "4 Temple Street",
    });
  }

  async function unassigned(hue: number): Promise<string> {
    const stored = await storeImage(db, await pngImage(40, 30, hue), null);
    if (!stored.ok) throw new Error(stored.message);
    return stored.key;
  }

  describe("uploads without a purpose", () => {
    it("are kept private and unassigned, readable only through the staff route", async () => {
      const stored = await storeImage(db, await pngImage(), null);
      expect(stored.ok).toBe(true);
      if (!stored.ok) return;
      expect(stored.visibility).toBe("private");
      expect(stored.url).toBe(`/admin/uploads/${stored.key}`);
      expect(await fileIn("private", stored.key)).toBe(true);
      expect(await fileIn("public", stored.key)).toBe(false);
      expect((await findUpload(db, stored.key))?.purpose).toBe("unassigned");
      expect(await readPrivateUpload(db, stored.key)).not.toBeNull();
    });

    it("are claimed by an application: ID proof and payment stay private, photos become public", async () => {
      const refs = {
        id_proof_document: `/admin/uploads/${await unassigned(1)}`,
        payment_screenshot: `/admin/uploads/${await unassigned(2)}`,
        profile_photo: `http://localhost:3000/admin/uploads/${await unassigned(3)}`,
        product_images: [`/admin/uploads/${await unassigned(4)}`],
      };
      const key = (ref: string) => ref.split("/").pop()!;
      const result = await submitApplicationWithReferences(db, fields(), refs);
      expect(result).toMatchObject({ ok: true });
      if (!result.ok) return;
      for (const ref of [refs.id_proof_document, refs.payment_screenshot]) {
        expect(await findUpload(db, key(ref))).toMatchObject({ visibility: "private", seller_id: result.sellerId });
        expect(await fileIn("private", key(ref))).toBe(true);
        expect(await fileIn("public", key(ref))).toBe(false);
      }
      // The public images' smaller copies are queued with the application and written by the queue.
      for (const ref of [refs.profile_photo, refs.product_images[0]]) {
        expect(await getVariantJob(db, key(ref))).toMatchObject({ status: "queued" });
        for (const w of IMAGE_VARIANT_WIDTHS) expect(await fileIn("public", variantName(key(ref), w))).toBe(false);
      }
      expect(await getVariantJob(db, key(refs.id_proof_document))).toBeUndefined();
      await runDueVariantJobs(db);
      for (const ref of [refs.profile_photo, refs.product_images[0]]) {
        expect(await findUpload(db, key(ref))).toMatchObject({ visibility: "public", seller_id: result.sellerId });
        expect(await fileIn("public", key(ref))).toBe(true);
        expect(await getVariantJob(db, key(ref))).toBeUndefined();
        for (const w of IMAGE_VARIANT_WIDTHS) expect(await fileIn("public", variantName(key(ref), w))).toBe(true);
        expect(await fileIn("private", key(ref))).toBe(false);
        expect(await readPrivateUpload(db, key(ref))).toBeNull();
      }
      expect((await findUpload(db, key(refs.id_proof_document)))?.purpose).toBe("id_proof_document");
      expect((await findUpload(db, key(refs.product_images[0])))?.purpose).toBe("product_image");

      // A second application naming the same images is refused, and the first one's files stay.
      const again = await submitApplicationWithReferences(db, fields(), refs);
      expect(again).toMatchObject({
        ok: false,
        reason: "invalid",
        fieldErrors: { id_proof_document: [APPLICATION_MESSAGES.imageNotFound] },
      });
      expect(await fileIn("public", key(refs.profile_photo))).toBe(true);
      expect(await fileIn("private", key(refs.id_proof_document))).toBe(true);
    });

    it("one upload cannot fill two fields of one application", async () => {
      const shared = await unassigned(5);
      const result = await submitApplicationWithReferences(db, fields(), {
        id_proof_document: shared,
        payment_screenshot: shared,
        profile_photo: await unassigned(6),
        product_images: [],
      });
      expect(result).toMatchObject({
        ok: false,
        reason: "invalid",
        fieldErrors: { payment_screenshot: [APPLICATION_MESSAGES.imageNotFound] },
      });
      expect(await findUpload(db, shared)).toMatchObject({ seller_id: null, visibility: "private" });
    });

    it("a refused application leaves no public copy of a photo it tried to claim", async () => {
      const photo = await unassigned(7);
      const result = await submitApplicationWithReferences(
        db,
        { ...fields(), category_ids: [99999] },
        {
          id_proof_document: await unassigned(8),
          payment_screenshot: await unassigned(9),
          profile_photo: photo,
          product_images: [],
        },
      );
      expect(result.ok).toBe(false);
      expect(await fileIn("public", photo)).toBe(false);
      for (const w of IMAGE_VARIANT_WIDTHS) expect(await fileIn("public", variantName(photo, w))).toBe(false);
      expect(await fileIn("private", photo)).toBe(true);
      expect(await findUpload(db, photo)).toMatchObject({ seller_id: null, visibility: "private" });
    });
  });

  describe("smaller copies of public images", () => {
    // JPEG keeps these sizes under the 200 KB upload limit.
    const photo = async (width: number, height: number, hue: number) =>
      sharp(await pngImage(width, height, hue))
        .jpeg({ quality: 80 })
        .toBuffer();
    const widthOf = async (visibility: "public" | "private", name: string) =>
      (await sharp((await readObject(uploadStore(), uploadKey(visibility, name)))!).metadata()).width;

    it("a public upload gets a 160 and a 480 px wide copy beside it; removing it removes them", async () => {
      const stored = await storeImage(db, await photo(800, 600, 30), "profile_photo");
      if (!stored.ok) throw new Error(stored.message);
      await runDueVariantJobs(db);
      expect(await widthOf("public", stored.key)).toBe(800);
      expect(await widthOf("public", variantName(stored.key, 160))).toBe(160);
      expect(await widthOf("public", variantName(stored.key, 480))).toBe(480);
      const copy = await readObject(uploadStore(), uploadKey("public", variantName(stored.key, 480)));
      expect((await sharp(copy!).metadata()).height).toBe(360);
      expect(imageSrcSet(stored.url)).toBe(
        `/uploads/${stored.key.replace(".webp", ".w160.webp")} 160w, /uploads/${stored.key.replace(".webp", ".w480.webp")} 480w, ${stored.url} 1600w`,
      );

      await discardImages(db, [stored]);
      expect(await fileIn("public", stored.key)).toBe(false);
      for (const w of IMAGE_VARIANT_WIDTHS) expect(await fileIn("public", variantName(stored.key, w))).toBe(false);
      expect(await findUpload(db, stored.key)).toBeUndefined();
    });

    it("a copy is never wider than its original, and private uploads get none", async () => {
      const small = await storeImage(db, await photo(300, 200, 60), "product_image");
      if (!small.ok) throw new Error(small.message);
      await runDueVariantJobs(db);
      expect(await widthOf("public", variantName(small.key, 160))).toBe(160);
      expect(await widthOf("public", variantName(small.key, 480))).toBe(300);
      const idProof = await storeImage(db, await photo(300, 200, 90), "id_proof_document");
      if (!idProof.ok) throw new Error(idProof.message);
      expect(await getVariantJob(db, idProof.key)).toBeUndefined();
      for (const w of IMAGE_VARIANT_WIDTHS) expect(await fileIn("private", variantName(idProof.key, w))).toBe(false);
    });

    it("images stored before copies existed get them from the start-up backfill", async () => {
      const old = await storeImage(db, await photo(640, 480, 120), "product_image");
      if (!old.ok) throw new Error(old.message);
      await runDueVariantJobs(db);
      for (const w of IMAGE_VARIANT_WIDTHS) await uploadStore().delete(uploadKey("public", variantName(old.key, w)));
      expect(await backfillImageVariants()).toBeGreaterThanOrEqual(1);
      expect(await widthOf("public", variantName(old.key, 480))).toBe(480);
      expect(await backfillImageVariants()).toBe(0);
    });
  });

  describe("data-URL images in the JSON application", () => {
    const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`;

    it("are stored (checked and re-encoded) for their field", async () => {
      const result = await submitApplicationWithReferences(db, fields(), {
        id_proof_document: dataUrl(await pngImage(50, 40, 10)),
        payment_screenshot: dataUrl(await pngImage(50, 40, 20)),
        profile_photo: dataUrl(await pngImage(50, 40, 30)),
        product_images: [dataUrl(await pngImage(50, 40, 40))],
      });
      expect(result).toMatchObject({ ok: true });
      if (!result.ok) return;
      const seller = await db
        .selectFrom("sellers")
        .select(["id_proof_document", "profile_photo"])
        .where("id", "=", result.sellerId)
        .executeTakeFirstOrThrow();
      expect(await findUpload(db, seller.id_proof_document!)).toMatchObject({
        visibility: "private",
        mime: "image/webp",
      });
      expect(await findUpload(db, seller.profile_photo!)).toMatchObject({ visibility: "public", mime: "image/webp" });
    });

    it("larger than the image limit are refused with the spec's size message and 413, storing nothing", async () => {
      const before = await db
        .selectFrom("uploads")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      const result = await submitApplicationWithReferences(db, fields(), {
        id_proof_document: dataUrl(await pngImage(50, 40, 50)),
        payment_screenshot: dataUrl(await pngOfAtLeast(IMAGE_MAX_BYTES + 1024)),
        profile_photo: dataUrl(await pngImage(50, 40, 60)),
        product_images: [],
      });
      expect(result).toEqual({
        ok: false,
        reason: "too_large",
        fieldErrors: { payment_screenshot: [APPLICATION_MESSAGES.tooBig] },
      });
      const after = await db
        .selectFrom("uploads")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    });

    it("that are not images are refused", async () => {
      const result = await submitApplicationWithReferences(db, fields(), {
        id_proof_document: `data:image/png;base64,${Buffer.from("<html>hello</html>").toString("base64")}`,
        payment_screenshot: dataUrl(await pngImage()),
        profile_photo: dataUrl(await pngImage()),
        product_images: [],
      });
      expect(result).toMatchObject({
        ok: false,
        reason: "invalid",
        fieldErrors: { id_proof_document: [APPLICATION_MESSAGES.notImage] },
      });
    });
  });

  describe("unclaimed uploads expire", () => {
    it("after 24 hours: files and rows go, claimed and recent ones stay", async () => {
      const old = await unassigned(70);
      const recent = await unassigned(71);
      const stamp = new Date(Date.now() - UNCLAIMED_UPLOAD_LIFETIME_MS - 60_000).toISOString();
      await db.updateTable("uploads").set({ created_at: stamp }).where("key", "=", old).execute();
      const claimedKey = await unassigned(72);
      await db
        .updateTable("uploads")
        .set({ seller_id: await createSeller(db, { business_name: "Claimed Photo Studio" }) })
        .where("key", "=", claimedKey)
        .execute();
      const claimed = await db
        .selectFrom("uploads")
        .select(["key", "visibility"])
        .where("key", "=", claimedKey)
        .executeTakeFirstOrThrow();
      await db.updateTable("uploads").set({ created_at: stamp }).where("key", "=", claimed.key).execute();

      expect(await removeExpiredUploads(db)).toBeGreaterThanOrEqual(1);
      expect(await findUpload(db, old)).toBeUndefined();
      expect(await fileIn("private", old)).toBe(false);
      expect(await findUpload(db, recent)).toBeDefined();
      expect(await fileIn("private", recent)).toBe(true);
      expect(await findUpload(db, claimed.key)).toBeDefined();
      expect(await fileIn(claimed.visibility, claimed.key)).toBe(true);
    });
  });
});
