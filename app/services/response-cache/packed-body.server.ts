import { createHash, randomFillSync } from "node:crypto";
import { crc32, createDeflateRaw, constants as zlibConstants } from "node:zlib";
import type { RenderEffect } from "./render-effects.server";

// A cached answer as it is kept: the body split at its CSP nonce, each part plain and as raw deflate, so
// that every answer gets a fresh nonce, plain or as one gzip member, without compressing again. The deflate
// is made in libuv's thread pool, not on the main thread, which renders (docs/performance.md).

export type CachedResponse = {
  status: number;
  /** Response headers to repeat, without the CSP (kept split at its nonce) and per-answer ones. */
  headers: [string, string | string[]][];
  csp: string[] | null;
  /** The body split at the nonce (one segment when it has none). */
  segments: Buffer[];
  /**
   * Each segment as raw deflate, full-flushed so they can be joined; the last one finished. Null until it is made
   * (`deflating`), and for good if it could not be (the entry then answers plain).
   */
  deflated: Buffer[] | null;
  /** Settles once `deflated` is made (or could not be); never rejects. */
  deflating: Promise<void>;
  /** Each segment's CRC-32, and the operator that moves a CRC-32 past that segment's length (`crc32Shift`). */
  crcs: number[];
  crcShifts: number[];
  length: number;
  etag: string;
  /** When the generation began (rounded up to a second); `ifModifiedSince` false when two began in that second. */
  lastModified: string;
  ifModifiedSince: boolean;
  effects: RenderEffect[];
  /** What the entry holds, counted for the cache's bound: until the deflate is made, as if it were as long as the page. */
  bytes: number;
};

/**
 * Each segment as raw deflate, made in libuv's thread pool by one zlib stream: a full flush after each segment but
 * the last (the next starts on a byte boundary with no reference to what came before, so a stored block can go
 * between them) and the end after the last. One stream rather than one per segment: each stream's set-up and
 * bookkeeping runs on the main thread, ~0.1 ms apiece (a directory page has 7 segments; docs/performance.md).
 * The output of a flush is all emitted before its callback runs (zlib pushes it, then calls back).
 */
function deflateSegments(segments: Buffer[]): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const deflate = createDeflateRaw();
    const made: Buffer[] = [];
    let output: Buffer[] = [];
    const take = () => {
      made.push(Buffer.concat(output));
      output = [];
    };
    deflate.on("data", (chunk: Buffer) => output.push(chunk));
    deflate.on("error", reject);
    const last = segments.length - 1;
    const from = (i: number): void => {
      if (i === last) {
        deflate.once("end", () => {
          take();
          resolve(made);
        });
        deflate.end(segments[i]);
        return;
      }
      deflate.write(segments[i]);
      deflate.flush(zlibConstants.Z_FULL_FLUSH, () => {
        take();
        from(i + 1);
      });
    };
    from(0);
  });
}

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

/**
 * The entry of a rendered answer, ready to answer plain at once; its deflate is begun in the thread pool
 * (`deflating`), and `onDeflated` is told when it is made (the entry's `bytes` are then what it holds).
 */
export function buildEntry(
  input: {
    status: number;
    headers: Record<string, string | number | string[] | undefined>;
    body: Buffer;
    effects: RenderEffect[];
    lastModified: { value: string; trusted: boolean };
  },
  onDeflated?: (entry: CachedResponse) => void,
): CachedResponse {
  const csp =
    typeof input.headers["content-security-policy"] === "string" ? input.headers["content-security-policy"] : null;
  const nonce = csp?.match(/'nonce-([^']+)'/)?.[1] ?? null;
  // Own memory blocks: the body may be a view of a larger one (a slice of Buffer's shared pool).
  const segments = packed(nonce ? splitBuffer(input.body, Buffer.from(nonce)) : [input.body]);
  // The validator ignores the nonce: the same page rendered again is the same representation.
  const hash = createHash("sha256");
  for (const segment of segments) hash.update(segment).update("\0nonce\0");
  const headers: CachedResponse["headers"] = [];
  for (const [name, value] of Object.entries(input.headers)) {
    if (value === undefined || PER_ANSWER_HEADERS.has(name)) continue;
    headers.push([name, Array.isArray(value) ? value : String(value)]);
  }
  const plainBytes = segments.reduce((n, s) => n + s.length, 0);
  const entry: CachedResponse = {
    status: input.status,
    headers,
    csp: csp && nonce ? csp.split(nonce) : csp ? [csp] : null,
    segments,
    deflated: null,
    deflating: Promise.resolve(),
    crcs: segments.map((segment) => crc32(segment)),
    crcShifts: segments.map((segment) => crc32Shift(segment.length)),
    length: input.body.length - (segments.length - 1) * (nonce?.length ?? 0),
    etag: `W/"${hash.digest("base64url").slice(0, 27)}"`,
    lastModified: input.lastModified.value,
    ifModifiedSince: input.lastModified.trusted,
    effects: input.effects,
    bytes: 2 * plainBytes + 1024,
  };
  entry.deflating = deflateSegments(segments).then(
    (parts) => {
      entry.deflated = packed(parts);
      entry.bytes = plainBytes + entry.deflated.reduce((n, s) => n + s.length, 0) + 1024;
      onDeflated?.(entry);
    },
    () => undefined,
  );
  return entry;
}

/**
 * Copies buffers into one memory block of exactly their size, as views of it, so that what an entry
 * holds is what the cache counts. A small piece of zlib's output is a view of its 16 KB output
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
  const stores = new Set<ArrayBufferLike>([...entry.segments, ...(entry.deflated ?? [])].map((b) => b.buffer));
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

// Nonces for the answers of entries: 16 random bytes each, cut from a pool filled by the system's CSPRNG 256 at a
// time (one call per nonce showed in the profile of hits).
const noncePool = Buffer.alloc(16 * 256);
let nonceAt = noncePool.length;
export function freshNonce(): string {
  if (nonceAt === noncePool.length) {
    randomFillSync(noncePool);
    nonceAt = 0;
  }
  nonceAt += 16;
  return noncePool.toString("base64", nonceAt - 16, nonceAt);
}

export function cspWithNonce(entry: CachedResponse, nonce: string): string | null {
  return entry.csp ? entry.csp.join(nonce) : null;
}

/**
 * An answer's body as the parts to write one after another: the entry's stored buffers and a few small
 * new ones (the nonce, the gzip trailer). Joining them into one new buffer per answer made every hit
 * allocate the page's size outside the JavaScript heap, and that allocation rate set off a full
 * collection every few hundred milliseconds under load: the pages' p99 (docs/performance.md).
 */
export type BodyParts = { parts: Buffer[]; length: number };

export function identityBody(entry: CachedResponse, nonce: string): BodyParts {
  if (entry.segments.length === 1) return { parts: entry.segments, length: entry.length };
  const nonceBytes = Buffer.from(nonce);
  const parts = entry.segments.flatMap((s, i) => (i === 0 ? [s] : [nonceBytes, s]));
  return { parts, length: plainLength(entry, nonceBytes) };
}

/** The length of the page as sent, with `nonceBytes` in each place the nonce was. */
function plainLength(entry: CachedResponse, nonceBytes: Buffer): number {
  return entry.length + (entry.segments.length - 1) * nonceBytes.length;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The header of a stored (uncompressed) deflate block of `length` bytes, made once per length (a nonce's). */
const storedBlockHeaders = new Map<number, Buffer>();
function storedBlockHeader(length: number): Buffer {
  let header = storedBlockHeaders.get(length);
  if (!header) {
    header = Buffer.alloc(5);
    header[0] = 0; // not final, type 0 (stored); the previous block ended on a byte boundary (full flush)
    header.writeUInt16LE(length, 1);
    header.writeUInt16LE(~length & 0xffff, 3);
    storedBlockHeaders.set(length, header);
  }
  return header;
}

/**
 * One gzip member: the stored deflate of each segment with the nonce between them as an uncompressed
 * (stored) deflate block, and the trailer's CRC-32 and size of the whole. One member, because not every
 * browser reads concatenated gzip members. The CRC-32 of the whole is combined from the segments' stored
 * ones and the nonce's, so an answer does not read the page again.
 */
export function gzipBody(entry: CachedResponse, nonce: string): BodyParts {
  if (!entry.deflated) throw new Error("an entry answered gzip before its deflate was made");
  const nonceBytes = Buffer.from(nonce);
  const stored = storedBlockHeader(nonceBytes.length);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  entry.deflated.forEach((deflated, i) => {
    if (i > 0) {
      parts.push(stored, nonceBytes);
      crc = crc32(nonceBytes, crc);
    }
    parts.push(deflated);
    crc = i === 0 ? entry.crcs[0] : crc32Combine(crc, entry.crcs[i], entry.crcShifts[i]);
  });
  // From Node's shared pool: a buffer of its own for each answer would be one more object for the collector.
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(plainLength(entry, nonceBytes) >>> 0, 4);
  parts.push(trailer);
  return { parts, length: parts.reduce((n, p) => n + p.length, 0) };
}

// CRC-32 combination (zlib's crc32_combine_gen/crc32_combine_op, which Node's zlib does not expose): with
// A's and B's CRC-32, the CRC-32 of A followed by B is A's multiplied by x^(8·|B|) modulo the CRC's
// polynomial, plus B's. Polynomials are 32-bit words, reflected as in the CRC (bit 31 is x^0).
const CRC32_POLYNOMIAL = 0xedb88320;

/** a(x)·b(x) modulo the polynomial; `a` must not be 0. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let bit = 0x80000000; ; bit >>>= 1) {
    if (a & bit) {
      product ^= b;
      if ((a & (bit - 1)) === 0) break;
    }
    b = b & 1 ? (b >>> 1) ^ CRC32_POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X_TO_2_TO_K: number[] = [0x40000000];
for (let k = 1; k < 32; k++) X_TO_2_TO_K.push(multiplyModP(X_TO_2_TO_K[k - 1], X_TO_2_TO_K[k - 1]));

/** The operator for a sequence of `length` bytes: x^(8·length) modulo the polynomial. */
export function crc32Shift(length: number): number {
  let power = 0x80000000; // x^0
  for (let k = 3, n = length; n > 0; n = Math.floor(n / 2), k++) {
    if (n & 1) power = multiplyModP(X_TO_2_TO_K[k & 31], power);
  }
  return power;
}

/** The CRC-32 of A followed by B, from A's, B's and the shift of B's length. */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}
