import { afterAll } from "vitest";
import { reloadConfig } from "~/services/config.server";
import { resetLeadCounting, stopLeadFlush } from "~/services/leads.server";

// The unit suite runs its files one after another in each worker, sharing the modules they import
// (`isolate: false`, tests/vitest.config.ts: a fifth of the run's time went to importing the same modules
// afresh for every file). What a file changes in the environment is put back when it ends, and the
// settings read again, so the next file starts from the run's own environment whatever this one set.
const environment = { ...process.env };

afterAll(() => {
  // Views and taps a file counted belong to its database: unsaved, they would be written every 5 s to whichever
  // database the next file's settings name (or fail there, "no such table").
  stopLeadFlush();
  resetLeadCounting();
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
  reloadConfig();
});
