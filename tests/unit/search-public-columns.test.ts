import SQLite from "better-sqlite3";
import { type CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { createSeller } from "~db/seed/factories";
import type { Database } from "~db/schema";
import { listPublicSellers } from "~/services/directory.server";
import { suggestSearches } from "~/models/search-suggest.server";
import { textIndexOf } from "~/models/text-index.server";
import { seedDemoSellers } from "~/services/demo-sellers.server";
import { createTestDb, testEngine } from "../support/test-db";

// The search checks the public rule and the filters on its own index rows: PostgreSQL's documents carry
// the seller's status, subscription end, city and featured flag, SQLite's matches are checked against
// the narrow covering index. So the index must follow every change of those columns (never stale), and
// a common word's statement must not read the wide sellers rows, nor (PostgreSQL) test every document.
// Each test has a seller of its own (CI shuffles the tests of a file).

let t: Awaited<ReturnType<typeof createTestDb>>;
let db: DB;
const q = (over: Partial<Parameters<typeof listPublicSellers>[1]> = {}) =>
  listPublicSellers(db, { search: "", category: "", city: "", featured: false, page: 1, limit: 12, ...over });
const found = async (over: Partial<Parameters<typeof listPublicSellers>[1]>) =>
  (await q({ search: "quokkaware", ...over })).sellers.map((s) => s.id);
const documentsWith = async (term: string) =>
  (await textIndexOf(db).terms(db)).find((row) => row.term === term)?.documents ?? 0;

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  await seedDemoSellers(db, 150, 5);
});
afterAll(() => t.cleanup());

describe(`the search's public columns (${testEngine})`, () => {
  it("follows a seller's status, subscription end, city and featured flag at once", async () => {
    const sellerId = await createSeller(db, { business_name: "Quokkaware Pottery", city: "Mysuru", is_featured: 0 });
    const set = (values: Partial<Record<"status" | "subscription_end_date" | "city" | "is_featured", unknown>>) =>
      db
        .updateTable("sellers")
        .set(values as never)
        .where("id", "=", sellerId)
        .execute();
    expect(await found({})).toEqual([sellerId]);
    expect(await found({ city: "Mysuru" })).toEqual([sellerId]);
    expect(await found({ featured: true })).toEqual([]);

    await set({ status: "inactive" });
    expect(await found({})).toEqual([]);
    await set({ status: "active" });
    expect(await found({})).toEqual([sellerId]);

    await set({ subscription_end_date: "2020-01-01" });
    expect(await found({})).toEqual([]);
    await set({ subscription_end_date: null });
    expect(await found({})).toEqual([sellerId]);

    await set({ city: "Pune" });
    expect(await found({ city: "Mysuru" })).toEqual([]);
    expect(await found({ city: "Pune" })).toEqual([sellerId]);

    await set({ is_featured: 1 });
    expect(await found({ featured: true })).toEqual([sellerId]);

    // A text change and a change of the public columns in one update.
    await db
      .updateTable("sellers")
      .set({ tagline: "Wombatcraft mugs", status: "inactive" } as never)
      .where("id", "=", sellerId)
      .execute();
    expect(await found({ search: "wombatcraft" })).toEqual([]);
    await set({ status: "active" });
    expect(await found({ search: "wombatcraft", city: "Pune", featured: true })).toEqual([sellerId]);
  });

  it("suggests from the business name and locality as they are now, for public sellers only", async () => {
    const sellerId = await createSeller(db, { business_name: "Dugongware Pottery", locality: "Echidnapuram" });
    const labels = async (typed: string) => (await suggestSearches(db, typed)).map((s) => `${s.kind}:${s.label}`);
    expect(await labels("dugong")).toEqual(["seller:Dugongware Pottery"]);
    expect(await labels("echidna")).toEqual(["locality:Echidnapuram"]);

    await db
      .updateTable("sellers")
      .set({ business_name: "Pangolinware Pottery", locality: "Tarsierpet" })
      .where("id", "=", sellerId)
      .execute();
    expect(await labels("dugong")).toEqual([]);
    expect(await labels("echidna")).toEqual([]);
    expect(await labels("pangolinw")).toEqual(["seller:Pangolinware Pottery"]);
    expect(await labels("tarsier")).toEqual(["locality:Tarsierpet"]);

    await db.updateTable("sellers").set({ status: "inactive" }).where("id", "=", sellerId).execute();
    expect(await labels("pangolinw")).toEqual([]);
    expect(await labels("tarsier")).toEqual([]);
  });

  it("counts the index words once however often the public columns change", async () => {
    const sellerId = await createSeller(db, { business_name: "Bilbyware Pottery", city: "Mysuru", is_featured: 0 });
    expect(await documentsWith("bilbyware")).toBe(1);
    for (const status of ["inactive", "active", "pending", "active"])
      await db
        .updateTable("sellers")
        .set({ status: status as "active" })
        .where("id", "=", sellerId)
        .execute();
    await db.updateTable("sellers").set({ city: "Hubballi" }).where("id", "=", sellerId).execute();
    expect(await documentsWith("bilbyware")).toBe(1);
    await db.updateTable("sellers").set({ business_name: "Numbatware Pottery" }).where("id", "=", sellerId).execute();
    expect(await documentsWith("bilbyware")).toBe(0);
    expect(await documentsWith("numbatware")).toBe(1);
  });

  it("a common word's ranking statement reads the wide sellers rows of its page only, and its matches through the index", async () => {
    const captured: CompiledQuery[] = [];
    const log = (e: { level: string; query: CompiledQuery }) => {
      if (e.level === "query") captured.push(e.query);
    };
    const sqlite = testEngine === "sqlite" ? new SQLite(t.path) : null;
    const pool = testEngine === "postgres" ? new pg.Pool({ connectionString: t.path, max: 1 }) : null;
    const logged = new Kysely<Database>({
      dialect: sqlite ? new SqliteDialect({ database: sqlite }) : new PostgresDialect({ pool: pool! }),
      log,
    });
    try {
      // "sakhi" is in about one demo business name in six.
      const { pagination } = await listPublicSellers(logged, {
        search: "sakhi",
        category: "",
        city: "",
        featured: false,
        page: 1,
        limit: 12,
      });
      expect(pagination.total).toBeGreaterThan(10);
      const ranking = captured.filter((c) => c.sql.includes("with matches"));
      expect(ranking).toHaveLength(1);
      const { sql: text, parameters } = ranking[0]!;
      if (sqlite) {
        const plan = (
          sqlite.prepare(`explain query plan ${text}`).all(...(parameters as unknown[])) as { detail: string }[]
        ).map((r) => r.detail);
        // Each match is checked against the narrow covering index, never the table's rows (the page's rows are
        // read by primary key, as `shown`).
        const onSellers = plan.filter((step) => /\bsellers\b/.test(step));
        expect(onSellers.length).toBeGreaterThan(0);
        for (const step of onSellers) expect(step).toMatch(/USING COVERING INDEX sellers_search_public/);
      } else {
        const { rows } = await pool!.query(`explain (format json) ${text}`, parameters as unknown[]);
        const read: string[] = [];
        const walk = (node: Record<string, unknown>) => {
          const name = node["Relation Name"] ?? node["Function Name"];
          if (typeof name === "string")
            read.push([name, node["Node Type"], node["Index Name"]].filter(Boolean).join(" "));
          for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
        };
        walk((rows[0] as { "QUERY PLAN": { Plan: Record<string, unknown> }[] })["QUERY PLAN"][0]!.Plan);
        // The matches from the documents alone; the sellers rows only for the page, by primary key. (The
        // one-row content_version table may be read either way, as its statistics have it: not what this is about.)
        expect(read.filter((step) => !step.startsWith("content_version ")).sort()).toEqual([
          "sellers Index Scan sellers_pkey",
          "sellers_search_matching Function Scan",
        ]);
        // The documents are read through their GIN index, never all of them: the table's own counters, on
        // the one connection that ran the statement (its counts flushed at once).
        const scans = async () => {
          await pool!.query("select pg_stat_force_next_flush()");
          const { rows: counts } = await pool!.query(
            "select seq_scan, idx_scan from pg_stat_user_tables where relname = 'sellers_search'",
          );
          return { seq: Number(counts[0].seq_scan), index: Number(counts[0].idx_scan) };
        };
        const before = await scans();
        await pool!.query(text, parameters as unknown[]);
        const after = await scans();
        expect(after.seq - before.seq).toBe(0);
        expect(after.index - before.index).toBeGreaterThan(0);
      }
    } finally {
      await logged.destroy();
      sqlite?.close();
    }
  });
});
