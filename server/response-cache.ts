import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { themeFromCookieHeader } from "~/lib/theme";
import {
  buildEntry,
  type CachedResponse,
  collectRenderEffects,
  cspWithNonce,
  GenerationClock,
  gzipBody,
  isAnonymousCookieHeader,
  identityBody,
  MAX_BUFFERED_BYTES,
  type RenderEffect,
  ResponseStore,
} from "~/services/response-cache.server";

export type CacheMiddleware = (req: Request, res: Response, next: NextFunction) => void;

/**
 * Express middleware in front of React Router's handler (after `compression`, which passes an answer
 * that already has a Content-Encoding through untouched). Anonymous GET and HEAD requests are looked
 * up by origin, path and query, and theme; a 200 whose Cache-Control starts with `public` and that sets
 * no cookie is kept. Every cacheable answer gets a weak ETag (the body without its nonce) and
 * Last-Modified, and a matching If-None-Match / If-Modified-Since gets 304.
 */
export function createResponseCacheMiddleware(options: {
  maxBytes: number;
  contentVersion: () => Promise<number>;
  clock?: GenerationClock;
}): CacheMiddleware {
  const store = new ResponseStore(options.maxBytes);
  const clock = options.clock ?? new GenerationClock();

  return (req, res, next) => {
    if (
      (req.method !== "GET" && req.method !== "HEAD") ||
      req.path.startsWith("/assets/") ||
      !isAnonymousCookieHeader(req.headers.cookie) ||
      req.headers.authorization
    )
      return next();
    options.contentVersion().then(
      (version) => {
        const generation = clock.generation(version);
        store.enter(generation);
        const key = `${req.protocol}://${req.headers.host ?? ""}${req.originalUrl}\ntheme=${themeFromCookieHeader(req.headers.cookie ?? null) ?? ""}`;
        const entry = store.get(key);
        if (entry) {
          for (const effect of entry.effects) effect({ userAgent: req.headers["user-agent"] });
          send(req, res, entry, "HIT", randomBytes(16).toString("base64"), res.end as unknown as End);
          return;
        }
        if (req.method !== "GET") return next();
        const effects: RenderEffect[] = [];
        capture(req, res, store.lastModified, (captured) => store.set(key, generation, captured), effects);
        collectRenderEffects(effects, () => next());
      },
      (error: unknown) => next(error),
    );
  };
}

type End = (this: Response, ...args: unknown[]) => unknown;

/**
 * Holds back the body of a response the cache may keep until its end, then stores it and answers
 * through `send`. Anything else passes through as it is written.
 */
function capture(
  req: Request,
  res: Response,
  lastModified: ResponseStore["lastModified"],
  keep: (entry: CachedResponse) => void,
  effects: RenderEffect[],
) {
  const write = res.write as unknown as End;
  const end = res.end as unknown as End;
  const flush = (res as { flush?: () => void }).flush;
  let mode: "undecided" | "hold" | "pass" = "undecided";
  const chunks: Buffer[] = [];
  let held = 0;

  const decide = () => {
    const cacheControl = String(res.getHeader("cache-control") ?? "");
    mode =
      res.statusCode === 200 && /^\s*public\b/i.test(cacheControl) && !res.getHeader("set-cookie") ? "hold" : "pass";
    if (mode === "pass") restore();
  };
  const restore = () => {
    res.write = write as unknown as Response["write"];
    res.end = end as unknown as Response["end"];
    if (flush) (res as { flush?: () => void }).flush = flush;
  };
  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array);

  res.write = function (this: Response, chunk: unknown, encoding?: unknown, callback?: unknown) {
    if (mode === "undecided") decide();
    if (mode === "pass") return write.apply(this, [chunk, encoding, callback] as never);
    const buffer = toBuffer(chunk, encoding);
    chunks.push(buffer);
    held += buffer.length;
    if (held > MAX_BUFFERED_BYTES) {
      // Too large to keep: send what is held and let the rest stream.
      mode = "pass";
      restore();
      write.call(this, Buffer.concat(chunks));
    }
    const cb = typeof encoding === "function" ? encoding : callback;
    if (typeof cb === "function") process.nextTick(cb as () => void);
    return true;
  } as Response["write"];

  res.end = function (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    if (mode === "undecided") decide();
    if (mode === "pass") return end.apply(this, [chunk, encoding, callback] as never);
    restore();
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function") chunks.push(toBuffer(chunk, encoding));
    const entry = buildEntry({
      status: res.statusCode,
      headers: res.getHeaders(),
      body: Buffer.concat(chunks),
      effects,
      lastModified,
    });
    keep(entry);
    const csp = String(res.getHeader("content-security-policy") ?? "");
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1] ?? "";
    send(req, res, entry, "MISS", nonce, end);
    return this;
  } as unknown as Response["end"];
  if (flush) (res as { flush?: () => void }).flush = () => {};
}

/** Answers from an entry: 304 when the client holds it, else the body (gzip when accepted) with `nonce` in it. */
function send(req: Request, res: Response, entry: CachedResponse, outcome: "HIT" | "MISS", nonce: string, end: End) {
  res.statusCode = entry.status;
  if (outcome === "HIT") for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("ETag", entry.etag);
  res.setHeader("Last-Modified", entry.lastModified);
  res.setHeader("X-Cache", outcome);
  if (notModified(req, entry)) {
    // The client's copy holds its own nonce: a CSP with a new one would block its scripts.
    res.removeHeader("Content-Security-Policy");
    res.removeHeader("Content-Type");
    res.statusCode = 304;
    end.call(res);
    return;
  }
  const csp = cspWithNonce(entry, nonce);
  if (csp) res.setHeader("Content-Security-Policy", csp);
  const gzip = acceptsGzip(req.headers["accept-encoding"]);
  const body = gzip ? gzipBody(entry, nonce) : identityBody(entry, nonce);
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  if (req.method === "HEAD") end.call(res);
  else end.call(res, body);
}

function notModified(req: Request, entry: CachedResponse): boolean {
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch) {
    const strip = (tag: string) => tag.trim().replace(/^W\//, "");
    return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => strip(tag) === strip(entry.etag));
  }
  const since = req.headers["if-modified-since"];
  return !!since && entry.ifModifiedSince && Date.parse(since) >= Date.parse(entry.lastModified);
}

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  for (const part of header.split(",")) {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}
