import { randomBytes } from "node:crypto";
import type { DB } from "~db/client";
import { UPLOAD_PURPOSES, type UploadPurpose } from "~/lib/validation/constants";
import { publicUploadUrl } from "~/lib/upload-urls";
import {
  deleteUploadRows,
  findUpload,
  findUploads,
  insertUpload,
  listExpiredUnclaimedUploads,
  UNASSIGNED_PURPOSE,
} from "~/models/uploads.server";
import { ensureImageVariants, type ImageRefusal, processImage, removeImageFiles } from "./images.server";
import { nudgeVariantQueue } from "./image-variants.server";
import { type OpenedObject, readObject, uploadKey, uploadStore, UploadsUnavailable } from "./upload-store.server";

// Stored images: generated names, public ones under public/ of the upload store (served at /uploads/<key>),
// private ones (ID documents, payment screenshots) under private/, shown only to admins.
// Public images also keep smaller copies beside them (`variantName`), removed with them and written in the
// background once the image is public (image-variants.server.ts).

const KEY_PATTERN = /^[a-f0-9]{32}\.webp$/;

export function isUploadKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

/** The key inside a url this server returned ("/uploads/k", "/admin/uploads/k", or the bare key). */
export function keyFromReference(reference: string): string | null {
  const last = reference.trim().split(/[/?#]/).filter(Boolean).pop() ?? "";
  return KEY_PATTERN.test(last) ? last : null;
}

export function privateUploadUrl(key: string): string {
  return `/admin/uploads/${key}`;
}

export function uploadUrl(key: string, visibility: "public" | "private"): string {
  return visibility === "public" ? publicUploadUrl(key)! : privateUploadUrl(key);
}

export type StoredImage = { ok: true; key: string; url: string; visibility: "public" | "private" };

/**
 * Checks, re-encodes and stores one image for its purpose. Without a purpose (the spec's client sends
 * none) the image is kept private and unassigned until an application claims it for one of its fields.
 */
export async function storeImage(
  db: DB,
  bytes: Uint8Array,
  purpose: UploadPurpose | null,
): Promise<StoredImage | ImageRefusal> {
  const visibility = purpose ? UPLOAD_PURPOSES[purpose] : "private";
  const image = await processImage(bytes, { quality: visibility === "private" ? 90 : 82 });
  if (!image.ok) return image;
  const key = `${randomBytes(16).toString("hex")}.webp`;
  const store = uploadStore();
  await store.put(uploadKey(visibility, key), image.data, { contentType: image.mime, exclusive: true });
  try {
    // A public image's smaller copies are queued with its row and written in the background (image-variants.server.ts).
    await insertUpload(
      db,
      {
        key,
        visibility,
        purpose: purpose ?? UNASSIGNED_PURPOSE,
        mime: image.mime,
        bytes: image.data.byteLength,
        width: image.width,
        height: image.height,
      },
      { queueVariants: visibility === "public" },
    );
  } catch (error) {
    await removeImageFiles(store, visibility, key).catch((removal: unknown) =>
      console.error(`removing the files of upload ${key} failed:`, removal),
    );
    throw error;
  }
  if (visibility === "public") nudgeVariantQueue();
  return { ok: true, key, url: uploadUrl(key, visibility), visibility };
}

/**
 * Removes stored images (files and rows), e.g. those of a refused application. An image whose files the
 * store cannot remove now keeps its row, so the sweep of unclaimed uploads tries again (rows without a
 * seller); it never throws for that, so the error that made a caller discard stays the one reported.
 * Returns how many were removed.
 */
export async function discardImages(
  db: DB,
  stored: { key: string; visibility: "public" | "private" }[],
): Promise<number> {
  const store = uploadStore();
  const outcomes = await Promise.allSettled(stored.map((s) => removeImageFiles(store, s.visibility, s.key)));
  const removed = stored.filter((_, i) => outcomes[i]!.status === "fulfilled").map((s) => s.key);
  const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === "rejected");
  if (failed) {
    if (!(failed.reason instanceof UploadsUnavailable)) throw failed.reason;
    console.error(`${stored.length - removed.length} uploads kept for a later sweep: ${failed.reason.message}`);
  }
  await deleteUploadRows(db, removed);
  return removed.length;
}

/**
 * A public image's bytes by its key, or by the /uploads address `publicUploadUrl` made of it; null when
 * there is no such file. Uploaded images have generated keys, the demo data's plain .webp names; never a path.
 */
export async function readPublicUpload(reference: string | null | undefined): Promise<Buffer | null> {
  if (!reference) return null;
  let key = reference.startsWith("/uploads/") ? reference.slice("/uploads/".length) : reference;
  try {
    key = decodeURIComponent(key);
  } catch {
    return null;
  }
  if (!(isUploadKey(key) || /^[a-z0-9][a-z0-9._-]*\.webp$/i.test(key)) || key.includes("..")) return null;
  try {
    return await readObject(uploadStore(), uploadKey("public", key));
  } catch {
    return null;
  }
}

/** A private upload, opened as a stream, for the admin-guarded route. */
export async function openPrivateUpload(db: DB, key: string): Promise<(OpenedObject & { mime: string }) | null> {
  if (!isUploadKey(key)) return null;
  const row = await findUpload(db, key);
  if (!row || row.visibility !== "private") return null;
  const opened = await uploadStore().get(uploadKey("private", key));
  return opened ? { ...opened, mime: row.mime } : null;
}

/** A private upload's bytes (tests, small reads). */
export async function readPrivateUpload(db: DB, key: string): Promise<{ data: Buffer; mime: string } | null> {
  if (!isUploadKey(key)) return null;
  const row = await findUpload(db, key);
  if (!row || row.visibility !== "private") return null;
  const data = await readObject(uploadStore(), uploadKey("private", key));
  return data ? { data, mime: row.mime } : null;
}

/**
 * Before an application claims unassigned (private) uploads for public fields (profile photo, product
 * images), their files are copied into the public folder (the application queues their smaller copies); `settle` then keeps the copies the database
 * made public and removes the others, so a refused or raced claim never leaves a public copy behind.
 */
export async function preparePublicClaims(db: DB, keys: string[]): Promise<{ settle: () => Promise<void> }> {
  const rows = (await findUploads(db, keys)).filter(
    (r) => r.purpose === UNASSIGNED_PURPOSE && r.visibility === "private" && r.seller_id === null,
  );
  const store = uploadStore();
  const copied: string[] = [];
  try {
    for (const row of rows) {
      const data = await readObject(store, uploadKey("private", row.key));
      if (!data) throw new Error(`the stored file of upload ${row.key} is missing`);
      copied.push(row.key);
      await store.put(uploadKey("public", row.key), data, { contentType: row.mime });
    }
  } catch (error) {
    // Copies of private uploads made before the store refused one are removed again, never left public.
    await Promise.all(
      copied.map((key) =>
        removeImageFiles(store, "public", key).catch((removal: unknown) =>
          console.error(`removing the public copy of upload ${key} failed:`, removal),
        ),
      ),
    );
    throw error;
  }
  return {
    async settle() {
      if (!copied.length) return;
      const now = await findUploads(db, copied);
      // A copy left behind when the store refuses the removal is logged, not thrown: the application's
      // outcome is decided by then.
      await Promise.all(
        copied.map((key) => {
          const published = now.find((r) => r.key === key)?.visibility === "public";
          return removeImageFiles(store, published ? "private" : "public", key).catch((error: unknown) =>
            console.error(`removing the ${published ? "private" : "public"} copy of upload ${key} failed:`, error),
          );
        }),
      );
    },
  };
}

export const UNCLAIMED_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Removes uploads that no application claimed within their lifetime (files and rows). Returns how many. */
export async function removeExpiredUploads(db: DB, now = new Date()): Promise<number> {
  const expired = await listExpiredUnclaimedUploads(
    db,
    new Date(now.getTime() - UNCLAIMED_UPLOAD_LIFETIME_MS).toISOString(),
  );
  return discardImages(db, expired);
}

/** A stored public original (an upload key or a demo image), not one of its copies. */
const PUBLIC_ORIGINAL = /^[a-z0-9-]+\.webp$/;

/**
 * Writes the missing smaller copies of public images stored before copies existed (run at start, in the
 * background; until it reaches an image, its srcset names copies that are not there yet). Returns how many.
 */
export async function backfillImageVariants(): Promise<number> {
  const store = uploadStore();
  let made = 0;
  for (const { key } of await store.list("public/")) {
    const name = key.slice("public/".length);
    if (!PUBLIC_ORIGINAL.test(name)) continue;
    try {
      if (await ensureImageVariants(store, name)) made += 1;
    } catch (error) {
      console.error(`image copies of ${name} failed:`, error);
    }
  }
  return made;
}
