import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB, openDatabase } from "~db/client";
import { createSeller } from "~db/seed/factories";
import { databaseEnv, freePort, type RunningServer, startServer } from "../support/server";
import { type SpareDatabase, spareDatabaseTarget, testEngine } from "../support/test-db";

// Several instances on one PostgreSQL database (docs/scaling.md): two production servers (one worker each)
// behind a real reverse proxy from Debian (nginx, round robin). What one instance changes, the other
// shows at once; sessions, rate limits and the periodic tasks are the deployment's, not an instance's;
// and killing an instance under load loses no acknowledged write. PostgreSQL run only: SQLite is one
// machine's file. The same with the uploads in a bucket and no shared folder: tests/unit/uploads-s3-http.test.ts.

const ADMIN = { email: "instances-admin@example.in", password: "a-long-admin-password-1" };
const SECRET = "several-instances-secret-0123456789";
let dir: string;

/** Instances A and B on a database of their own, optionally behind nginx; `stop` ends all of it. */
type Deployment = { db: DB; a: RunningServer; b: RunningServer; proxyBase: string; stop: () => Promise<void> };

async function deploy(name: string, withProxy: boolean): Promise<Deployment> {
  const site = await spareDatabaseTarget(dir, name);
  const env = instanceEnv(site, name);
  // A first, so it migrates and is elected to run the periodic tasks; B joins a running deployment.
  const a = await startServer({ env });
  const b = await startServer({ env });
  const db = openDatabase(site.target);
  let proxy: ChildProcess | undefined;
  let proxyBase = "";
  if (withProxy) {
    const upstreams = [a.base.replace("http://", ""), b.base.replace("http://", "")];
    // nginx must be told its port; one chosen here may be taken before nginx binds it: then nginx exits
    // and another is chosen (an answer on the port proves nothing, it could be the other process's).
    for (let attempt = 1; !proxy; attempt++) {
      const port = await freePort();
      proxy = (await startNginx(name, port, upstreams)) ?? undefined;
      if (!proxy && attempt === 5) throw new Error("nginx could not bind a port in five tries");
      proxyBase = `http://127.0.0.1:${port}`;
    }
    for (let tries = 0; ; tries++) {
      const status = await fetch(`${proxyBase}/healthz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (tries > 100) throw new Error(`nginx did not answer on ${proxyBase}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    db,
    a,
    b,
    proxyBase,
    stop: async () => {
      proxy?.kill("SIGTERM");
      await db.destroy();
      await a.stop("SIGKILL");
      await b.stop("SIGKILL");
      await site.drop();
    },
  };
}

/** nginx from Debian's package (scripts/install.sh --test), in the foreground with a config of its own. */
/** nginx in front of the instances on `port`, once it has bound it; null when the port was taken. */
async function startNginx(name: string, port: number, upstreams: string[]): Promise<ChildProcess | null> {
  const home = join(dir, `nginx-${name}`);
  mkdirSync(join(home, "temp"), { recursive: true });
  chmodSync(home, 0o777);
  chmodSync(join(home, "temp"), 0o777);
  const conf = join(home, "nginx.conf");
  writeFileSync(
    conf,
    `daemon off;
pid ${home}/nginx.pid;
error_log ${home}/error.log warn;
worker_processes 1;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${home}/temp/body;
  proxy_temp_path ${home}/temp/proxy;
  fastcgi_temp_path ${home}/temp/fastcgi;
  uwsgi_temp_path ${home}/temp/uwsgi;
  scgi_temp_path ${home}/temp/scgi;
  upstream site {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=30s;`).join("\n")}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_next_upstream error timeout;
    }
  }
}
`,
  );
  const bin = spawnSync("sh", ["-c", "command -v nginx || ls /usr/sbin/nginx"], { encoding: "utf8" }).stdout.trim();
  if (!bin) throw new Error("nginx is not installed: run `bash scripts/install.sh --test`");
  const pidFile = join(home, "nginx.pid");
  rmSync(pidFile, { force: true });
  const child = spawn(bin, ["-c", conf, "-p", home], { stdio: "ignore" });
  // nginx writes its pid file only once its sockets are bound; it exits when the port is taken.
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) return null;
    if (existsSync(pidFile)) return child;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const instanceEnv = (site: SpareDatabase, name: string) => ({
  ...databaseEnv(site.target),
  WEB_CONCURRENCY: "1",
  UPLOADS_DIR: join(dir, `uploads-${name}`),
  SESSION_SECRET: SECRET,
  COOKIE_SECURE: "0",
  TRUST_PROXY: "loopback",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  RATE_LIMIT_LOGIN: "4/600",
  RATE_LIMIT_CONTACT: "off",
  RATE_LIMIT_ACKNOWLEDGEMENT: "off",
  SMTP_URL: "",
});

describe.skipIf(testEngine !== "postgres")("several instances on one PostgreSQL database", () => {
  // The tests that kill an instance have a deployment of their own: tests run in any order.
  let shared: Deployment;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "bwp-instances-"));
    shared = await deploy("shared", false);
  }, 90_000);

  afterAll(async () => {
    await shared?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const signIn = async (base: string) => {
    const login = await fetch(`${base}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base, "X-Forwarded-For": "198.51.100.7" },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    return login.headers.get("set-cookie")!.split(";")[0];
  };

  it("a change made through one instance is on the other's very next answer, its cache included", async () => {
    const { a, b, db } = shared;
    const cookie = await signIn(a.base);
    const id = await createSeller(db, { business_name: "Instance Crafts", status: "pending", is_verified: 0 });
    expect((await fetch(`${b.base}/seller/${id}`)).status).toBe(404);
    // Verified through A, public through B at once.
    const verified = await fetch(`${a.base}/api/sellers/${id}/verify`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: a.base },
    });
    expect(verified.status).toBe(200);
    expect((await fetch(`${b.base}/seller/${id}`)).status).toBe(200);
    // B's cached directory: kept, then emptied by A's deactivation before B's next answer.
    await fetch(`${b.base}/directory?search=Instance`);
    const cached = await fetch(`${b.base}/directory?search=Instance`);
    expect(cached.headers.get("x-cache")).toBe("HIT");
    expect(await cached.text()).toContain("Instance Crafts");
    const deactivated = await fetch(`${a.base}/api/admin/sellers/bulk`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: a.base, "Content-Type": "application/json" },
      body: JSON.stringify({ seller_ids: [id], action: "deactivate" }),
    });
    expect(deactivated.status).toBe(200);
    const after = await fetch(`${b.base}/directory?search=Instance`);
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(await after.text()).not.toContain("Instance Crafts");
  });

  it("a session made on one instance works on the other; a rate limit counts across both", async () => {
    const { a, b } = shared;
    const cookie = await signIn(a.base);
    const onB = await fetch(`${b.base}/api/admin/dashboard`, { headers: { Cookie: cookie } });
    expect(onB.status).toBe(200);
    const wrong = (base: string) =>
      fetch(`${base}/api/admin/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: base, "X-Forwarded-For": "198.51.100.99" },
        body: JSON.stringify({ email: ADMIN.email, password: "not-the-password" }),
      }).then((r) => r.status);
    // RATE_LIMIT_LOGIN is 4 per address: two tries on each instance use it up, the fifth is refused on either.
    expect([await wrong(a.base), await wrong(b.base), await wrong(a.base), await wrong(b.base)]).toEqual([
      401, 401, 401, 401,
    ]);
    expect(await wrong(a.base)).toBe(429);
    expect(await wrong(b.base)).toBe(429);
  });

  it("runs the periodic tasks on exactly one instance", () => {
    const runs = (server: RunningServer) => server.output().includes("this instance runs the periodic tasks");
    expect([runs(shared.a), runs(shared.b)]).toEqual([true, false]);
  });

  it("keeps serving through the proxy when an instance is killed under load, and loses no acknowledged write", async () => {
    const { b, db, proxyBase, stop: stopDeployment } = await deploy("load", true);
    try {
      const acknowledged: string[] = [];
      let failures = 0;
      let servedAfterKill = 0;
      let killed = false;
      let stop = false;
      const client = async (n: number) => {
        for (let i = 0; !stop; i++) {
          const message = `load ${n}-${i}`;
          try {
            const write = await fetch(`${proxyBase}/api/enquiries/contact`, {
              method: "POST",
              headers: { "Content-Type": "application/json", Origin: proxyBase },
              body: JSON.stringify({ name: "Load", email: "load@example.in", query_type: "Other", message }),
            });
            if (write.status === 201) acknowledged.push(message);
            else failures++;
            const read = await fetch(`${proxyBase}/directory`);
            if (read.ok && killed) servedAfterKill++;
          } catch {
            failures++;
          }
        }
      };
      const clients = [1, 2, 3, 4].map(client);
      await expect.poll(() => acknowledged.length, { timeout: 15_000 }).toBeGreaterThan(40);
      await b.stop("SIGKILL");
      killed = true;
      await expect.poll(() => servedAfterKill, { timeout: 15_000 }).toBeGreaterThan(40);
      stop = true;
      await Promise.all(clients);
      // At most the requests in flight on B when it died fail; every acknowledged one is stored.
      expect(failures).toBeLessThanOrEqual(4);
      const stored = new Set(
        (await db.selectFrom("enquiries").select("message").where("message", "like", "load %").execute()).map(
          (r) => r.message,
        ),
      );
      expect(acknowledged.filter((m) => !stored.has(m))).toEqual([]);
    } finally {
      await stopDeployment();
    }
  }, 90_000);

  it("hands the periodic tasks over when the instance running them dies", async () => {
    const deployment = await deploy("handover", false);
    try {
      const { a, b } = deployment;
      expect(a.output()).toContain("this instance runs the periodic tasks");
      expect(b.output()).not.toContain("this instance runs the periodic tasks");
      await a.stop("SIGKILL");
      await expect
        .poll(() => b.output().includes("this instance runs the periodic tasks"), { timeout: 20_000 })
        .toBe(true);
    } finally {
      await deployment.stop();
    }
  }, 90_000);
});
