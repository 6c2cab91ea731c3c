import SQLite from "better-sqlite3";
import { type CompiledQuery, Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~db/schema";
import { seedDemoSellers } from "~/services/demo-sellers.server";
import { forgetRememberedRankings } from "~/models/search.server";
import { suggestSearches } from "~/models/search-suggest.server";
import { listPublicSellers, placeOfNear } from "~/services/directory.server";
import { createTestDb, testEngine } from "../support/test-db";

// The hot paths' real SQL (captured from Kysely) must use indexes: no full scan of sellers. SQLite's
// plans (EXPLAIN QUERY PLAN). PostgreSQL's planner chooses by table statistics, which a test database
// of a few hundred rows does not have: its plans are not checked here.
let path: string;
let cleanup: () => Promise<void>;
let sqlite: SQLite.Database;
let db: Kysely<Database>;
const captured: CompiledQuery[] = [];

beforeAll(async () => {
  if (testEngine !== "sqlite") return;
  const t = await createTestDb();
  path = t.path;
  cleanup = t.cleanup;
  await seedDemoSellers(t.db, 300, 3);
  sqlite = new SQLite(path);
  db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (e) => {
      if (e.level === "query") captured.push(e.query);
    },
  });
});
afterAll(async () => {
  await db?.destroy();
  await cleanup?.();
});

function plansOf(queries: CompiledQuery[]): string[] {
  return queries.map((q) =>
    (sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as { detail: string }[])
      .map((r) => r.detail)
      .join(" | "),
  );
}

describe.skipIf(testEngine !== "sqlite")("directory query plans", () => {
  it.each([
    ["default list", {}],
    ["city", { city: "Pune" }],
    ["category", { category: "food-and-beverages" }],
    ["search", { search: "kitchen" }],
    ["search and city", { search: "kitchen", city: "Bangalore" }],
    ["featured", { featured: true, limit: 6 }],
  ])("%s uses indexes", async (_label, over) => {
    captured.length = 0;
    await listPublicSellers(db, { search: "", category: "", city: "", featured: false, page: 1, limit: 12, ...over });
    const plans = plansOf(captured);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) expect(plan).not.toMatch(/SCAN sellers\b(?! USING)/);
  });

  // A later page of the default listing skips the rows before its offset in the index: the public rule (status and
  // end date) is read from sellers_public_order, and the table only for the rows shown (before: every skipped
  // row's table page, 3x the statement's time in a render: docs/performance.md).
  it("a later page of the default list decides the public rule in the index, reading the table only for its rows", async () => {
    const later = { search: "", category: "", city: "", featured: false, page: 3, limit: 12 };
    // The filters' first page counts every match (a window over all rows); the pages after it page alone,
    // with the total remembered. Counted here, so the test holds in any order (CI shuffles the tests).
    await listPublicSellers(db, later);
    captured.length = 0;
    await listPublicSellers(db, later);
    expect(captured.some((q) => /\bover\s*\(/i.test(q.sql))).toBe(false);
    const page = captured.find((q) => /\boffset\b/i.test(q.sql))!;
    expect(page.sql).toMatch(/order by "sellers"."is_featured" desc, "sellers"."avg_rating" desc/);
    type Op = { addr: number; opcode: string; p1: number; p2: number };
    const program = sqlite.prepare(`explain ${page.sql}`).all(...(page.parameters as unknown[])) as Op[];
    const root = sqlite.prepare("select rootpage from sqlite_master where name = 'sellers'").pluck().get();
    const table = program.find((op) => op.opcode === "OpenRead" && op.p2 === root)!.p1;
    const offsetSkip = program.find((op) => op.opcode === "IfPos")!.addr;
    const tableReadsBeforeSkip = program.filter(
      (op) => op.opcode === "Column" && op.p1 === table && op.addr < offsetSkip,
    );
    expect(program.some((op) => op.opcode === "Column" && op.p1 === table)).toBe(true);
    expect(tableReadsBeforeSkip).toEqual([]);
  });

  // Search at scale (docs/performance.md): the cost must follow the number of matches, not the number of sellers.
  // The ranked page and its count start from the FTS index and reach sellers only by id, through the
  // narrow covering index for the public rule, ranking and filters; the page's rows by primary key.
  // A range over all public sellers (e.g. `sellers_status_city (status=?)`) would grow with the directory.
  it.each([
    ["search", { search: "kitchen" }],
    ["search and city", { search: "sakhi", city: "Bangalore" }],
    ["search and category", { search: "sakhi", category: "food-and-beverages" }],
    ["search and featured", { search: "sakhi", featured: true }],
    ["search, a later page", { search: "sakhi", page: 2 }],
    ["search of two words", { search: "families bangalore" }],
  ])("%s is driven from the full-text matches", async (_label, over) => {
    // Ranked here, not paged from an order an earlier search remembered (checked at the end).
    forgetRememberedRankings(db);
    captured.length = 0;
    const query = { category: "", city: "", featured: false, page: 1, limit: 12, ...over };
    const result = await listPublicSellers(db, query);
    expect(result.sellers.length).toBeGreaterThan(0);
    // Besides the content version's own read (the ranking reads it too) and (once per version) the index's words, the synonym groups and the
    // active categories' names in every language, which the search reads to plan its alternatives
    // (docs/decisions/163-search-what-word-matches.md, 188-search-scripts-and-sound-alikes.md):
    const plans = plansOf(
      captured.filter(
        (q) =>
          !/^select "version" from "content_version"|sellers_fts_terms|search_synonym_terms|from "categories" where "is_active"/.test(
            q.sql,
          ),
      ),
    );
    expect(plans).toHaveLength(1); // the ranked ids with their count and the page's rows
    const [ranked] = plans as [string];
    expect(ranked).toMatch(
      /SCAN sellers_fts VIRTUAL TABLE INDEX \S+ \| SEARCH sellers USING COVERING INDEX sellers_search_public \(id=\?/,
    );
    // The ranking sorts ids only; the page's wide rows are read by primary key, for the page alone.
    expect(ranked).not.toMatch(/SCAN sellers\b|SEARCH sellers USING (?!COVERING INDEX sellers_search_public \(id=)/);
    expect(ranked).toMatch(/SEARCH shown USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(ranked).not.toMatch(/SCAN shown\b|SEARCH shown USING (?!INTEGER PRIMARY KEY)/);
    // The same search again, from its remembered order: the page's rows by primary key, with the version.
    captured.length = 0;
    expect((await listPublicSellers(db, query)).sellers).toEqual(result.sellers);
    const [paged, ...more] = plansOf(captured);
    expect(more).toEqual([]);
    expect(paged).toMatch(/SEARCH sellers USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(paged).not.toMatch(/sellers_fts|SCAN sellers\b/);
  });

  // Suggestions as one types (docs/performance.md, "Search at scale"): a locality's beginning matches thousands of
  // sellers at scale, counted per locality from the narrow index that ends with it, never from their wide rows.
  it("the suggestions' localities are counted from the narrow index", async () => {
    captured.length = 0;
    const suggestions = await suggestSearches(db, "kor");
    expect(suggestions.some((s) => s.kind === "locality" && s.label === "Koramangala")).toBe(true);
    const localities = captured.filter((q) =>
      /group by lower\("sellers"."locality"\)|group by lower\(sellers.locality\)/.test(q.sql),
    );
    expect(localities).toHaveLength(1);
    const [plan] = plansOf(localities) as [string];
    expect(plan).toMatch(/SEARCH sellers USING COVERING INDEX sellers_search_public \(id=\?/);
    expect(plan).not.toMatch(/SCAN sellers\b|SEARCH sellers USING (?!COVERING INDEX sellers_search_public)/);
  });

  // Near me without a search (docs/performance.md, "Search at scale"): the page is first looked for among the nearest
  // sellers, a box of the position index, never by the distance of every seller with a place.
  it("the listing near a place reads the nearest first through the position index", async () => {
    const place = placeOfNear("560034");
    if (!place.ok || !place.place) throw new Error("no place");
    const query = { search: "", category: "", city: "", featured: false, page: 1, limit: 12, place: place.place };
    await listPublicSellers(db, query); // the total counted, once per version
    captured.length = 0;
    const result = await listPublicSellers(db, query);
    expect(result.sellers).toHaveLength(12);
    const plans = plansOf(captured.filter((q) => !/^select "version" from "content_version"/.test(q.sql)));
    // Each reach tried (one that leaves the page short is widened) is a box of the index.
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(plan).toMatch(
        /SEARCH sellers USING INDEX sellers_public_position \(status=\? AND latitude>\? AND latitude<\?\)/,
      );
      expect(plan).not.toMatch(/SCAN sellers\b/);
    }
  });
});
