import AxeBuilder from "@axe-core/playwright";
import { randomBytes } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { type DB, openDatabase } from "~db/client";
import { createReviewRow, createSeller, type SellerFactoryInput } from "~db/seed/factories";

let sharedDb: DB | undefined;
/** The e2e server's own SQLite file, opened by the tests to create their data (WAL allows both). */
export function e2eDb(): DB {
  sharedDb ??= openDatabase(process.env.E2E_DATABASE_PATH!);
  return sharedDb;
}

/** A made-up client address (documentation range 198.18.0.0/15 is not routed anywhere; only sent as a header). */
export function randomClientAddress(): string {
  const r = randomBytes(3);
  return `198.${18 + (r[0] & 1)}.${r[1]}.${r[2]}`;
}

let counter = 0;
/** A unique word per call, so a test finds its own data in a shared database. */
export function uniqueWord(prefix = "t"): string {
  counter++;
  const n = `${process.pid.toString(36)}${Date.now().toString(36)}${counter.toString(36)}`.replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]);
  return `${prefix}${n}`;
}

type Fixtures = {
  db: DB;
  makeSeller: (input?: SellerFactoryInput) => Promise<number>;
  makeReview: typeof createReviewRow extends (db: DB, ...rest: infer R) => infer T ? (...args: R) => T : never;
  jsEnabled: boolean;
};

export const test = base.extend<Fixtures>({
  // Each test is its own client (for the per-client rate limits), via X-Forwarded-For to a server trusting loopback.
  extraHTTPHeaders: async ({}, use) => {
    await use({ "X-Forwarded-For": randomClientAddress() });
  },
  db: async ({}, use) => {
    await use(e2eDb());
  },
  makeSeller: async ({ db }, use) => {
    await use((input) => createSeller(db, input));
  },
  makeReview: async ({ db }, use) => {
    await use((sellerId, input) => createReviewRow(db, sellerId, input));
  },
  jsEnabled: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
});

export { expect };

/** Fails on any serious or critical axe-core violation of the page as it is now (axe needs JavaScript in the page). */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

export async function categoryId(db: DB, slug: string): Promise<number> {
  const row = await db.selectFrom("categories").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
  return row.id;
}
