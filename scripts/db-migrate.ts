import { databasePath, migrateToLatest, openDatabase } from "~db/client";

const db = openDatabase();
await migrateToLatest(db);
console.log(`migrated ${databasePath()}`);
await db.destroy();
