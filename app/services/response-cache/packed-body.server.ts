import { createHash } from "node:crypto";
import { crc32, constants as zlibConstants, deflateRawSync } from "node:zlib";
import type { RenderEffect } from "./render-effects.server";

// A cached answer as it is kept: the body split at its CSP nonce, each part plain and as raw deflate, so
// that every answer gets a fresh nonce, plain or as one gzip member, without compressing again.

export type CachedResponse = {
  status: number;
  /** Response headers to repeat, without the CSP (kept split at its nonce) and per-answer ones. */
  headers: [string, string | string[]][];
  csp: string[] | null;
  /** The body split at the nonce (one segment when it has none). */
  segments: Buffer[];
  /** Each segment as raw deflate, sync-flushed so they can be joined; the last one finished. */
  deflated: Buffer[];
  length: number;
  etag: string;
  /** When the generation began (rounded up to a second); `ifModifiedSince` false when two began in that second. */
  lastModified: string;
  ifModifiedSince: boolean;
  effects: RenderEffect[];
  bytes: number;
};

// X-Request-Id is each request's own (set by the request log before this middleware runs).
const PER_ANSWER_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "connection",
  "keep-alive",
  "etag",
  "last-modified",
  "x-cache",
  "content-security-policy",
  "set-cookie",
  "x-request-id",
]);

export function buildEntry(input: {
  status: number;
  headers: Record<string, string | number | string[] | undefined>;
  body: Buffer;
  effects: RenderEffect[];
  lastModified: { value: string; trusted: boolean };
}): CachedResponse {
  const csp =
    typeof input.headers["content-security-policy"] === "string" ? input.headers["content-security-policy"] : null;
  const nonce = csp?.match(/'nonce-([^']+)'/)?.[1] ?? null;
  // Own memory blocks: the body may be a view of a larger one (a slice of Buffer's shared pool).
  const segments = packed(nonce ? splitBuffer(input.body, Buffer.from(nonce)) : [input.body]);
  const deflated = packed(
    segments.map((segment, i) =>
      deflateRawSync(segment, i === segments.length - 1 ? {} : { finishFlush: zlibConstants.Z_SYNC_FLUSH }),
    ),
  );
  // The validator ignores the nonce: the same page rendered again is the same representation.
  const hash = createHash("sha256");
  for (const segment of segments) hash.update(segment).update("\0nonce\0");
  const headers: CachedResponse["headers"] = [];
  for (const [name, value] of Object.entries(input.headers)) {
    if (value === undefined || PER_ANSWER_HEADERS.has(name)) continue;
    headers.push([name, Array.isArray(value) ? value : String(value)]);
  }
  const bytes = segments.reduce((n, s) => n + s.length, 0) + deflated.reduce((n, s) => n + s.length, 0) + 1024;
  return {
    status: input.status,
    headers,
    csp: csp && nonce ? csp.split(nonce) : csp ? [csp] : null,
    segments,
    deflated,
    length: input.body.length - (segments.length - 1) * (nonce?.length ?? 0),
    etag: `W/"${hash.digest("base64url").slice(0, 27)}"`,
    lastModified: input.lastModified.value,
    ifModifiedSince: input.lastModified.trusted,
    effects: input.effects,
    bytes,
  };
}

/**
 * Copies buffers into one memory block of exactly their size, as views of it, so that what an entry
 * holds is what the cache counts. A small result of deflateRawSync is a view of zlib's 16 KB output
 * chunk: kept as it was, each segment of a page (one per CSP nonce in it) held 16 KB however short.
 */
function packed(parts: Buffer[]): Buffer[] {
  const block = Buffer.allocUnsafeSlow(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  return parts.map((part) => {
    part.copy(block, at);
    at += part.length;
    return block.subarray(at - part.length, at);
  });
}

/** The memory an entry's buffers hold (their backing stores, each counted once), in bytes. */
export function retainedBytes(entry: CachedResponse): number {
  const stores = new Set<ArrayBufferLike>([...entry.segments, ...entry.deflated].map((b) => b.buffer));
  return [...stores].reduce((n, store) => n + store.byteLength, 0);
}

function splitBuffer(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, start)) {
    parts.push(body.subarray(start, at));
    start = at + separator.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

export function cspWithNonce(entry: CachedResponse, nonce: string): string | null {
  return entry.csp ? entry.csp.join(nonce) : null;
}

export function identityBody(entry: CachedResponse, nonce: string): Buffer {
  if (entry.segments.length === 1) return entry.segments[0];
  const nonceBytes = Buffer.from(nonce);
  return Buffer.concat(entry.segments.flatMap((s, i) => (i === 0 ? [s] : [nonceBytes, s])));
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * One gzip member: the stored deflate of each segment with the nonce between them as an uncompressed
 * (stored) deflate block, and the trailer's CRC-32 and size of the whole. One member, because not
 * every browser reads concatenated gzip members.
 */
export function gzipBody(entry: CachedResponse, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce);
  const stored = Buffer.alloc(5);
  stored[0] = 0; // not final, type 0 (stored); the previous block ended on a byte boundary (sync flush)
  stored.writeUInt16LE(nonceBytes.length, 1);
  stored.writeUInt16LE(~nonceBytes.length & 0xffff, 3);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  entry.segments.forEach((segment, i) => {
    if (i > 0) {
      parts.push(stored, nonceBytes);
      crc = crc32(nonceBytes, crc);
      size += nonceBytes.length;
    }
    parts.push(entry.deflated[i]);
    crc = crc32(segment, crc);
    size += segment.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}
