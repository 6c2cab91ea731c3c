import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";

// The build output plus the production dependencies (what `npm ci --omit=dev` installs) is all a
// server needs. A fresh `npm ci` would compile better-sqlite3 (a minute), so this lays out the same
// tree cheaply: a folder with package.json, server/start.js, build/ and a node_modules holding only
// the packages `npm ls --omit=dev` lists, as symlinks. Node runs with --preserve-symlinks, so every
// import resolves inside that folder: a server importing a devDependency fails to start here.
const root = join(import.meta.dirname, "..", "..");
let dir: string;
let server: RunningServer | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "bwp-prod-install-"));
  const listed = spawnSync("npm", ["ls", "--omit=dev", "--all", "--parseable"], {
    cwd: root,
    encoding: "utf8",
  }).stdout.split("\n");
  const top = new Set<string>();
  for (const path of listed) {
    const at = path.indexOf("/node_modules/");
    if (at < 0) continue;
    const name = path.slice(at + "/node_modules/".length);
    if (!name.includes("/node_modules/")) top.add(name); // nested copies come with their parent's folder
  }
  expect(top.size).toBeGreaterThan(50);
  for (const name of top) {
    const link = join(dir, "node_modules", name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(root, "node_modules", name), link, "dir");
  }
  copyFileSync(join(root, "package.json"), join(dir, "package.json"));
  mkdirSync(join(dir, "server"));
  copyFileSync(join(root, "server", "start.js"), join(dir, "server", "start.js"));
  cpSync(join(root, "build"), join(dir, "build"), { recursive: true });
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

const nodeArgs = ["--preserve-symlinks", "--preserve-symlinks-main"];

describe("a production install (build + dependencies without devDependencies)", () => {
  it("has no devDependency to import (the check can fail)", () => {
    const probe = (name: string) =>
      spawnSync(process.execPath, [...nodeArgs, "--input-type=module", "-e", `await import(${JSON.stringify(name)})`], {
        cwd: dir,
        encoding: "utf8",
      }).status;
    expect(probe("vite")).not.toBe(0);
    expect(probe("vitest")).not.toBe(0);
    expect(probe("express")).toBe(0);
  });

  it("starts the site and serves pages, the API and sign-in", async () => {
    const data = join(dir, "data");
    server = await startServer({
      cwd: dir,
      nodeArgs,
      env: {
        DATABASE_PATH: join(data, "site.db"),
        UPLOADS_DIR: join(data, "uploads"),
        SEED_DEMO: "3",
        WEB_CONCURRENCY: "1",
        COOKIE_SECURE: "0",
        ADMIN_EMAIL: "admin@install.test",
        ADMIN_PASSWORD: "Install-Admin-Password-1",
      },
    });
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
    for (const path of ["/", "/directory", "/api/sellers", "/contact"])
      expect((await fetch(`${server.base}${path}`)).status, path).toBe(200);
    const login = await fetch(`${server.base}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "admin@install.test", password: "Install-Admin-Password-1" }),
    });
    expect(login.status).toBe(200);
    expect(await server.stop()).toBe(0);
  }, 60_000);
});
