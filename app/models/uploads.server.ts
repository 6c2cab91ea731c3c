import type { DB } from "~db/client";
import type { UploadVisibility } from "~db/schema";
import type { UploadPurpose } from "~/lib/validation/constants";
import { queueVariantJobs } from "./image-variant-jobs.server";

export interface UploadRow {
  key: string;
  visibility: UploadVisibility;
  purpose: string;
  mime: string;
  bytes: number;
  seller_id: number | null;
}

/** The purpose of an upload sent without one: private until an application claims it for a field. */
export const UNASSIGNED_PURPOSE = "unassigned";

export async function insertUpload(
  db: DB,
  row: {
    key: string;
    visibility: UploadVisibility;
    purpose: UploadPurpose | typeof UNASSIGNED_PURPOSE;
    mime: string;
    bytes: number;
    width: number;
    height: number;
  },
  options: { queueVariants?: boolean } = {},
): Promise<void> {
  const insert = (trx: DB) =>
    trx
      .insertInto("uploads")
      .values({ ...row, created_at: new Date().toISOString() })
      .execute();
  if (!options.queueVariants) return void (await insert(db));
  // A public image and the job that writes its smaller copies are recorded together.
  await db.transaction().execute(async (trx) => {
    await insert(trx);
    await queueVariantJobs(trx, [row.key]);
  });
}

export async function findUploads(db: DB, keys: string[]): Promise<UploadRow[]> {
  if (!keys.length) return [];
  return db
    .selectFrom("uploads")
    .select(["key", "visibility", "purpose", "mime", "bytes", "seller_id"])
    .where("key", "in", keys)
    .execute();
}

export async function findUpload(db: DB, key: string): Promise<UploadRow | undefined> {
  return db
    .selectFrom("uploads")
    .select(["key", "visibility", "purpose", "mime", "bytes", "seller_id"])
    .where("key", "=", key)
    .executeTakeFirst();
}

export async function deleteUploadRows(db: DB, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await db.deleteFrom("uploads").where("key", "in", keys).execute();
}

/** Uploads no application claimed, stored before the cutoff (ISO time). */
export async function listExpiredUnclaimedUploads(
  db: DB,
  cutoff: string,
): Promise<{ key: string; visibility: UploadVisibility }[]> {
  return db
    .selectFrom("uploads")
    .select(["key", "visibility"])
    .where("seller_id", "is", null)
    .where("created_at", "<", cutoff)
    .limit(1000)
    .execute();
}
