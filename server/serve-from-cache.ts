import type { IncomingMessage, ServerResponse } from "node:http";
import type express from "express";
import { boundedMemo } from "~/lib/bounded-memo";
import { themeFromCookieHeader } from "~/lib/theme";
import { isAnonymousCookieHeader } from "~/services/response-cache/anonymous-visitor.server";
import { isPublicCacheControl } from "~/services/response-cache/cache-control.server";
import { GenerationClock } from "~/services/response-cache/generation-clock.server";
import {
  buildEntry,
  type CachedResponse,
  cspWithNonce,
  freshNonce,
  gzipBody,
  identityBody,
} from "~/services/response-cache/packed-body.server";
import { collectRender, type RenderEffect, type RenderRecord } from "~/services/response-cache/render-effects.server";
import { MAX_BUFFERED_BYTES, ResponseStore } from "~/services/response-cache/response-store.server";
import { countCacheLookup, reportCacheEntries } from "~/services/metrics.server";
import { RESPONSE_HEADERS } from "~/services/security-headers.server";
import { logAnswered, requestIdOf } from "./request-basics";

/** What a request looked up and did not find: the cache fills the entry when Express has rendered it. */
const MISSED = Symbol("response cache miss");
type Missed = { key: string; generation: string };
type LookedUp = IncomingMessage & { [MISSED]?: Missed };

export type ResponseCache = {
  /**
   * Answers a cache hit on the bare `node:http` request, before Express and React Router see it: the
   * stored bytes with a fresh nonce, a request id, the common headers and a log line. `false` at once
   * for a request the cache does not serve; otherwise a promise, after the content version is read, of
   * whether it answered (`false`: a miss, Express must answer). `app` gives Express's reading of the
   * request (the protocol and host behind a trusted proxy), so the cache keys and refuses exactly as it would.
   */
  answer(req: IncomingMessage, res: ServerResponse, app: express.Express): false | Promise<boolean>;
  /** Express middleware in front of React Router: keeps the answer of a request that `answer` missed. */
  fill: express.RequestHandler;
};

/**
 * The response cache of anonymous public answers. Anonymous GET and HEAD requests are looked up by
 * origin, path and query, and theme; a 200 whose Cache-Control starts with `public` and that sets no
 * cookie is kept. Every cacheable answer gets a weak ETag (the body without its nonce) and
 * Last-Modified, and a matching If-None-Match / If-Modified-Since gets 304. `contentVersion` must be
 * exact (never behind a committed change): a new version empties the cache.
 */
export function createResponseCache(options: {
  maxBytes: number;
  contentVersion: () => Promise<number>;
  clock?: GenerationClock;
  /** the wall clock (epoch ms) entries that end at a moment are held to (tests move it) */
  now?: () => number;
}): ResponseCache {
  const store = new ResponseStore(options.maxBytes, options.now);
  const clock = options.clock ?? new GenerationClock(options.now);
  reportCacheEntries(() => store.size); // docs/decisions/224-metrics.md

  const lookUp = (
    req: IncomingMessage,
    { protocol, host }: { protocol: string; host: string },
    res: ServerResponse,
    version: number,
    startedAt: number,
  ): boolean => {
    const generation = clock.generation(version);
    store.enter(generation);
    const key = `${protocol}://${host}${req.url}\ntheme=${themeFromCookieHeader(req.headers.cookie ?? null) ?? ""}`;
    const entry = store.get(key);
    countCacheLookup(entry ? "hit" : "miss");
    if (!entry) {
      if (req.method === "GET") (req as LookedUp)[MISSED] = { key, generation };
      return false;
    }
    const reqId = requestIdOf(req);
    for (const effect of entry.effects) effect({ userAgent: req.headers["user-agent"] });
    sendHit(req, res, entry, reqId, freshNonce(), startedAt);
    return true;
  };

  return {
    answer(req, res, app) {
      const startedAt = Date.now();
      if (
        (req.method !== "GET" && req.method !== "HEAD") ||
        req.url?.startsWith("/assets/") ||
        !isAnonymousCookieHeader(req.headers.cookie) ||
        req.headers.authorization ||
        // A request with a body, or one whose host Express refuses, is Express's to answer (413, 400).
        (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0") ||
        req.headers["transfer-encoding"] !== undefined
      )
        return false;
      const origin = originOf(req, app);
      if (!origin) return false;
      // The version could not be read: Express renders the page (and the cache keeps nothing of it).
      return options.contentVersion().then(
        (version) => lookUp(req, origin, res, version, startedAt),
        () => false,
      );
    },

    fill(req, res, next) {
      const missed = (req as LookedUp)[MISSED];
      if (!missed) return next();
      const record: RenderRecord = { effects: [], freshUntil: null };
      capture(
        req,
        res,
        store.lastModified,
        (captured) => store.set(missed.key, missed.generation, captured, record.freshUntil),
        (deflated) => store.recount(missed.key, deflated),
        record.effects,
      );
      collectRender(record, () => next());
    },
  };
}

type Origin = { protocol: string; host: string };
const NO_ORIGIN = null;
const origins = new WeakMap<express.Express, Map<string, Origin | typeof NO_ORIGIN>>();
/** At most this many distinct request origins are remembered per app; all are dropped at once when full. */
const ORIGINS_KEPT = 256;

/**
 * `expressReading`, remembered per distinct set of what it reads: whether the socket is TLS and the Host header,
 * and behind a trusted proxy also the peer's address and the forwarded host and protocol. Express's getters cost
 * about 6 % of a cached API hit (`--floor-only`, the reading left out: 87.7 % of the floor against 80.6–83.0 %,
 * docs/performance.md); a hit now builds one short key and looks it up.
 */
function originOf(req: IncomingMessage, app: express.Express): Origin | undefined {
  const { headers, socket } = req;
  const tls = (socket as { encrypted?: boolean }).encrypted ? "s" : "";
  const key = app.enabled("trust proxy")
    ? `${tls}\n${headers.host}\n${socket.remoteAddress}\n${headers["x-forwarded-host"]}\n${headers["x-forwarded-proto"]}`
    : `${tls}\n${headers.host}`;
  let kept = origins.get(app);
  if (!kept) origins.set(app, (kept = new Map()));
  let origin = kept.get(key);
  if (origin === undefined) {
    origin = expressReading(req, app) ?? NO_ORIGIN;
    if (kept.size >= ORIGINS_KEPT) kept.clear();
    kept.set(key, origin);
  }
  return origin ?? undefined;
}

/**
 * The protocol and host a render of this request is given, read as the rest of the server reads them:
 * Express's `protocol` and `hostname` (behind a trusted proxy, its forwarded headers) with the port as
 * React Router's Express adapter adds it (`createRemixRequest` in `@react-router/express`: the trusted
 * `X-Forwarded-Host`'s port, else the `Host` header's). The cache keys on exactly this origin, so a page
 * rendered for one host (its canonical, og:url, robots.txt's Sitemap) never answers a request for
 * another (docs/decisions/198-response-cache-keyed-on-the-rendered-origin.md). Undefined for a host Express
 * refuses. Read through a view that inherits from Express's request (its getters need `app`, `socket` and
 * the headers), not by giving the request Express's prototype as Express does when it handles one:
 * changing the prototype of every request kept them alive through young-generation collections (about
 * 0.2 MB promoted per collection under load, a full collection every ~0.7 s) and cost about a sixth of a
 * hit's time (docs/performance.md).
 */
function expressReading(req: IncomingMessage, app: express.Express): Origin | undefined {
  const view = Object.create(app.request) as express.Request;
  view.headers = req.headers;
  view.socket = req.socket;
  const hostname = view.hostname;
  if (!hostname) return undefined;
  const portOf = (value: string | string[] | undefined) =>
    Number.parseInt((typeof value === "string" ? value : "").split(":")[1] ?? "", 10);
  const forwardedPort = app.enabled("trust proxy") ? portOf(req.headers["x-forwarded-host"]) : NaN;
  const hostPort = portOf(req.headers.host);
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : "";
  const name = hostname.split(/[\\/?#@]/)[0] || "localhost";
  return { protocol: view.protocol, host: `${name}${port ? `:${port}` : ""}` };
}

type End = (this: ServerResponse, ...args: unknown[]) => unknown;

/**
 * Holds back the body of a response the cache may keep until its end, then stores it and answers
 * through `send`. Anything else passes through as it is written.
 */
function capture(
  req: express.Request,
  res: express.Response,
  lastModified: ResponseStore["lastModified"],
  keep: (entry: CachedResponse) => void,
  recount: (entry: CachedResponse) => void,
  effects: RenderEffect[],
) {
  const write = res.write as unknown as End;
  const end = res.end as unknown as End;
  const flush = (res as { flush?: () => void }).flush;
  let mode: "undecided" | "hold" | "pass" = "undecided";
  const chunks: Buffer[] = [];
  let held = 0;

  const decide = () => {
    mode =
      res.statusCode === 200 && isPublicCacheControl(res.getHeader("cache-control")) && !res.getHeader("set-cookie")
        ? "hold"
        : "pass";
    if (mode === "pass") restore();
  };
  const restore = () => {
    res.write = write as unknown as express.Response["write"];
    res.end = end as unknown as express.Response["end"];
    if (flush) (res as { flush?: () => void }).flush = flush;
  };
  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array);

  res.write = function (this: express.Response, chunk: unknown, encoding?: unknown, callback?: unknown) {
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
  } as express.Response["write"];

  res.end = function (this: express.Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    if (mode === "undecided") decide();
    if (mode === "pass") return end.apply(this, [chunk, encoding, callback] as never);
    restore();
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function") chunks.push(toBuffer(chunk, encoding));
    const entry = buildEntry(
      { status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks), effects, lastModified },
      recount,
    );
    keep(entry);
    const csp = String(res.getHeader("content-security-policy") ?? "");
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1] ?? "";
    send(req, res, entry, nonce, end);
    return this;
  } as unknown as express.Response["end"];
  if (flush) (res as { flush?: () => void }).flush = () => {};
}

/**
 * The headers every hit of an entry repeats, built once per entry as `writeHead`'s flat list of names and
 * values: the common ones (server/request-basics.ts), the entry's own (which win, as they did when each was set
 * in turn), its validators and `X-Cache: HIT`. Set one by one they were ~10 `setHeader` calls per hit, each
 * validated, lower-cased and stored (docs/performance.md, "What a cached hit costs"). `notModified`: the list
 * of a 304 (no Content-Type).
 */
const hitHeaderLists = new WeakMap<CachedResponse, { ok: (string | string[])[]; notModified: (string | string[])[] }>();
function hitHeaders(entry: CachedResponse) {
  let lists = hitHeaderLists.get(entry);
  if (!lists) {
    const byName = new Map<string, [string, string | string[]]>();
    for (const [name, value] of Object.entries(RESPONSE_HEADERS)) byName.set(name.toLowerCase(), [name, value]);
    for (const [name, value] of entry.headers) byName.set(name.toLowerCase(), [name, value]);
    byName.set("etag", ["ETag", entry.etag]);
    byName.set("last-modified", ["Last-Modified", entry.lastModified]);
    byName.set("x-cache", ["X-Cache", "HIT"]);
    const ok = [...byName.values()].flat();
    byName.delete("content-type");
    lists = { ok, notModified: [...byName.values()].flat() };
    hitHeaderLists.set(entry, lists);
  }
  return lists;
}

/** A hit: as `send` answers, with the headers given in one list (`hitHeaders`) and the request's id. */
function sendHit(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CachedResponse,
  reqId: string,
  nonce: string,
  startedAt: number,
) {
  const lists = hitHeaders(entry);
  if (notModified(req, entry)) {
    res.writeHead(304, ["X-Request-Id", reqId, ...lists.notModified]);
    res.end();
  } else if (!entry.deflated && acceptsGzip(req.headers["accept-encoding"])) {
    // Asked for within a moment of its miss: a client that takes gzip waits for the deflate.
    void entry.deflating.then(() => {
      sendHitBody(req, res, entry, reqId, nonce, lists);
      logAnswered(req, res, reqId, startedAt);
    });
    return;
  } else sendHitBody(req, res, entry, reqId, nonce, lists);
  logAnswered(req, res, reqId, startedAt);
}

function sendHitBody(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CachedResponse,
  reqId: string,
  nonce: string,
  lists: ReturnType<typeof hitHeaders>,
) {
  const gzip = entry.deflated !== null && acceptsGzip(req.headers["accept-encoding"]);
  const body = gzip ? gzipBody(entry, nonce) : identityBody(entry, nonce);
  const headers: (string | string[] | number)[] = ["X-Request-Id", reqId, ...lists.ok];
  const csp = cspWithNonce(entry, nonce);
  if (csp) headers.push("Content-Security-Policy", csp);
  if (gzip) headers.push("Content-Encoding", "gzip");
  headers.push("Content-Length", body.length);
  res.writeHead(entry.status, headers as string[]);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  // The parts go out as one gathered write (the headers with them) when the socket is corked.
  res.cork();
  const last = body.parts.length - 1;
  for (let i = 0; i < last; i++) res.write(body.parts[i]);
  res.end(body.parts[last]);
  res.uncork();
}

/** Answers a miss from the entry just kept: 304 when the client holds it, else the body (gzip when accepted) with `nonce` in it. */
function send(req: IncomingMessage, res: ServerResponse, entry: CachedResponse, nonce: string, end: End) {
  res.statusCode = entry.status;
  res.setHeader("ETag", entry.etag);
  res.setHeader("Last-Modified", entry.lastModified);
  res.setHeader("X-Cache", "MISS");
  if (notModified(req, entry)) {
    // The client's copy holds its own nonce: a CSP with a new one would block its scripts.
    res.removeHeader("Content-Security-Policy");
    res.removeHeader("Content-Type");
    res.statusCode = 304;
    end.call(res);
    return;
  }
  // A client that takes gzip waits for the deflate (made in the thread pool); any other is answered at once.
  if (!entry.deflated && acceptsGzip(req.headers["accept-encoding"]))
    return void entry.deflating.then(() => sendBody(req, res, entry, nonce, end));
  sendBody(req, res, entry, nonce, end);
}

function sendBody(req: IncomingMessage, res: ServerResponse, entry: CachedResponse, nonce: string, end: End) {
  const csp = cspWithNonce(entry, nonce);
  if (csp) res.setHeader("Content-Security-Policy", csp);
  const gzip = entry.deflated !== null && acceptsGzip(req.headers["accept-encoding"]);
  const body = gzip ? gzipBody(entry, nonce) : identityBody(entry, nonce);
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  if (req.method === "HEAD") {
    end.call(res);
    return;
  }
  // The parts go out as one gathered write (the headers with them) when the socket is corked.
  res.cork();
  const last = body.parts.length - 1;
  for (let i = 0; i < last; i++) res.write(body.parts[i]);
  end.call(res, body.parts[last]);
  res.uncork();
}

function notModified(req: IncomingMessage, entry: CachedResponse): boolean {
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch) {
    const strip = (tag: string) => tag.trim().replace(/^W\//, "");
    return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => strip(tag) === strip(entry.etag));
  }
  const since = req.headers["if-modified-since"];
  return !!since && entry.ifModifiedSince && Date.parse(since) >= Date.parse(entry.lastModified);
}

// Browsers send one Accept-Encoding each, the same on every request: its reading is kept (bounded, as any
// client may send any header) rather than split and lower-cased per hit (2 % of a hit in a profile).
const gzipByHeader = boundedMemo(64, readsGzip);
function acceptsGzip(header: string | undefined): boolean {
  return header ? gzipByHeader(header) : false;
}

function readsGzip(header: string): boolean {
  for (const part of header.split(",")) {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}
