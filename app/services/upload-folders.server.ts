import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { config } from "./config.server";

/** Uploads live under UPLOADS_DIR: public/ is served at /uploads, private/ only through guarded routes. */
export function uploadsDir(): string {
  return config().uploadsDir;
}

export function uploadsFolder(visibility: "public" | "private"): string {
  const dir = join(uploadsDir(), visibility);
  mkdirSync(dir, { recursive: true });
  return dir;
}
