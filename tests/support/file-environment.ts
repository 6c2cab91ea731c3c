import { afterAll } from "vitest";
import { reloadConfig } from "~/services/config.server";

// The unit suite runs its files one after another in each worker, sharing the modules they import
// (`isolate: false`, tests/vitest.config.ts: a fifth of the run's time went to importing the same modules
// afresh for every file). What a file changes in the environment is put back when it ends, and the
// settings read again, so the next file starts from the run's own environment whatever this one set.
const environment = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
  reloadConfig();
});
