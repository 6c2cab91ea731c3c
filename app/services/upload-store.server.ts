import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { access, mkdir, open, readdir, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { config, type Settings } from "./config.server";

// The one way to the stored files of uploads (images, ID documents, payment screenshots): every read
// and write of one goes through an UploadStore. Two backends: the folder (UPLOADS_DIR, the default, the
// layout of before: <dir>/public/<name>, <dir>/private/<name>) and an S3-compatible bucket (S3_BUCKET and
// its settings: the same keys, "public/<name>", "private/<name>"). Keys are made by this server (random
// or the demo data's names), never taken from a request: the store refuses anything else, so no key can
// climb out of its folder or reach another prefix.

export type Visibility = "public" | "private";
export type StoredObject = { key: string; size: number; etag?: string };
export type ByteRange = { start: number; end: number };
export type OpenedObject = { stream: Readable; size: number; contentType?: string; etag?: string };

/** "public/<name>" or "private/<name>", the name a plain file name (letters, digits, dot, dash, underscore). */
// The prefix is matched exactly: "Private/x" is another folder on a case-sensitive disk and the same one on
// a case-insensitive disk, so it is no key at all.
const KEY = /^(public|private)\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export class UploadKeyError extends Error {
  constructor(key: string) {
    super(`not an upload key: ${JSON.stringify(key).slice(0, 80)}`);
    this.name = "UploadKeyError";
  }
}

/**
 * The store cannot do what was asked now (the bucket refuses writes, cannot be reached, the folder is
 * full or read-only): an answer to a visitor says so with 503 and Retry-After, never 500. `detail`
 * names the setting for the log; the visitor sees `message`.
 */
export class UploadsUnavailable extends Error {
  readonly retryAfterSeconds = 30;
  constructor(
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`the upload store cannot be used now: ${detail}`, options);
    this.name = "UploadsUnavailable";
  }
}

/** What a visitor is told when the store refuses a write (one place for the words). */
export const UPLOADS_UNAVAILABLE_MESSAGE =
  "We cannot store images right now, so nothing was saved. Please try again in a few minutes.";

export type UploadsDown = { ok: false; status: 503; message: string; retryAfterSeconds: number };

/** The work's result, or the 503 refusal when the store refused it (other errors are thrown on). */
export async function orUploadsDown<T>(work: () => Promise<T>): Promise<T | UploadsDown> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof UploadsUnavailable)) throw error;
    console.error(error.message);
    return { ok: false, status: 503, message: UPLOADS_UNAVAILABLE_MESSAGE, retryAfterSeconds: error.retryAfterSeconds };
  }
}

/** The headers of a 503 from `orUploadsDown`. */
export function uploadsDownHeaders(down: UploadsDown): Record<string, string> {
  return { "Retry-After": String(down.retryAfterSeconds), "Cache-Control": "no-store" };
}

function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes("..")) throw new UploadKeyError(key);
  return key;
}

/** Whether `name` may be stored under a visibility (a plain file name, no path). */
export function isStorableName(name: string): boolean {
  return KEY.test(`public/${name}`) && !name.includes("..");
}

export function uploadKey(visibility: Visibility, name: string): string {
  return checkKey(`${visibility}/${name}`);
}

export interface UploadStore {
  readonly kind: "folder" | "s3";
  /** Writes an object; `exclusive` refuses to replace an existing one (folder backend; S3 keys are random). */
  put(key: string, data: Buffer, options?: { contentType?: string; exclusive?: boolean }): Promise<void>;
  /**
   * The object as a stream (opened: a later deletion does not cut it), or null when there is none;
   * with `range`, only bytes start..end (inclusive, within the object: the caller checked them), and
   * `size` is then the part's length.
   */
  get(key: string, options?: { range?: ByteRange }): Promise<OpenedObject | null>;
  delete(key: string): Promise<void>;
  /** Objects whose key starts with `prefix` ("public/", "private/", "public/abc"). */
  list(prefix: string): Promise<StoredObject[]>;
  exists(key: string): Promise<boolean>;
  /** Whether the store can be written now (the bucket's probe object written and removed, its outcome reused for 30 s); the reason when not. */
  check(): Promise<{ ok: true } | { ok: false; detail: string }>;
}

/** A whole object's bytes (small images: processing, share cards), or null when there is none. */
export async function readObject(store: UploadStore, key: string): Promise<Buffer | null> {
  const opened = await store.get(key);
  if (!opened) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

function prefixOf(prefix: string): { visibility: Visibility; start: string } {
  const match = /^(public|private)\/([A-Za-z0-9._-]*)$/.exec(prefix);
  if (!match || prefix.includes("..")) throw new UploadKeyError(prefix);
  return { visibility: match[1] as Visibility, start: match[2]! };
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === "ENOENT";

/** Errors of a folder that cannot take files now (full, read-only, no permission). */
const UNWRITABLE = new Set(["ENOSPC", "EDQUOT", "EROFS", "EACCES", "EPERM", "EIO"]);

async function folderWork<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException)?.code;
    if (code && UNWRITABLE.has(code))
      throw new UploadsUnavailable(`UPLOADS_DIR: the uploads folder refuses the write (${code})`, { cause: error });
    throw error;
  }
}

export class FolderStore implements UploadStore {
  readonly kind = "folder";
  /** The directories this store has made (or found): each once, not on every write or probe. */
  private readonly made = new Set<string>();
  constructor(readonly root: string) {}

  private path(key: string): string {
    return join(this.root, checkKey(key));
  }

  private async ensureDir(visibility: Visibility): Promise<string> {
    const dir = join(this.root, visibility);
    if (!this.made.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.made.add(dir);
    }
    return dir;
  }

  async put(key: string, data: Buffer, options: { exclusive?: boolean } = {}): Promise<void> {
    const path = this.path(key);
    const visibility = key.split("/")[0] as Visibility;
    const write = () => writeFile(path, data, { flag: options.exclusive ? "wx" : "w" });
    await folderWork(async () => {
      await this.ensureDir(visibility);
      try {
        await write();
      } catch (error) {
        if (!missing(error)) throw error;
        // The folder went away since it was made (removed by hand): made again for this write.
        this.made.delete(join(this.root, visibility));
        await this.ensureDir(visibility);
        await write();
      }
    });
  }

  async get(key: string, options: { range?: ByteRange } = {}): Promise<OpenedObject | null> {
    const path = this.path(key);
    const { range } = options;
    try {
      const handle = await open(path, "r");
      const info = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      if (range)
        return {
          stream: handle.createReadStream({ autoClose: true, start: range.start, end: range.end }),
          size: range.end - range.start + 1,
        };
      return { stream: handle.createReadStream({ autoClose: true }), size: info.size };
    } catch (error) {
      if (missing(error) || (error as NodeJS.ErrnoException)?.code === "EISDIR") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.path(key);
    await folderWork(() => rm(path, { force: true }));
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const { visibility, start } = prefixOf(prefix);
    const dir = join(this.root, visibility);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if (missing(error)) return [];
      throw error;
    }
    const found: StoredObject[] = [];
    for (const name of names.sort()) {
      if (!name.startsWith(start) || !isStorableName(name)) continue;
      const info = await stat(join(dir, name)).catch(() => null);
      if (info?.isFile()) found.push({ key: `${visibility}/${name}`, size: info.size });
    }
    return found;
  }

  async exists(key: string): Promise<boolean> {
    return (await stat(this.path(key)).catch(() => null))?.isFile() ?? false;
  }

  /**
   * Made once; afterwards a folder that went away (an unmounted volume) is reported, never made again
   * here on an empty disk behind the operator's back.
   */
  async check(): Promise<{ ok: true } | { ok: false; detail: string }> {
    try {
      for (const visibility of ["public", "private"] as const)
        await access(await this.ensureDir(visibility), constants.W_OK);
      return { ok: true };
    } catch {
      return { ok: false, detail: "UPLOADS_DIR: the uploads folder is missing or not writable" };
    }
  }
}

export type S3Settings = NonNullable<Settings["s3"]>;

/** An error the S3 service answered (the SDK's S3ServiceException), told by its shape: the SDK loads lazily. */
function isS3ServiceError(error: unknown): error is S3ServiceException {
  return typeof error === "object" && error !== null && "$fault" in error && "$metadata" in error;
}

export function describeS3Error(error: unknown, s3: Pick<S3Settings, "bucket" | "endpoint">): string {
  if (isS3ServiceError(error)) {
    const status = error.$metadata?.httpStatusCode;
    if (error.name === "NoSuchBucket" || (status === 404 && error.name === "NotFound"))
      return `S3_BUCKET: the bucket "${s3.bucket}" does not exist`;
    if (
      ["InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied", "Forbidden"].includes(error.name) ||
      status === 403
    )
      return `S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: the bucket "${s3.bucket}" refuses these credentials (${error.name})`;
    return `S3_BUCKET: the bucket "${s3.bucket}" answered ${error.name}${status ? ` (${status})` : ""}`;
  }
  const code = (error as NodeJS.ErrnoException)?.code ?? (error as Error)?.name ?? "error";
  return `S3_ENDPOINT: ${s3.endpoint ?? "the S3 service"} cannot be reached (${code})`;
}

/** How long /readyz's probe of the bucket (HEAD, PUT, DELETE) is reused: either outcome, about 30 s. */
export const S3_CHECK_TTL_MS = 30_000;

// The AWS SDK is loaded with the first request to a bucket, not at start-up: it costs each server process
// about 0.4 s of CPU to load (docs/performance.md, "Start-up"), and a site on UPLOADS_DIR never needs it.
type S3Sdk = typeof import("@aws-sdk/client-s3");

/**
 * A client of an S3-compatible service with these settings (the SDK loaded now): the uploads' bucket, and
 * the backups' (services/backup.server.ts), which reaches its bucket with the same S3_* settings.
 */
export async function connectS3(s3: Omit<S3Settings, "bucket">): Promise<{ client: S3Client; sdk: S3Sdk }> {
  const sdk = await import("@aws-sdk/client-s3");
  return {
    sdk,
    client: new sdk.S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      // Checksums only where S3 requires them: several S3-compatible servers do not take the newer trailers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 2,
    }),
  };
}

export class S3Store implements UploadStore {
  readonly kind = "s3";
  private connection?: Promise<{ client: S3Client; sdk: S3Sdk }>;
  private lastCheck?: { at: number; outcome: Promise<{ ok: true } | { ok: false; detail: string }> };
  constructor(
    readonly s3: S3Settings,
    private readonly now: () => number = Date.now,
  ) {}

  private connect(): Promise<{ client: S3Client; sdk: S3Sdk }> {
    return (this.connection ??= connectS3(this.s3));
  }

  private notFound(error: unknown): boolean {
    return (
      isS3ServiceError(error) &&
      (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata?.httpStatusCode === 404)
    );
  }

  /** A failure of the bucket (refused, missing, unreachable) as UploadsUnavailable, naming the setting. */
  private unavailable(error: unknown): UploadsUnavailable {
    return new UploadsUnavailable(describeS3Error(error, this.s3), { cause: error });
  }

  async put(key: string, data: Buffer, options: { contentType?: string } = {}): Promise<void> {
    const { client, sdk } = await this.connect();
    const command = new sdk.PutObjectCommand({
      Bucket: this.s3.bucket,
      Key: checkKey(key),
      Body: data,
      ContentLength: data.byteLength,
      ContentType: options.contentType ?? "application/octet-stream",
    });
    try {
      await client.send(command);
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  async get(key: string, options: { range?: ByteRange } = {}): Promise<OpenedObject | null> {
    const { range } = options;
    const { client, sdk } = await this.connect();
    const command = new sdk.GetObjectCommand({
      Bucket: this.s3.bucket,
      Key: checkKey(key),
      Range: range ? `bytes=${range.start}-${range.end}` : undefined,
    });
    try {
      const answer = await client.send(command);
      if (!answer.Body) return null;
      return {
        stream: answer.Body as Readable,
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType,
        etag: answer.ETag,
      };
    } catch (error) {
      if (this.notFound(error) && (error as S3ServiceException).name !== "NoSuchBucket") return null;
      throw this.unavailable(error);
    }
  }

  async delete(key: string): Promise<void> {
    const { client, sdk } = await this.connect();
    const command = new sdk.DeleteObjectCommand({ Bucket: this.s3.bucket, Key: checkKey(key) });
    try {
      await client.send(command);
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  async list(prefix: string): Promise<StoredObject[]> {
    prefixOf(prefix);
    const { client, sdk } = await this.connect();
    const found: StoredObject[] = [];
    let token: string | undefined;
    try {
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: this.s3.bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key && KEY.test(object.Key))
            found.push({ key: object.Key, size: object.Size ?? 0, etag: object.ETag });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } catch (error) {
      throw this.unavailable(error);
    }
    return found.sort((a, b) => (a.key < b.key ? -1 : 1));
  }

  async exists(key: string): Promise<boolean> {
    const { client, sdk } = await this.connect();
    const command = new sdk.HeadObjectCommand({ Bucket: this.s3.bucket, Key: checkKey(key) });
    try {
      await client.send(command);
      return true;
    } catch (error) {
      if (this.notFound(error)) return false;
      throw this.unavailable(error);
    }
  }

  /** The bucket's probe, made at most once per S3_CHECK_TTL_MS (concurrent callers share one). */
  check(): Promise<{ ok: true } | { ok: false; detail: string }> {
    const now = this.now();
    if (!this.lastCheck || now - this.lastCheck.at >= S3_CHECK_TTL_MS)
      this.lastCheck = { at: now, outcome: this.probe() };
    return this.lastCheck.outcome;
  }

  private async probe(): Promise<{ ok: true } | { ok: false; detail: string }> {
    const probe = `private/readyz-probe-${randomBytes(8).toString("hex")}`;
    try {
      const { client, sdk } = await this.connect();
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.s3.bucket }));
      await this.put(probe, Buffer.from("ok"), { contentType: "text/plain" });
      await this.delete(probe);
      return { ok: true };
    } catch (error) {
      return {
        ok: false,
        detail: error instanceof UploadsUnavailable ? error.detail : describeS3Error(error, this.s3),
      };
    }
  }
}

let current: { settings: Settings; store: UploadStore } | undefined;

/** The store of the current settings (the folder, or the bucket when S3_BUCKET is set). */
export function uploadStore(): UploadStore {
  const settings = config();
  if (current?.settings !== settings)
    current = { settings, store: settings.s3 ? new S3Store(settings.s3) : new FolderStore(settings.uploadsDir) };
  return current.store;
}

/** Streams an object into a Web response body (no buffering of the whole file). */
export function webStream(stream: Readable): ReadableStream<Uint8Array> {
  return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
}

export class CopyRefused extends Error {}

/**
 * Copies every public and private object of one store into another that holds none yet (the folder
 * into a new bucket: `npm run uploads:copy`), then lists the target and compares keys and sizes.
 */
export async function copyUploads(
  from: UploadStore,
  to: UploadStore,
  progress: (key: string) => void = () => {},
): Promise<{ objects: number; bytes: number }> {
  const existing = [...(await to.list("public/")), ...(await to.list("private/"))];
  if (existing.length)
    throw new CopyRefused(
      `the target already holds ${existing.length} objects (e.g. ${existing[0]!.key}): copy into an empty one`,
    );
  const source = [...(await from.list("public/")), ...(await from.list("private/"))];
  for (const object of source) {
    const data = await readObject(from, object.key);
    if (!data) throw new CopyRefused(`${object.key} was removed during the copy: stop the site first`);
    await to.put(object.key, data, { contentType: object.key.endsWith(".webp") ? "image/webp" : undefined });
    progress(object.key);
  }
  const copied = new Map([...(await to.list("public/")), ...(await to.list("private/"))].map((o) => [o.key, o.size]));
  const wrong = source.filter((o) => copied.get(o.key) !== o.size);
  if (wrong.length || copied.size !== source.length)
    throw new CopyRefused(
      `the copy does not match: ${source.length} objects in the source, ${copied.size} in the target, ${wrong.length} of other size (e.g. ${wrong[0]?.key ?? "-"})`,
    );
  return { objects: source.length, bytes: source.reduce((sum, o) => sum + o.size, 0) };
}
