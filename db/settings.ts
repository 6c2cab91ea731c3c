import { resolve } from "node:path";
import { z } from "zod";

// The database's settings (DATABASE_PATH, DATABASE_URL, DATABASE_POOL_SIZE, PG_BIN): their names, defaults and
// checks live here, below the app, so the client (db/client.ts) and the site's validated settings
// (app/services/config.server.ts, which builds its schema with this one) read the same values the same way.

const unset = (value: unknown) => (value === "" ? undefined : value);

export const databaseSettingsShape = {
  DATABASE_PATH: z.preprocess(unset, z.string().default("./data/app.db")),
  DATABASE_URL: z.preprocess(
    unset,
    z
      .url({
        protocol: /^postgres(ql)?$/,
        error: "must be a postgres:// address, e.g. postgres://bwp:secret@db.example.com:5432/bwp",
      })
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.preprocess(
    unset,
    z.coerce
      .number({ error: "must be a whole number of connections from 1 to 1000" })
      .int("must be a whole number of connections from 1 to 1000")
      .min(1, "must be a whole number of connections from 1 to 1000")
      .max(1000, "must be a whole number of connections from 1 to 1000")
      .default(10),
  ),
  // The folder of PostgreSQL's programs (pg_dump and pg_restore for backups; initdb and pg_ctl for the
  // tests' throwaway server); unset, they are found on PATH (the throwaway server: the newest installed).
  PG_BIN: z.preprocess(unset, z.string().optional()),
};

const databaseSettingsSchema = z.object(databaseSettingsShape);

export type DatabaseSettings = {
  /** the SQLite file (absolute) */
  path: string;
  /** PostgreSQL instead of the SQLite file when set (several instances share it) */
  url: string | undefined;
  poolSize: number;
  /** the folder of PostgreSQL's programs (absolute), or undefined to find them on PATH */
  postgresBin: string | undefined;
};

/** The parsed settings, as the site's settings and the client use them. */
export function toDatabaseSettings(env: z.output<typeof databaseSettingsSchema>): DatabaseSettings {
  return {
    path: resolve(env.DATABASE_PATH),
    url: env.DATABASE_URL,
    poolSize: env.DATABASE_POOL_SIZE,
    postgresBin: env.PG_BIN === undefined ? undefined : resolve(env.PG_BIN),
  };
}

/** The database's settings from an environment; a bad value throws an error naming the setting. */
export function readDatabaseSettings(env: NodeJS.ProcessEnv = process.env): DatabaseSettings {
  const parsed = databaseSettingsSchema.safeParse(env);
  if (!parsed.success)
    throw new Error(
      `Invalid settings:\n${parsed.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`).join("\n")}`,
    );
  return toDatabaseSettings(parsed.data);
}
