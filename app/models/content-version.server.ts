import type { DB } from "~db/client";

/**
 * The content version: moved forward by database triggers on every committed change to what public
 * pages show, by any connection, process or instance (migration 2026-11-23T0130). The response cache
 * reads it before every answer, on both engines: on PostgreSQL the triggers also NOTIFY, but a
 * notification arrives a moment after the commit, and a request in that moment was answered stale from
 * the cache in the tests (tests/unit/response-cache.test.ts), while this one primary-key read is never
 * behind. Read through Kysely, so never from inside another request's open transaction.
 */
export async function readContentVersion(db: DB): Promise<number> {
  const row = await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirst();
  return row?.version ?? -1;
}
