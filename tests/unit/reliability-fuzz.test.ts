import { describe, expect, it } from "vitest";
import { runFuzz } from "../../scripts/fuzz";

// A small version of the reliability fuzz run (docs/reliability.md) against the production build made by
// `npm test`; the full run is `npm run reliability:fuzz`. Its server is on a SQLite file of its own whatever the
// suite's engine, so the PostgreSQL run of the suite leaves this file out (tests/vitest.postgres.config.ts).

describe("fuzz (scripts/fuzz.ts)", () => {
  it("answers a few thousand random requests over every route without a 5xx, and stays healthy", async () => {
    const report = await runFuzz({ runs: 375, batch: 8 });
    expect(report.failures, `seed ${report.seed}`).toEqual([]);
    expect(report.status5xx).toBe(0);
    expect(report.timeouts).toBe(0);
    expect(report.requests).toBe(3000);
    // Named, with the seed that reproduces the run (`npm run reliability:fuzz -- --seed N`), when one is missed.
    expect(report.routesMissed, `seed ${report.seed}`).toEqual([]);
    expect(report.routesCovered).toBe(report.routesTotal);
    // The signed-in admin got past the guard often enough for the admin actions to be exercised.
    expect(report.adminPastGuard).toBeGreaterThan(300);
    expect(report.healthyAfter).toBe(true);
    // The shared-address class: the site's own addresses never became a seller account, and the fuzz
    // seller (whose address the visitors' forms of the run wrote to as well) exports and erases only
    // what is linked to her by id.
    expect(report.reservedSellerAccounts).toEqual([]);
    expect(report.sharedAddress.othersMail).toBeGreaterThan(0);
    expect(report.sharedAddress.exported).toBe(report.sharedAddress.linked);
    expect(report.sharedAddress.othersKeptAfterErasure).toBe(report.sharedAddress.othersMail);
  }, 120_000);
});
