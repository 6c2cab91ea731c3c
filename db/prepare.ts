import type { DB } from "./client";
import { migrateToLatest } from "./client";
import { logger } from "~/services/logger.server";
import { DEFAULT_DEMO_SELLERS, isDatabaseEmpty, seedCategories, seedDemoSellers } from "./seed/index";

/**
 * Start-up: migrate; on a new database seed the categories and (unless SEED_DEMO=0) demo sellers.
 * SEED_DEMO may also be a number of demo sellers.
 */
export async function prepareDatabase(db: DB): Promise<void> {
  await migrateToLatest(db);
  if (await isDatabaseEmpty(db)) {
    await seedCategories(db);
    const setting = process.env.SEED_DEMO ?? "1";
    const count = setting === "0" || setting === "false" ? 0 : /^\d+$/.test(setting) && setting !== "1" ? Number(setting) : DEFAULT_DEMO_SELLERS;
    await seedDemoSellers(db, count);
    logger.info({ demoSellers: count }, "new database seeded with the categories and demo sellers");
  }
}
