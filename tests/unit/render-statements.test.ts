import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, type DB, getDb, statementsRun } from "~db/client";
import { createSeller, createStaffRow } from "~db/seed/factories";
import { contentVersionSource } from "~/models/content-version.server";
import { loader as rootLoader } from "~/root";
import { loader as directoryLoader } from "~/routes/directory";
import { loader as sellerLoader } from "~/routes/seller";
import { decidePageLocale } from "~/services/i18n.server";
import { createUserSession } from "~/services/session.server";
import { createTestDb, testEngine } from "../support/test-db";

// How many statements a page's render sends (each one a round trip on PostgreSQL): the loaders the
// page runs, with the version read the response cache makes before an anonymous answer. A change that
// adds a statement to a render fails here; lower the figures when a change saves one.

let site: DB;
let cleanup: () => Promise<void>;
let cookie: string;
let sellerId: number;
const previous = { path: process.env.DATABASE_PATH, url: process.env.DATABASE_URL };

beforeAll(async () => {
  const made = await createTestDb();
  cleanup = made.cleanup;
  for (let i = 0; i < 5; i++) await createSeller(made.db, { business_name: `Render Seller ${i}`, city: "Bangalore" });
  sellerId = await createSeller(made.db, { business_name: "Render Profile", city: "Mysuru" });
  const staff = await createStaffRow(made.db, { email: "render-statements@example.test" });
  await made.db.destroy();
  // The loaders read the process-wide database: this test's.
  await closeDb();
  if (testEngine === "postgres") process.env.DATABASE_URL = made.path;
  else process.env.DATABASE_PATH = made.path;
  site = getDb();
  cookie = (await createUserSession(staff)).split(";")[0]!;
});

afterAll(async () => {
  await closeDb();
  process.env.DATABASE_PATH = previous.path;
  process.env.DATABASE_URL = previous.url;
  if (previous.path === undefined) delete process.env.DATABASE_PATH;
  if (previous.url === undefined) delete process.env.DATABASE_URL;
  await cleanup();
});

type Loader = (args: never) => unknown;

/** A loader's arguments as the router hands them, after the root's middleware decided the page's language. */
async function loaderArgs(request: Request, params: Record<string, string>): Promise<never> {
  const args = { request, params, context: new RouterContextProvider() };
  await decidePageLocale(args as never, async () => new Response());
  return args as never;
}

/** The statements one render of `path` sends: the cache's version read when anonymous, then the loaders together. */
async function statementsOf(path: string, loader: Loader, params: Record<string, string>, signedIn: boolean) {
  const request = new Request(`http://localhost${path}`, { headers: signedIn ? { Cookie: cookie } : {} });
  const args = await loaderArgs(request, params);
  const before = statementsRun(site);
  if (!signedIn) await contentVersionSource(site)();
  await Promise.all([rootLoader(args), loader(args)]);
  return statementsRun(site) - before;
}

/**
 * What the active categories (kept while the content version holds, `keptWhileContentHolds`) cost a render when
 * nothing public changed: on PostgreSQL the version read (a statement), on SQLite a read of its commit counter (none).
 */
const keptCategories = testEngine === "postgres" ? 1 : 0;

describe("the statements of a render", () => {
  it("/directory: a first anonymous render, the next page, and signed in", async () => {
    // A public change first: what an earlier test kept (CI shuffles their order) no longer holds.
    await createSeller(site, { business_name: "Render Newcomer", city: "Hubballi" });
    // First render of a listing (its total not yet known, the categories not yet kept): the cache's version read,
    // the categories' version read and the categories, and the page with its count and version in one statement.
    expect(await statementsOf("/directory?city=Bangalore", directoryLoader, {}, false)).toBe(4);
    // Again (say in another language, not cached yet): the total is remembered, the page statement carries the
    // version, the categories are kept.
    expect(await statementsOf("/directory?city=Bangalore&view=list", directoryLoader, {}, false)).toBe(
      2 + keptCategories,
    );
    // Past the last page: the page statement finds no row to count on, so the count runs alone.
    expect(await statementsOf("/directory?city=Bangalore&page=9", directoryLoader, {}, false)).toBe(3 + keptCategories);
    // Signed in (never cached): the session (its touch is due at most once a minute) and the page.
    expect(await statementsOf("/directory", directoryLoader, {}, true)).toBe(2 + keptCategories);
  });

  it("/directory with a search, anonymous", async () => {
    // The first search loads the vocabulary (its version, its words, the synonyms); later ones plan with it
    // unchecked and the ranking statement reads the version and the page's rows: the cache's version read and
    // the ranking (the categories kept).
    await statementsOf("/directory?search=render", directoryLoader, {}, false);
    expect(await statementsOf("/directory?search=seller", directoryLoader, {}, false)).toBe(2 + keptCategories);
  });

  it("a search planned with a vocabulary older than the data is planned again", async () => {
    const search = async (text: string) =>
      directoryLoader(await loaderArgs(new Request(`http://localhost/directory?search=${text}`), {}));
    await search("render");
    // A word only a new seller has: the vocabulary last loaded does not know it, so only a plan made
    // again corrects the typo.
    await createSeller(site, { business_name: "Zenobia Quilts", city: "Bangalore" });
    const found = await search("zenobiaa");
    expect(found.sellers.map((s) => s.business_name)).toEqual(["Zenobia Quilts"]);
  });

  it("a seller's profile, anonymous", async () => {
    const id = String(sellerId);
    // The cache's version read, then the seller's row, categories, subcategories, reviews, their breakdown by
    // stars (one grouped statement) and her answers to quote requests together.
    expect(await statementsOf(`/seller/${id}`, sellerLoader as Loader, { id }, false)).toBe(7);
  });
});
