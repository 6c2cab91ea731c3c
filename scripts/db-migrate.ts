import { describeTarget, migrateToLatest, openDatabase } from "~db/client";

const db = openDatabase();
await migrateToLatest(db);
console.log(`migrated ${describeTarget()}`);
await db.destroy();
