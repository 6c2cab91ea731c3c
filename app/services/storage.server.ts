import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";

/** Uploads live under UPLOADS_DIR: public/ is served at /uploads, private/ only through guarded routes. */
export function uploadsDir(): string {
  return resolve(process.env.UPLOADS_DIR || "./data/uploads");
}

export function uploadsFolder(visibility: "public" | "private"): string {
  const dir = join(uploadsDir(), visibility);
  mkdirSync(dir, { recursive: true });
  return dir;
}
