import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { crc32, constants as zlibConstants, deflateRawSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import { endOfIndianDay, todayIso } from "~/lib/dates";

// The response cache (docs/performance.md): anonymous GETs of pages that declare themselves public are kept in
// memory as rendered bytes, uncompressed and deflated, split at the CSP nonce so that every answer
// carries a fresh one. Entries belong to one "generation" (the database's content version and the
// Indian day): a new generation empties the cache. The Express middleware is server/response-cache.ts.

/** Browsers and CDNs may show a public answer up to 30 s old once while they fetch it again. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, stale-while-revalidate=30";

/**
 * Headers of a page or API answer that is the same for every anonymous visitor (a route's `headers`
 * export). Such a page may read no request header or cookie but the theme cookie. An error page
 * (a 404 of an unknown seller) is not public.
 */
export function publicCacheHeaders(args?: { errorHeaders?: Headers; actionHeaders?: Headers }): HeadersInit {
  if (args?.errorHeaders) return {};
  // A throttled post to a public form (contact, newsletter, a review) keeps its Retry-After.
  const retryAfter = args?.actionHeaders?.get("Retry-After");
  if (retryAfter) return { "Cache-Control": "no-store", "Retry-After": retryAfter };
  return { "Cache-Control": PUBLIC_CACHE_CONTROL, Vary: "Accept-Encoding, Cookie" };
}

/**
 * Whether a request may be answered as an anonymous visitor: it carries no cookie but `theme`. Cookie
 * parsers forgive a great deal (`__session =x`, a tab before `=`, quotes, a second Cookie header, another
 * case), so this does not try to read a session the way one of them would: any cookie name other than
 * `theme`, in any spelling, or the word "session" anywhere, and the request is not anonymous.
 */
export function isAnonymousCookieHeader(cookieHeader: string | string[] | null | undefined): boolean {
  if (!cookieHeader) return true;
  const header = Array.isArray(cookieHeader) ? cookieHeader.join("; ") : cookieHeader;
  if (/session/i.test(header)) return false;
  return header
    .split(/[;,]/)
    .filter((part) => part.trim() !== "")
    .every((part) => /^theme=/.test(part.trim()));
}

/** A page rendered for a visitor who is not anonymous may show their account: never public, whatever the route declares. */
export function keepSignedInPagesPrivate(request: Request, headers: Headers): void {
  if (
    !isAnonymousCookieHeader(request.headers.get("Cookie")) &&
    /^\s*public\b/i.test(headers.get("Cache-Control") ?? "")
  ) {
    headers.set("Cache-Control", "private, no-cache");
  }
}

// ── effects that a cached answer repeats ──

const renderEffects = new AsyncLocalStorage<RenderEffect[]>();

/** What an effect learns of the request it runs for: the rendering one, or each one a cached answer serves. */
export type EffectRequest = { userAgent: string | undefined };
export type RenderEffect = (request: EffectRequest) => void;

/**
 * Runs a side effect of rendering a page (counting a profile view, a search) and, when the page is being
 * rendered for the cache, records it so every answer served from the cache runs it again, told that
 * answer's request (server/response-cache.ts).
 */
export function repeatOnCacheHit(effect: RenderEffect, request?: Request): void {
  effect({ userAgent: request?.headers.get("User-Agent") ?? undefined });
  renderEffects.getStore()?.push(effect);
}

/** Runs `render` collecting the effects that `repeatOnCacheHit` records during it. */
export function collectRenderEffects<T>(effects: RenderEffect[], render: () => T): T {
  return renderEffects.run(effects, render);
}

// ── entries ──

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

// ── the store ──

/** The cache's generation: content version and Indian day (subscriptions end at the day's end, without a write). */
export class GenerationClock {
  private day = "";
  private dayEndsAt = 0;
  constructor(private readonly now: () => number = Date.now) {}

  generation(contentVersion: number): string {
    const now = this.now();
    if (now >= this.dayEndsAt) {
      this.day = todayIso(new Date(now));
      this.dayEndsAt = endOfIndianDay(new Date(now));
    }
    return `${contentVersion}@${this.day}`;
  }
}

/** Entries live at most this long even when nothing changes (view counts on cards and profiles catch up). */
export const ENTRY_MAX_AGE_MS = 60_000;
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

export class ResponseStore {
  private generation: string | null = null;
  private startedSecond = 0;
  /** Last-Modified of this generation's answers, and whether If-Modified-Since can be trusted for them. */
  lastModified = { value: new Date(0).toUTCString(), trusted: false };
  private readonly lru: LRUCache<string, CachedResponse>;

  constructor(
    maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {
    this.lru = new LRUCache<string, CachedResponse>({
      maxSize: maxBytes,
      maxEntrySize: Math.min(MAX_ENTRY_BYTES * 2, maxBytes),
      sizeCalculation: (entry) => entry.bytes,
      ttl: ENTRY_MAX_AGE_MS,
      ttlAutopurge: false,
    });
  }

  /** Moves to `generation`, dropping every entry of an older one. */
  enter(generation: string): void {
    if (generation === this.generation) return;
    this.lru.clear();
    this.generation = generation;
    // A date is only a second precise: two generations in one second cannot be told apart by it.
    const second = Math.ceil(this.now() / 1000);
    this.lastModified = { value: new Date(second * 1000).toUTCString(), trusted: second !== this.startedSecond };
    this.startedSecond = second;
  }

  get(key: string): CachedResponse | undefined {
    return this.lru.get(key);
  }

  /** Stores an entry rendered in `generation`, unless the cache has moved on since. */
  set(key: string, generation: string, entry: CachedResponse): void {
    if (generation !== this.generation) return;
    this.lru.set(key, entry);
  }

  get size(): number {
    return this.lru.size;
  }
}

export const MAX_BUFFERED_BYTES = MAX_ENTRY_BYTES;
