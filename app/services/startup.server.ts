import type { DB } from "~db/client";

/** Work done once at server start, after migrations and the first-run seed. Add tasks here explicitly. */
export async function runStartupTasks(_db: DB): Promise<void> {
  // e.g. await ensureFirstAdmin(db)  (accounts issue)
}
