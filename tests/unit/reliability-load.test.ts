import { describe, expect, it } from "vitest";
import { runLoadTest } from "../../scripts/load-test";

// A small version of the reliability load run (docs/reliability.md) against the production build made by
// `npm test`; the full run is `npm run reliability:load`. Its server is on a SQLite file of its own whatever the
// suite's engine, so the PostgreSQL run of the suite leaves this file out (tests/vitest.postgres.config.ts).

describe("load (scripts/load-test.ts)", () => {
  it("serves concurrent readers and writers with no error and no SQLITE_BUSY", async () => {
    const report = await runLoadTest({ readers: 8, writers: 6, durationSeconds: 4, sellers: 40 });
    // The six kinds of write and the sign-ins beside them.
    expect(report.routes.filter((r) => r.kind === "write").map((r) => r.route)).toContain("POST /api/auth/login");
    expect(report.routes.filter((r) => r.kind === "write")).toHaveLength(7);
    // Both readers and writers got answers (a slow route may finish none in 4 s on a busy machine).
    for (const kind of ["read", "write"])
      expect(
        report.routes.filter((r) => r.kind === kind).reduce((a, r) => a + r.requests, 0),
        kind,
      ).toBeGreaterThan(10);
    expect(report.errors).toBe(0);
    expect(report.status5xx).toBe(0);
    expect(report.sqliteBusy).toBe(0);
  }, 60_000);
});
