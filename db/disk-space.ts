// Sizes on disk for /metrics (app/services/metrics.server.ts; docs/decisions/224-metrics.md): a SQLite file with
// its write-ahead log, and the free space of the disk under a folder. Sizes only, never a file's contents.
import { type StatsFs, statfsSync, statSync } from "node:fs";

/** The bytes of a SQLite database file and its write-ahead log (0 for what is not there). */
export function sqliteFileBytes(file: string): number {
  const size = (path: string) => {
    try {
      return statSync(path).size;
    } catch {
      return 0;
    }
  };
  return size(file) + size(`${file}-wal`);
}

/** The free space (for this user) and size of the disk holding `dir`; null when the folder is not there yet. */
export function diskSpace(dir: string): { available: number; size: number } | null {
  let stats: StatsFs;
  try {
    stats = statfsSync(dir);
  } catch {
    return null;
  }
  return { available: stats.bavail * stats.bsize, size: stats.blocks * stats.bsize };
}
