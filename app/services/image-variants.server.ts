import { availableParallelism } from "node:os";
import pLimit from "p-limit";
import type { DB } from "~db/client";
import { dueVariantJobs, failVariantJob, finishVariantJob, type VariantJob } from "~/models/image-variant-jobs.server";
import { config } from "./config.server";
import { writeImageVariantsOf } from "./images.server";
import { logger } from "./logger.server";
import { uploadStore } from "./upload-store.server";

// The background queue of images' smaller copies (docs/decisions/): an application is answered once its
// rows and its checked originals are stored and the copies' jobs queued with it; this queue writes the
// copies afterwards, a few at a time, so a burst of applications never waits for them. Pages name the
// copies in a srcset; until one exists its address redirects to the original (server/app.ts).
// The jobs are rows: a restart (or a crash) resumes them, and the deployment's periodic runner alone
// works them (several instances share one queue).

/** Tries per image before its job is marked failed, and the wait before each retry (30 s, 2 min, 8 min, 32 min). */
export const VARIANT_MAX_ATTEMPTS = 5;
export function variantRetryDelayMs(attemptsSoFar: number): number {
  return 30_000 * 4 ** Math.max(0, attemptsSoFar - 1);
}
const BATCH = 16;
const POLL_MS = 2_000;

/**
 * Images worked at once: IMAGE_VARIANT_WORKERS, by default half the cores (at least one), never more
 * than one per core; each runs sharp on one libvips thread (images.server.ts), so the serving keeps the rest.
 */
export function variantWorkers(): number {
  const cores = availableParallelism();
  const wanted = config().imageVariantWorkers ?? Math.max(1, Math.floor(cores / 2));
  return Math.min(wanted, cores);
}

/** Writes one image's copies from its stored original; an original that is gone (removed since, or meanwhile) ends the job. */
async function work(db: DB, job: VariantJob, now: () => number): Promise<"done" | "gone" | "retry" | "failed"> {
  try {
    const outcome = await writeImageVariantsOf(uploadStore(), job.key);
    await finishVariantJob(db, job.key);
    return outcome;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const attempts = job.attempts + 1;
    const last = attempts >= VARIANT_MAX_ATTEMPTS;
    const next = last ? null : new Date(now() + variantRetryDelayMs(attempts)).toISOString();
    logger[last ? "error" : "warn"](
      { image: job.key, attempts, err: message },
      last ? "image copies failed, giving up" : "image copies failed, retrying later",
    );
    await failVariantJob(db, job.key, message, next);
    return last ? "failed" : "retry";
  }
}

export type VariantRun = { done: number; gone: number; retry: number; failed: number };

/** Works every due job now, `workers` at a time, until none is due (tests call it; the queue runs it). */
export async function runDueVariantJobs(
  db: DB,
  options: { workers?: number; now?: () => number } = {},
): Promise<VariantRun> {
  const now = options.now ?? Date.now;
  const limit = pLimit(Math.max(1, options.workers ?? variantWorkers()));
  const run: VariantRun = { done: 0, gone: 0, retry: 0, failed: 0 };
  for (;;) {
    const due = await dueVariantJobs(db, new Date(now()).toISOString(), BATCH);
    const outcomes = await Promise.all(due.map((job) => limit(() => work(db, job, now))));
    for (const outcome of outcomes) run[outcome] += 1;
    if (due.length < BATCH || stopping) return run;
  }
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;
let again = false;
let stopping = false;
let queueDb: DB | undefined;

function drain(): void {
  if (!queueDb || stopping) return;
  if (running) {
    again = true;
    return;
  }
  const db = queueDb;
  running = runDueVariantJobs(db)
    .then(
      (r) => r.done && logger.debug({ images: r.done }, "image copies written"),
      (err) => logger.error({ err }, "the image copy queue failed"),
    )
    .finally(() => {
      running = undefined;
      if (again) {
        again = false;
        drain();
      }
    });
}

/**
 * Starts working the queue in this process (the periodic runner): the jobs left by an earlier run at
 * once, then new ones as `nudgeVariantQueue` announces them or the poll finds them (another process queued them).
 */
export function startVariantQueue(db: DB): void {
  if (config().imageVariantWorkers === 0) return; // another process (or nobody, for now) works the queue
  stopping = false;
  queueDb = db;
  timer ??= setInterval(drain, POLL_MS).unref();
  drain();
}

/** A job was queued in this process: worked now rather than at the next poll. */
export function nudgeVariantQueue(): void {
  drain();
}

/** Stops taking jobs and waits for those being worked (an unfinished job stays queued for the next start). */
export async function stopVariantQueue(): Promise<void> {
  stopping = true;
  if (timer) clearInterval(timer);
  timer = undefined;
  queueDb = undefined;
  again = false;
  await running;
}
