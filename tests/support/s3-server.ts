import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

// A local S3-compatible server (s3rver: the S3 API over a temporary folder) on a free port of the
// loopback address, for the upload tests of the S3 backend: no Docker, no network, removed at the end.

export type LocalS3 = {
  endpoint: string;
  bucket: string;
  /** The settings that put the site's uploads in this bucket. */
  env: Record<string, string>;
  /**
   * From now on the server refuses object writes (PUT) to `bucket` with 403 AccessDenied, as a bucket
   * policy denying s3:PutObject does, after `after` more have been taken; reads and deletions still
   * work. Returns the function that lifts the refusal.
   */
  refuseWrites: (bucket: string, options?: { after?: number }) => () => void;
  stop: () => Promise<void>;
};

/** s3rver's fixed credentials: any other key is refused (InvalidAccessKeyId). */
export const S3RVER_KEY = "S3RVER";

/** Starts the server with `bucket` (the site's) and any `more` buckets, all empty. */
export async function startLocalS3(bucket = "bwp-uploads", more: string[] = []): Promise<LocalS3> {
  const dir = mkdtempSync(join(tmpdir(), "bwp-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    directory: dir,
    silent: true,
    configureBuckets: [bucket, ...more].map((name) => ({ name, configs: [] })),
  });
  const refusals = new Map<string, { after: number }>();
  // First in s3rver's own list: a write it refuses never reaches the store.
  server.middleware.unshift((ctx, next) => {
    const [, name, ...key] = ctx.path.split("/");
    const refusal = ctx.method === "PUT" && key.length ? refusals.get(name!) : undefined;
    if (!refusal) return next();
    if (refusal.after > 0) {
      refusal.after -= 1;
      return next();
    }
    ctx.status = 403;
    ctx.type = "application/xml";
    ctx.body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: "1",
    },
    refuseWrites(name, options = {}) {
      refusals.set(name, { after: options.after ?? 0 });
      return () => refusals.delete(name);
    },
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Sets `env` in process.env (undefined removes a name); the returned function puts the previous values back. */
export function setEnv(env: Record<string, string | undefined>): () => void {
  const previous = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  return () => {
    for (const [k, v] of Object.entries(previous)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}
