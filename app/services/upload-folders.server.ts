import { config } from "./config.server";

/** UPLOADS_DIR: the folder backend's files (public/, private/) and, on either backend, the local cache/ of drawn share cards. */
export function uploadsDir(): string {
  return config().uploadsDir;
}
