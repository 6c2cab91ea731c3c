import { type DB, instancesMayShare, type SessionLock, trySessionLock } from "~db/client";
import { logger } from "./logger.server";

// The periodic tasks (mail retries, sweeps, scheduled backups) run once per deployment, not once per
// instance. On SQLite there is one machine and this process is it. On PostgreSQL the instance that
// holds a session advisory lock, on a connection of its own, runs them; the others try again every few
// seconds, so when the runner stops or dies (its connection closes and the server frees the lock)
// another takes over.

const RETRY_MS = 5_000;

export type Election = { stop: () => Promise<void> };

/** Calls `start` once this process is the deployment's runner, and `stop` if it ever stops being it. */
export function runWhenElected(db: DB, tasks: { start: () => void; stop: () => void }): Election {
  if (!instancesMayShare(db)) {
    tasks.start();
    return { stop: async () => tasks.stop() };
  }
  let stopped = false;
  let leading = false;
  let lock: SessionLock | undefined;
  let timer: NodeJS.Timeout | undefined;

  const later = () => {
    if (stopped) return;
    timer = setTimeout(() => void attempt(), RETRY_MS);
    timer.unref();
  };
  const lose = (reason: unknown) => {
    const gone = lock;
    lock = undefined;
    void gone?.release();
    if (leading) {
      leading = false;
      tasks.stop();
      if (!stopped) logger.warn({ err: reason }, "lost the periodic-task lock; this instance no longer runs them");
    }
    later();
  };
  const attempt = async () => {
    if (stopped) return;
    const next: SessionLock = trySessionLock(db, "periodicRunner", (error) => {
      if (lock === next) lose(error);
    });
    try {
      lock = next;
      const held = await next.acquired;
      if (stopped) return void next.release();
      if (!held) {
        lock = undefined;
        await next.release();
        return later();
      }
      leading = true;
      logger.info("this instance runs the periodic tasks");
      tasks.start();
    } catch (error) {
      if (lock === next) lose(error);
    }
  };
  void attempt();

  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (leading) tasks.stop();
      leading = false;
      const gone = lock;
      lock = undefined;
      await gone?.release();
    },
  };
}
