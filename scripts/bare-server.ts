// The bench's bare node:http server, in a process of its own (started by scripts/bench.ts): it answers each
// route's bytes exactly as the app sent them, so the ratio app ÷ bare is the share of the machine's plain
// HTTP capacity a route reaches. In the bench's own process it shared one event loop with the load generator
// (autocannon) while the app had a process of its own, and so measured the bare capacity low.
//
// It also serves the floor of a cached answer (docs/performance.md, "The floor of a cached answer"): what the
// product asks of every answer, done the way the response cache does it and nothing more — a fresh CSP nonce
// in the headers and in the body (kept as deflated parts split at the nonce, server/serve-from-cache.ts), a
// request id, the answer's own headers (security headers, validators), the app's request log line (its logger,
// writing synchronously to standard output), and the content version read before the answer the way the app reads
// it (`contentVersionSource` on the bench's own database: on SQLite the answers of one turn of the event loop share
// a read of the commit counter, on PostgreSQL the answers asked for while one round trip is under way share the
// next), as every answer must reflect each change committed before it was asked for
// (docs/decisions/182-cache-only-public-changes-move-the-version.md, and 228's amendment). The app's cached rate
// ÷ the floor's is what the app costs beyond that. `without=` (comma-separated: nonce, log, headers, version,
// turn) leaves a part out, to weigh each one: `version` answers after the event loop's turn without reading,
// `turn` in the request's own callback.
//
// With { express: true } it also starts an Express application of the app's kind (its request log, compression, its
// common headers, a page rendered by React) on a port of its own and sends { expressPort }: loaded before the
// floors, it leaves Node's HTTP and stream functions in this process having seen what the app's process has seen of
// Express before its cached hits (docs/performance.md, "What the app adds to a hit").
//
// Protocol (IPC): the parent sends { id, body (base64), headers } and gets { stored: id } back; the server
// answers GET /?answer=<id>. With `floor: true` the body is the plain (identity) answer and the headers all of
// the app's, and the answer is served as the floor (always gzip), reading the content version from `database` (a
// SQLite file or a PostgreSQL URL, opened once). Its port is the first argument; it sends
// { listening: true } once it listens.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import pinoHttp from "pino-http";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import {
  buildEntry,
  type BodyParts,
  type CachedResponse,
  cspWithNonce,
  freshNonce,
  gzipBody,
} from "../app/services/response-cache/packed-body.server";
import { requestLogFields, setResponseHeaders, writeRequestLine } from "../server/request-basics";
import { logger } from "../app/services/logger.server";
import { openDatabase } from "../db/client";
import { contentVersionSource } from "../app/models/content-version.server";

type Answer = { body: Buffer; headers: Record<string, string | number> };
/** `headers`: the answer's own, as `writeHead`'s flat list; `whole`: the gzip body with one nonce, for `without=nonce`. */
type Floor = {
  entry: CachedResponse;
  headers: string[];
  whole: BodyParts;
  plainHeaders: Record<string, string>;
  contentVersion?: () => Promise<number>;
};
type StoreMessage = {
  id: string;
  body: string;
  headers: Record<string, string | number>;
  floor?: boolean;
  database?: string;
};
type Without = { nonce: boolean; log: boolean; headers: boolean; version: boolean; turn: boolean };

const answers = new Map<string, Answer>();
const floors = new Map<string, Floor>();
/** The content version of each database the floors read, as the app reads it (one source per database). */
const versionSources = new Map<string, () => Promise<number>>();
function versionSourceOf(database: string): () => Promise<number> {
  let source = versionSources.get(database);
  if (!source) versionSources.set(database, (source = contentVersionSource(openDatabase(database, { poolSize: 2 }))));
  return source;
}

function answerFloor(req: IncomingMessage, res: ServerResponse, floor: Floor, without: Without, startedAt: number) {
  const reqId = randomUUID();
  if (without.headers) {
    res.writeHead(200, floor.plainHeaders);
    res.end(floor.whole.parts[0]);
  } else {
    const nonce = freshNonce();
    const body = without.nonce ? floor.whole : gzipBody(floor.entry, nonce);
    const headers = ["X-Request-Id", reqId, ...floor.headers];
    const csp = cspWithNonce(floor.entry, nonce);
    if (csp) headers.push("Content-Security-Policy", csp);
    headers.push("Content-Encoding", "gzip", "Content-Length", String(body.length));
    res.writeHead(200, headers);
    res.cork();
    const last = body.parts.length - 1;
    for (let i = 0; i < last; i++) res.write(body.parts[i]);
    res.end(body.parts[last]);
    res.uncork();
  }
  // The request line the app writes (its logger, on standard output), without the app's counting for /metrics.
  if (!without.log) writeRequestLine(req, 200, reqId, Date.now() - startedAt);
}

const server = createServer((req, res) => {
  const startedAt = Date.now();
  const query = new URL(req.url ?? "/", "http://x").searchParams;
  const id = query.get("answer") ?? "";
  const floor = floors.get(id);
  if (floor) {
    const left = (query.get("without") ?? "").split(",");
    const without = {
      nonce: left.includes("nonce"),
      log: left.includes("log"),
      headers: left.includes("headers"),
      version: left.includes("version"),
      turn: left.includes("turn"),
    };
    if (without.turn) return answerFloor(req, res, floor, without, startedAt);
    if (without.version || !floor.contentVersion)
      return void setImmediate(() => answerFloor(req, res, floor, without, startedAt));
    return void floor.contentVersion().then(
      () => answerFloor(req, res, floor, without, startedAt),
      () => res.writeHead(503).end(),
    );
  }
  const answer = answers.get(id);
  if (!answer) return void res.writeHead(404).end();
  res.writeHead(200, answer.headers);
  res.end(answer.body);
});

process.on("message", (message: StoreMessage | { express: true }) =>
  "express" in message ? startExpress() : void store(message),
);

/** The Express application answered before the floors (`{ express: true }`), with its port sent back. */
function startExpress(): void {
  const app = express();
  app.use(pinoHttp({ logger, serializers: requestLogFields, quietReqLogger: true }));
  app.use(compression());
  app.use((_req, res, next) => (setResponseHeaders(res), next()));
  const sellers = Array.from({ length: 6 }, (_, i) => ({ id: i, name: `Seller ${i}`, city: "Bengaluru", rating: 4.5 }));
  app.get("/json", (_req, res) => void res.json({ sellers }));
  // A page rendered by React as the app renders its pages (app/entry.server.tsx): on Node 20 its renderer's own
  // AsyncLocalStorage turns async_hooks on for the rest of the process's life.
  app.get("/page", (_req, res) => {
    const cards = Array.from({ length: 300 }, (_, i) => createElement("li", { key: i }, `a card ${i}`));
    const { pipe } = renderToPipeableStream(createElement("ul", null, cards), {
      onShellReady: () => (res.type("html"), pipe(res)),
      onShellError: () => void res.status(500).end(),
    });
  });
  app.get("/text", (_req, res) => void res.type("text/plain").send("ok"));
  app.get("/redirect", (_req, res) => res.redirect(303, "/page"));
  const listening = app.listen(0, "127.0.0.1", () =>
    process.send?.({ expressPort: (listening.address() as AddressInfo).port }),
  );
}

async function store(message: StoreMessage): Promise<void> {
  const body = Buffer.from(message.body, "base64");
  if (message.floor) {
    const entry = buildEntry({
      status: 200,
      headers: message.headers,
      body,
      effects: [],
      lastModified: { value: String(message.headers["last-modified"] ?? new Date().toUTCString()), trusted: true },
    });
    const headers = [
      ...entry.headers.flatMap(([name, value]) => [name, String(value)]),
      ...["ETag", entry.etag, "Last-Modified", entry.lastModified, "X-Cache", "HIT"],
    ];
    // The app's entry, deflated in the thread pool as the app's are (docs/decisions/230-cache-deflate-in-the-thread-pool.md).
    await entry.deflating;
    const whole = gzipBody(entry, freshNonce());
    const joined = Buffer.concat(whole.parts);
    const plainHeaders: Record<string, string> = {
      "Content-Encoding": "gzip",
      "Content-Length": String(joined.length),
    };
    if (message.headers["content-type"]) plainHeaders["Content-Type"] = String(message.headers["content-type"]);
    floors.set(message.id, {
      entry,
      headers,
      whole: { parts: [joined], length: joined.length },
      plainHeaders,
      contentVersion: message.database ? versionSourceOf(message.database) : undefined,
    });
  } else answers.set(message.id, { body, headers: message.headers });
  process.send?.({ stored: message.id });
}
process.on("disconnect", () => server.close(() => process.exit(0)));

server.once("error", (error) => {
  console.error(error);
  process.exit(1);
});
server.listen(Number(process.argv[2]), "127.0.0.1", () => process.send?.({ listening: true }));
