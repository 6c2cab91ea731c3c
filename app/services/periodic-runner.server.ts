import pg from "pg";
import { type DB, targetOf } from "~db/client";
import { engineOf } from "~db/engine";
import { logger } from "./logger.server";

// The periodic tasks (mail retries, sweeps, scheduled backups) run once per deployment, not once per
// instance. On SQLite there is one machine and this process is it. On PostgreSQL the instance that
// holds a session advisory lock, on a connection of its own, runs them; the others try again every few
// seconds, so when the runner stops or dies (its connection closes and the server frees the lock)
// another takes over.

/** The advisory lock of the periodic-task runner (an arbitrary constant, the same in every instance). */
export const PERIODIC_RUNNER_LOCK = 72_017_002;
const RETRY_MS = 5_000;

export type Election = { stop: () => Promise<void> };

/** Calls `start` once this process is the deployment's runner, and `stop` if it ever stops being it. */
export function runWhenElected(db: DB, tasks: { start: () => void; stop: () => void }): Election {
  if (engineOf(db) !== "postgres") {
    tasks.start();
    return { stop: async () => tasks.stop() };
  }
  let stopped = false;
  let leading = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;

  const later = () => {
    if (stopped) return;
    timer = setTimeout(() => void attempt(), RETRY_MS);
    timer.unref();
  };
  const lose = (reason: unknown) => {
    const gone = client;
    client = undefined;
    gone?.end().catch(() => undefined);
    if (leading) {
      leading = false;
      tasks.stop();
      if (!stopped) logger.warn({ err: reason }, "lost the periodic-task lock; this instance no longer runs them");
    }
    later();
  };
  const attempt = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: targetOf(db) });
    next.on("error", (error) => {
      if (client === next) lose(error);
    });
    try {
      client = next;
      await next.connect();
      const { rows } = await next.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [
        PERIODIC_RUNNER_LOCK,
      ]);
      if (stopped) return void next.end().catch(() => undefined);
      if (!rows[0]?.ok) {
        client = undefined;
        await next.end().catch(() => undefined);
        return later();
      }
      leading = true;
      logger.info("this instance runs the periodic tasks");
      tasks.start();
    } catch (error) {
      if (client === next) lose(error);
    }
  };
  void attempt();

  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (leading) tasks.stop();
      leading = false;
      const gone = client;
      client = undefined;
      await gone?.end().catch(() => undefined);
    },
  };
}
