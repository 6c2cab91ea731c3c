// npm run reliability:crash — crash safety of the production server (docs/reliability.md).
// Concurrent writes (reviews, contact messages, newsletter sign-ups, applications with images, seller
// sign-ups, admin category creation and review publishing) while the server is SIGKILLed at random
// moments; after each restart, every write that was answered 2xx must be in the SQLite file (found by
// its unique marker) and `PRAGMA integrity_check` must say ok, and every stored application's images
// must be in the upload store (the folder, or the bucket of the S3_* settings given), the smaller copies of
// its public images written or queued; after the last restart the queue writes every queued copy. Rate
// limits of the public writes are off.
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { type DB, integrityOf, openDatabase } from "~db/client";
import { IMAGE_VARIANT_WIDTHS, variantName } from "~/lib/upload-urls";
import { parseSettings } from "~/services/config.server";
import { FolderStore, S3Store, uploadKey, type UploadStore } from "~/services/upload-store.server";
import {
  clientAddress,
  isMain,
  type ProductionServer,
  signIn,
  siteIds,
  startProductionServer,
  WRITE_RATE_LIMITS_OFF,
} from "./reliability/production-server";
import {
  ADMIN_WRITES,
  applicationImages,
  markersFound,
  WRITE_KINDS,
  type WriteContext,
  type WriteKind,
  writeRequest,
} from "./reliability/writes";

export type CrashOptions = {
  kills: number;
  /** Concurrent writers. */
  workers: number;
  /** Each round of writes lasts a random time in [minRunMs, maxRunMs] before the SIGKILL. */
  minRunMs: number;
  maxRunMs: number;
  /**
   * Before the last kill, the writes go on (at most this much longer) until every kind was acknowledged at
   * least once: on a busy machine a short run may end before any slow write (an application) was answered.
   */
  everyKindWithinMs?: number;
  port?: number;
  /** Run on this (empty) PostgreSQL database instead of a SQLite file. */
  databaseUrl?: string;
  /** More settings of the server, e.g. the S3_* of a bucket: its uploads go there instead of its folder. */
  env?: Record<string, string>;
  /** Serving processes (WEB_CONCURRENCY): the cluster's workers, all killed with the primary. Default 1. */
  processes?: number;
  log?: (line: string) => void;
};

type KindCount = { acknowledged: number; found: number; lost: number };
export type CrashReport = {
  kills: number;
  workers: number;
  /** Serving processes (the primary and its workers died together at each kill). */
  processes: number;
  sent: number;
  acknowledged: number;
  found: number;
  lost: number;
  lostWrites: string[];
  /** Answers that were neither 2xx nor a connection cut by the kill (should be none). */
  refused: Record<string, number>;
  /** Requests cut off by a kill (no answer: not acknowledged, may or may not be stored). */
  interrupted: number;
  byKind: Record<WriteKind, KindCount>;
  integrityChecks: number;
  integrityFailures: string[];
  /**
   * Stored images of acknowledged applications whose file is missing from the upload store (folder or
   * bucket), and smaller copies of their public images neither written nor queued (image_variant_jobs).
   */
  missingUploadFiles: string[];
  /** After the last restart, once the copy queue had drained: public images whose copies are still missing or not done. */
  copiesNotMade: string[];
  restartMs: { median: number; max: number };
  seconds: number;
};

// Relative frequency of each write in the mix (applications and sign-ups are the heavy ones).
const WEIGHTS: Record<WriteKind, number> = {
  review: 4,
  contact: 3,
  newsletter: 3,
  application: 1,
  signup: 1,
  category: 1,
  "review-publish": 2,
};
const MIX = WRITE_KINDS.flatMap((kind) => Array<WriteKind>(WEIGHTS[kind]).fill(kind));

export async function runCrashTest(options: CrashOptions): Promise<CrashReport> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  const server = await startProductionServer({
    port: options.port,
    sellers: 10,
    processes: options.processes,
    env: { ...WRITE_RATE_LIMITS_OFF, ...options.env },
    databaseUrl: options.databaseUrl,
  });
  try {
    const ctx: WriteContext = { ...(await siteIds(server.base)), images: await applicationImages() };
    if (ctx.sellerIds.length === 0 || ctx.categoryIds.length === 0)
      throw new Error("the seeded site has no public sellers or categories");
    let adminCookie = await signIn(server.base);
    const acknowledged = new Map<WriteKind, string[]>(WRITE_KINDS.map((k) => [k, []]));
    const publishable: number[] = [];
    const refused: Record<string, number> = {};
    let sent = 0;
    let interrupted = 0;
    let sequence = 0;
    const restartTimes: number[] = [];
    const integrityFailures: string[] = [];
    let integrityChecks = 0;
    let lostWrites: string[] = [];
    let missingUploadFiles: string[] = [];

    async function writer(worker: number, isRunning: () => boolean) {
      while (isRunning()) {
        const n = sequence++;
        let kind = MIX[Math.floor(Math.random() * MIX.length)];
        let target: number | undefined;
        if (kind === "review-publish") {
          target = publishable.shift();
          if (target === undefined) kind = "review";
        }
        const marker = `crash-${kind}-${n}-${Math.random().toString(36).slice(2, 8)}`;
        const request = writeRequest(kind, marker, ctx, n, target);
        const headers: Record<string, string> = {
          "Content-Type": "application/json",
          Origin: server.base,
          "X-Forwarded-For": clientAddress(worker * 100_000 + n),
        };
        if (ADMIN_WRITES.has(kind)) headers.Cookie = adminCookie;
        sent++;
        try {
          const res = await fetch(`${server.base}${request.path}`, {
            method: request.method,
            headers,
            body: request.body,
          });
          const body = (await res.json()) as { review_id?: number };
          if (res.ok) {
            acknowledged.get(kind)!.push(kind === "review-publish" ? String(target) : marker);
            if (kind === "review" && body.review_id) publishable.push(body.review_id);
          } else {
            refused[`${kind} ${res.status}`] = (refused[`${kind} ${res.status}`] ?? 0) + 1;
            if (target !== undefined) publishable.push(target);
          }
        } catch {
          // The kill cut the connection before an answer: not acknowledged.
          interrupted++;
        }
      }
    }

    async function verify(): Promise<void> {
      // SQLite: PRAGMA integrity_check of the file, opened read-only. PostgreSQL recovers from its WAL
      // at every restart; what is checked there is what the site acknowledged.
      if (!options.databaseUrl) {
        integrityChecks++;
        const integrity = integrityOf(server.databasePath);
        if (integrity !== "ok") integrityFailures.push(integrity);
      }
      const db = openDatabase(server.database, { poolSize: 1 });
      try {
        lostWrites = [];
        for (const [kind, markers] of acknowledged) {
          const found = await markersFound(db, kind, markers);
          for (const m of markers) if (!found.has(m)) lostWrites.push(`${kind}:${m}`);
        }
        missingUploadFiles = await missingFiles(db, storeOf(server, options.env));
      } finally {
        await db.destroy();
      }
    }

    for (let kill = 1; kill <= options.kills; kill++) {
      let running = true;
      const writers = Array.from({ length: options.workers }, (_, w) => writer(w, () => running));
      const runMs = options.minRunMs + Math.random() * (options.maxRunMs - options.minRunMs);
      await new Promise((r) => setTimeout(r, runMs));
      const until = Date.now() + (kill === options.kills ? (options.everyKindWithinMs ?? 0) : 0);
      while (Date.now() < until && WRITE_KINDS.some((kind) => acknowledged.get(kind)!.length === 0))
        await new Promise((r) => setTimeout(r, 50));
      // No new writes start; the ones in flight (one per writer) are cut by the kill.
      running = false;
      const signal = await server.kill("SIGKILL");
      await Promise.all(writers);
      const restartStart = Date.now();
      await server.start();
      restartTimes.push(Date.now() - restartStart);
      await verify();
      const total = [...acknowledged.values()].reduce((a, l) => a + l.length, 0);
      log(
        `kill ${kill}/${options.kills} after ${Math.round(runMs)} ms (${signal}): ${total} acknowledged so far, ${lostWrites.length} lost, integrity ${integrityFailures.length === 0 ? "ok" : "FAILED"}`,
      );
      if ((await fetch(`${server.base}/api/admin/verify`, { headers: { Cookie: adminCookie } })).status !== 200)
        adminCookie = await signIn(server.base);
    }

    // The queue resumed at the last start writes every queued copy: wait for it, then every public image
    // of an acknowledged application has its copies.
    const copiesNotMade = await copiesAfterQueue(server, storeOf(server, options.env));

    const byKind = Object.fromEntries(
      WRITE_KINDS.map((kind) => {
        const total = acknowledged.get(kind)!.length;
        const lost = lostWrites.filter((w) => w.startsWith(`${kind}:`)).length;
        return [kind, { acknowledged: total, found: total - lost, lost }];
      }),
    ) as Record<WriteKind, KindCount>;
    const total = Object.values(byKind).reduce((a, k) => a + k.acknowledged, 0);
    restartTimes.sort((a, b) => a - b);
    return {
      kills: options.kills,
      workers: options.workers,
      processes: options.processes ?? 1,
      sent,
      acknowledged: total,
      found: total - lostWrites.length,
      lost: lostWrites.length,
      lostWrites,
      refused,
      interrupted,
      byKind,
      integrityChecks,
      integrityFailures,
      missingUploadFiles,
      copiesNotMade,
      restartMs: { median: restartTimes[Math.floor(restartTimes.length / 2)] ?? 0, max: restartTimes.at(-1) ?? 0 },
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  } finally {
    await server.close();
  }
}

/** The store the server keeps its uploads in: the bucket of its S3_* settings, else its folder. */
function storeOf(server: ProductionServer, env: Record<string, string> = {}): UploadStore {
  const s3 = parseSettings({ NODE_ENV: "test", ...env }).s3;
  return s3 ? new S3Store(s3) : new FolderStore(server.uploadsDir);
}

/**
 * Image files of claimed uploads (stored applications) that are missing from the upload store, and the
 * copies of their public images that are neither in the store nor queued (`queuedToo`: a queued job counts).
 */
async function missingFiles(db: DB, store: UploadStore, queuedToo = true): Promise<string[]> {
  const rows = await db
    .selectFrom("uploads")
    .leftJoin("image_variant_jobs as j", "j.key", "uploads.key")
    .select(["uploads.key", "uploads.visibility", "j.status as job"])
    .where("uploads.seller_id", "is not", null)
    .execute();
  const missing: string[] = [];
  for (const r of rows) {
    if (!(await store.exists(uploadKey(r.visibility, r.key)))) missing.push(`${r.visibility}/${r.key}`);
    if (r.visibility !== "public" || (queuedToo && r.job === "queued")) continue;
    for (const w of IMAGE_VARIANT_WIDTHS)
      if (!(await store.exists(uploadKey("public", variantName(r.key, w)))))
        missing.push(`public/${variantName(r.key, w)} (${r.job ?? "not queued"})`);
  }
  return missing;
}

/** Waits (up to a minute) for the server's copy queue to drain, then lists the copies still missing. */
async function copiesAfterQueue(server: ProductionServer, store: UploadStore): Promise<string[]> {
  const db = openDatabase(server.database, { poolSize: 1 });
  try {
    const deadline = Date.now() + 60_000;
    const queued = async () =>
      (await db.selectFrom("image_variant_jobs").select("key").where("status", "=", "queued").limit(1).execute())
        .length;
    while ((await queued()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    return await missingFiles(db, store, false);
  } finally {
    await db.destroy();
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      kills: { type: "string", default: "20" },
      workers: { type: "string", default: "8" },
      // The compiled server as `npm start` runs it: one worker per core.
      processes: { type: "string", default: String(availableParallelism()) },
      "min-ms": { type: "string", default: "1000" },
      "max-ms": { type: "string", default: "4000" },
      port: { type: "string" },
      "database-url": { type: "string" },
    },
  });
  const report = await runCrashTest({
    kills: Number(values.kills),
    workers: Number(values.workers),
    processes: Number(values.processes),
    minRunMs: Number(values["min-ms"]),
    maxRunMs: Number(values["max-ms"]),
    port: values.port ? Number(values.port) : undefined,
    databaseUrl: values["database-url"],
    // A bucket set in the environment (S3_BUCKET and the rest) is the server's, and checked after each kill.
    env: Object.fromEntries(
      Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith("S3_") && e[1] !== undefined),
    ),
    log: (line) => console.log(line),
  });
  console.log(JSON.stringify(report, null, 2));
  console.log(
    `\nwrites acknowledged ${report.acknowledged}, found ${report.found}, lost ${report.lost}; integrity_check ok ${report.integrityChecks - report.integrityFailures.length}/${report.integrityChecks}; missing image files ${report.missingUploadFiles.length}; image copies not made after the queue ran ${report.copiesNotMade.length}`,
  );
  process.exitCode =
    report.lost === 0 &&
    report.integrityFailures.length === 0 &&
    report.missingUploadFiles.length === 0 &&
    report.copiesNotMade.length === 0
      ? 0
      : 1;
}
