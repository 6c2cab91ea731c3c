import type { DB } from "~db/client";

/**
 * The content version: moved forward by database triggers on every committed change to what public
 * pages show, by any connection or process (migration 2026-11-23T0130). Read through Kysely, so never
 * from inside another request's open transaction on the shared connection.
 */
export async function readContentVersion(db: DB): Promise<number> {
  const row = await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirst();
  return row?.version ?? -1;
}
