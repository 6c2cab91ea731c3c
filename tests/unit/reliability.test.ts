import Database from "better-sqlite3";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCrashTest } from "../../scripts/crash-test";
import { type ProductionServer, startProductionServer } from "../../scripts/reliability/production-server";
import { WRITE_KINDS } from "../../scripts/reliability/writes";
import { startLocalS3 } from "../support/s3-server";
import { spareDatabaseTarget, testEngine } from "../support/test-db";

// Small versions of the reliability runs (docs/reliability.md) against the production build made by
// `npm test`; the full runs are `npm run reliability:crash|load|fuzz`, their figures in docs/reliability.md.

describe("crash safety (scripts/crash-test.ts)", () => {
  it("keeps every acknowledged write through 3 SIGKILLs during concurrent writes, and integrity_check stays ok", async () => {
    // On the engine of this run of the suite: a SQLite file with the uploads in its folder, or an empty
    // PostgreSQL database with the uploads in a bucket (the several-machine deployment, docs/scaling.md):
    // an acknowledged application's images are in the bucket after each kill.
    const site = testEngine === "postgres" ? await spareDatabaseTarget(tmpdir(), "crash") : undefined;
    const s3 = testEngine === "postgres" ? await startLocalS3("bwp-crash") : undefined;
    const report = await runCrashTest({
      kills: 3,
      workers: 6,
      minRunMs: 1000,
      maxRunMs: 1500,
      // Each kind of write acknowledged at least once, however busy the machine (CI runs suites side by side).
      everyKindWithinMs: 20_000,
      databaseUrl: site?.target,
      env: s3?.env,
    }).finally(async () => {
      await site?.drop();
      await s3?.stop();
    });
    expect(report.lostWrites).toEqual([]);
    expect(report.lost).toBe(0);
    // PRAGMA integrity_check is SQLite's; PostgreSQL recovers from its WAL at each restart.
    expect(report.integrityChecks).toBe(testEngine === "sqlite" ? 3 : 0);
    expect(report.integrityFailures).toEqual([]);
    expect(report.missingUploadFiles).toEqual([]);
    // The copies queued with acknowledged applications are written by the queue resumed after the kills.
    expect(report.copiesNotMade).toEqual([]);
    expect(report.refused).toEqual({});
    // Every kind of write was acknowledged and checked (public forms, sign-up, admin changes).
    for (const kind of WRITE_KINDS) expect(report.byKind[kind].acknowledged, kind).toBeGreaterThan(0);
    expect(report.found).toBe(report.acknowledged);
  }, 90_000);
});

// The checks below start a server on a SQLite file of their own whatever the suite's engine: the PostgreSQL
// run of the suite would repeat them unchanged. The small load and fuzz runs are files of their own
// (reliability-load.test.ts, reliability-fuzz.test.ts), so the three longest runs share the test workers.
const sqliteRun = testEngine === "sqlite";

describe.runIf(sqliteRun)("what the runs rely on and what the fuzzer found", () => {
  let server: ProductionServer;
  beforeAll(async () => {
    server = await startProductionServer();
  }, 60_000);
  afterAll(() => server.close());

  /** A raw request (fetch will not send a Host header of our choosing). */
  function raw(path: string, method: string, headers: Record<string, string>, body = ""): Promise<number> {
    return new Promise((done, fail) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port: server.port,
          path,
          method,
          headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        },
        (res) => {
          res.resume();
          res.on("end", () => done(res.statusCode ?? 0));
        },
      );
      req.on("error", fail);
      req.end(body);
    });
  }

  it("a SQLITE_BUSY is observable: a 5xx answer and a counted log line", async () => {
    expect(server.busyCount()).toBe(0);
    // Another connection holds the write lock longer than the server's busy timeout (5 s).
    const other = new Database(server.databasePath);
    other.exec("BEGIN IMMEDIATE");
    try {
      const res = await fetch(`${server.base}/api/enquiries/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.9.9.9" },
        body: JSON.stringify({
          name: "Busy",
          email: "busy@example.test",
          query_type: "General Inquiry",
          message: "Locked?",
        }),
      });
      expect(res.status).toBe(500);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    await expect.poll(() => server.busyCount()).toBeGreaterThan(0);
  }, 20_000);

  it("serves the files beside the assets by name, and a page's path never as a file", async () => {
    const icon = await fetch(`${server.base}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toContain("<svg");
    expect((await fetch(`${server.base}/no-such-file.svg`)).status).toBe(404);
    const page = await fetch(`${server.base}/directory?page=2`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("a Host or trusted X-Forwarded-Host that makes no URL is a 400, not a 500", async () => {
    expect(await raw("/contact", "GET", { Host: "%zz" })).toBe(400);
    expect(await raw("/api/sellers", "GET", { Host: "a b" })).toBe(400);
    expect(await raw("/directory", "GET", { "X-Forwarded-Host": ",x" })).toBe(400);
    expect(await raw("/directory", "GET", { "X-Forwarded-Host": "evil.example:99999" })).toBe(400);
    // under a scheme that is not the web's, `%` makes a request URL, but not the site's origin (fuzz seed 368877128)
    expect(await raw("/directory", "GET", { "X-Forwarded-Host": "%", "X-Forwarded-Proto": "gopher" })).toBe(400);
    expect(await raw("/directory", "GET", {})).toBe(200);
  });

  it("a sign-in post whose multipart body cannot be read is a 400, not a 500", async () => {
    for (const path of ["/admin/login", "/seller-login"]) {
      expect(
        await raw(path, "POST", { "Content-Type": "multipart/form-data", "X-Forwarded-For": "10.9.9.10" }, "?"),
        path,
      ).toBe(400);
      expect(
        await raw(
          path,
          "POST",
          { "Content-Type": "multipart/form-data; boundary=other", "X-Forwarded-For": "10.9.9.10" },
          "--x\r\n\r\n--x--\r\n",
        ),
        path,
      ).toBe(400);
    }
  });
});
