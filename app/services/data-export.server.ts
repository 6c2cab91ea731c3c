import { Readable } from "node:stream";
import { ZipFile } from "yazl";
import type { DB } from "~db/client";
import { SITE_NAME } from "~/lib/constants";
import { DEFAULT_LOCALE, localeOr } from "~/lib/locales";
import { collectAccountData } from "~/models/account-data.server";
import { sellerLanguage } from "~/models/users.server";
import { translateMessage } from "~/lib/form-messages";
import { translatorFor } from "./i18n.server";
import { consume, type Throttled, throttled } from "./rate-limit.server";
import { type OpenedObject, uploadKey, uploadStore } from "./upload-store.server";

// "Download my data" (docs/decisions/160-account-export-yazl-streamed.md): a ZIP streamed by yazl with `my-data.json`
// (everything stored about the account and its listings, see collectAccountData) and the listing's stored files
// (images, ID document, payment screenshot). Every row is read and every file opened before the first byte is sent,
// so a deletion of the account while the ZIP streams neither breaks it half-way (an open file stays
// readable after it is removed) nor mixes in anything else: the ZIP is the account as it was when asked.

/** Stored names this server makes (and the demo data's plain names); never a path. */
const STORED_NAME = /^[a-z0-9][a-z0-9._-]*\.webp$/i;

export const EXPORT_JSON_NAME = "my-data.json";

export type ExportAnswer = { ok: true; response: Response } | { ok: false; status: 404; message: string } | Throttled;

export async function accountExport(db: DB, userId: number, now = new Date()): Promise<ExportAnswer> {
  const limit = await consume(db, "data_export", String(userId));
  // Her refusals in her account's language (English once the account is gone).
  if (!limit.allowed) {
    const refusal = throttled(limit.retryAfterSeconds);
    return { ...refusal, message: translateMessage(translatorFor(await sellerLanguage(db, userId)), refusal.message) };
  }
  const data = await collectAccountData(db, userId);
  if (!data) return { ok: false, status: 404, message: translatorFor(DEFAULT_LOCALE)("accounts.export.gone") };

  const store = uploadStore();
  const opened: (OpenedObject & { name: string })[] = [];
  const files = [];
  for (const file of data.files) {
    const name = `files/${file.visibility === "private" ? "private" : "public"}/${file.purpose}-${file.key}`;
    let entry: (OpenedObject & { name: string }) | null = null;
    if (STORED_NAME.test(file.key)) {
      try {
        const object = await store.get(uploadKey(file.visibility, file.key));
        entry = object ? { ...object, name } : null;
      } catch {
        entry = null; // removed meanwhile: listed as missing
      }
    }
    if (entry) opened.push(entry);
    files.push({ ...file, file: entry ? entry.name : null, missing: !entry });
  }
  const document = {
    exported_at: now.toISOString(),
    site: SITE_NAME,
    // The one sentence she reads, in her account's language; the fields keep their stored names and values.
    about: translatorFor(localeOr(data.account.language))("accounts.export.about"),
    ...data,
    files,
  };

  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(document, null, 2)), EXPORT_JSON_NAME, { mtime: now });
  for (const f of opened)
    // Images are WebP already: stored, not compressed again.
    zip.addReadStream(f.stream, f.name, {
      mtime: now,
      compress: false,
      size: f.size,
    });
  zip.end();
  const output = zip.outputStream as Readable;
  // A client that goes away: the unread files are closed too.
  output.once("close", () => {
    for (const f of opened) f.stream.destroy();
  });
  const day = now.toISOString().slice(0, 10);
  return {
    ok: true,
    response: new Response(Readable.toWeb(output) as ReadableStream<Uint8Array>, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="bwp-my-data-${day}.zip"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    }),
  };
}
