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
  // The job that writes a public image's smaller copies is recorded first: once the row is there, so is
  // the job. (A crash between the two leaves a job for a file no row claims: its copies are made and
  // nobody names them.) Two statements rather than a transaction, which on PostgreSQL would take the
  // deployment's write lock for every image.
  if (options.queueVariants) await queueVariantJobs(db, [row.key]);
  await insert(db);
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
