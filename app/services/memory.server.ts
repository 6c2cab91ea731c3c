import { getHeapSpaceStatistics } from "node:v8";
import { logger } from "~/services/logger.server";
import { passwordHashCounts } from "~/services/password.server";

// A process's memory as one log line (MEMORY_LOG_SECONDS): what the reliability load and soak runs
// read to tell the JavaScript heap from the rest of the resident set (native buffers, libvips, malloc).

export type MemorySample = {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  /** Memory of C++ objects bound to JavaScript ones, Buffers included. */
  externalMb: number;
  arrayBuffersMb: number;
  /** The heap's young generation (both semi-spaces), as committed. */
  newSpaceMb: number;
};

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export function memorySample(): MemorySample {
  const m = process.memoryUsage();
  return {
    rssMb: mb(m.rss),
    heapUsedMb: mb(m.heapUsed),
    heapTotalMb: mb(m.heapTotal),
    externalMb: mb(m.external),
    arrayBuffersMb: mb(m.arrayBuffers),
    newSpaceMb: mb(getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_size ?? 0),
  };
}

/** Logs `memory` lines every `intervalMs` (and once now) while the process runs; nothing when 0. */
export function logMemoryEvery(intervalMs: number, role: "primary" | "worker" | "server"): void {
  if (intervalMs <= 0) return;
  const log = () => logger.info({ role, memory: memorySample(), passwordHashes: passwordHashCounts() }, "memory");
  log();
  setInterval(log, intervalMs).unref();
}
