import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readObject, S3Store } from "~/services/upload-store.server";
import { type LocalS3, S3RVER_KEY, startLocalS3 } from "../support/s3-server";

// `npm run uploads:copy -- --to s3://bucket`: a folder's uploads into an empty bucket, keys and sizes checked.

let s3: LocalS3;
let dir: string;
beforeAll(async () => {
  s3 = await startLocalS3("copy-target");
  dir = mkdtempSync(join(tmpdir(), "bwp-uploads-copy-"));
});
afterAll(async () => {
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
});

// Run asynchronously: the local S3 server answers from this process's event loop.
const copy = (env: Record<string, string>, ...args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/uploads-copy.ts", ...args], {
      cwd: join(import.meta.dirname, "..", ".."),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.once("exit", (status) => resolve({ status, stdout, stderr }));
  });

describe("uploads:copy", () => {
  it("copies public and private files into an empty bucket, checks them, and refuses a bucket that is not empty", async () => {
    const uploads = join(dir, "uploads");
    mkdirSync(join(uploads, "public"), { recursive: true });
    mkdirSync(join(uploads, "private"), { recursive: true });
    mkdirSync(join(uploads, "cache", "share"), { recursive: true });
    writeFileSync(join(uploads, "public", "a1.webp"), "public image");
    writeFileSync(join(uploads, "public", "a1.w160.webp"), "small");
    writeFileSync(join(uploads, "private", "b2.webp"), "private document");
    writeFileSync(join(uploads, "cache", "share", "site-1.jpg"), "drawn again on demand");
    const env = {
      UPLOADS_DIR: uploads,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: "1",
    };
    const done = await copy(env, "--to", `s3://${s3.bucket}`);
    expect(
      done.stderr.replace(/\(node:\d+\) Warning: NodeVersionSupportWarning[\s\S]*?trace-warnings[^\n]*\n/, ""),
    ).toBe("");
    expect(done.status).toBe(0);
    expect(done.stdout).toContain("3 objects, 33 bytes, keys and sizes checked");
    const bucket = new S3Store({
      ...s3.env,
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: "us-east-1",
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
      forcePathStyle: true,
    });
    expect((await bucket.list("public/")).map((o) => o.key)).toEqual(["public/a1.w160.webp", "public/a1.webp"]);
    expect((await readObject(bucket, "private/b2.webp"))?.toString()).toBe("private document");

    const again = await copy(env, "--to", `s3://${s3.bucket}`);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("not copied: the target already holds 3 objects");

    const wrongKey = await copy({ ...env, S3_ACCESS_KEY_ID: "WRONG" }, "--to", `s3://${s3.bucket}`);
    expect(wrongKey.status).toBe(1);
    expect(wrongKey.stderr).toContain("not copied: S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY");

    const usage = await copy(env, "--to", "/some/folder");
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("usage: npm run uploads:copy -- --to s3://bucket");
  }, 120_000);
});
