import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { atIndianNoon } from "../support/clock";
import type { DB } from "~db/client";
import { createSeller, createStaffRow } from "~db/seed/factories";
import { readContentVersion } from "~/models/content-version.server";
import { splitSynonymWords, synonymGroupFormSchema } from "~/lib/validation/search-synonyms";
import { suggestQuerySchema } from "~/lib/validation/directory";
import {
  deleteSynonymGroup,
  getSynonymGroup,
  listSynonymGroups,
  saveSynonymGroup,
} from "~/models/search-synonyms.server";
import { addSearchCounts, listEmptySearches, listTopSearches } from "~/models/search-stats.server";
import { suggestSearches } from "~/models/search-suggest.server";
import {
  countSearch,
  flushSearchCounts,
  isVisitor,
  MAX_PENDING_QUERIES,
  normaliseSearchQuery,
  pendingSearchCounts,
  recordSearch,
  stopSearchFlush,
  sweepOldSearchCounts,
} from "~/services/search-stats.server";
import { collectRender, type RenderEffect } from "~/services/response-cache/render-effects.server";
import { todayIso } from "~/lib/dates";
import { createTestDb, testEngine } from "../support/test-db";

// The search's staff side and the suggestions (docs/decisions/168-search-admin-who-edits-synonyms.md to
// 175-search-admin-combobox.md), on the engine of this run (SQLite, or PostgreSQL with
// tests/vitest.postgres.config.ts): synonym groups (a word in one group, words replaced atomically, audited), the
// search counts (normalised, bots excluded, batched), and the suggestions' query.

let db: DB;
let cleanup: () => Promise<void>;
const actor = { id: 0, email: "search-boss@example.in", ip: "10.3.3.3" };

beforeAll(async () => {
  ({ db, cleanup } = await createTestDb());
  actor.id = await createStaffRow(db, { email: actor.email, name: "Boss" });
});
afterAll(async () => {
  stopSearchFlush();
  await cleanup();
});

async function audits(groupId: number) {
  const rows = await db
    .selectFrom("audit_log")
    .selectAll()
    .where("target_type", "=", "search_synonym_group")
    .where("target_id", "=", String(groupId))
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    action: r.action,
    actor: r.actor_email,
    ip: r.ip,
    details: JSON.parse(r.details ?? "null"),
  }));
}

describe(`synonym groups (${testEngine})`, () => {
  it("starts with the seeded groups", async () => {
    // (tests run in any order on one database: other groups may exist by now)
    const groups = await listSynonymGroups(db);
    // the Indian English variants, with the Hindi, Kannada and romanised words of a later migration
    expect(groups.find((g) => g.terms.includes("saree"))?.terms).toEqual(
      ["saree", "sarees", "sari", "saris", "seere", "साड़ी", "ಸೀರೆ"].sort(),
    );
    expect(groups.find((g) => g.terms.includes("jewelry"))?.terms).toEqual(
      [
        "jewelery",
        "jewellery",
        "jewelry",
        "gehne",
        "zevar",
        "abharana",
        "odave",
        "गहने",
        "ज़ेवर",
        "आभूषण",
        "ಆಭರಣ",
        "ಒಡವೆ",
      ].sort(),
    );
    expect(groups.find((g) => g.terms.includes("dabba"))?.terms).toEqual(
      ["dabba", "tiffin", "tiffins", "टिफ़िन", "डब्बा", "ಟಿಫಿನ್"].sort(),
    );
    expect(groups.find((g) => g.terms.includes("darzi"))?.terms).toEqual(
      ["tailor", "tailoring", "दर्जी", "टेलर", "ಟೈಲರ್", "ದರ್ಜಿ", "darzi", "darji"].sort(),
    );
  });

  it("creates a group with its audit row and moves the content version", async () => {
    const version = await readContentVersion(db);
    const result = await saveSynonymGroup(db, actor, null, ["kurti", "kurtis", "kurta"]);
    expect(result).toMatchObject({ ok: true, created: true, changed: true });
    if (!result.ok) throw new Error("refused");
    expect(await getSynonymGroup(db, result.id)).toEqual({ id: result.id, terms: ["kurta", "kurti", "kurtis"] });
    expect(await audits(result.id)).toEqual([
      {
        action: "search_synonyms.create",
        actor: actor.email,
        ip: actor.ip,
        details: { after: { words: "kurta, kurti, kurtis" } },
      },
    ]);
    expect(await readContentVersion(db)).toBeGreaterThan(version);
  });

  it("refuses a word another group has, naming the word and that group, and saves none of the words", async () => {
    const result = await saveSynonymGroup(db, actor, null, ["wrap", "color", "drape"]);
    expect(result).toEqual({
      ok: false,
      reason: "conflict",
      message:
        "“color” is already in the group color, colour. A word can be in one group only: remove it there first, or add your words to that group.",
    });
    const words = await db
      .selectFrom("search_synonym_terms")
      .select("term")
      .where("term", "in", ["wrap", "drape"])
      .execute();
    expect(words).toEqual([]);
  });

  it("replaces a group's words in one transaction: a clash keeps the old words, a change is audited", async () => {
    const made = await saveSynonymGroup(db, actor, null, ["bindi", "bindis"]);
    if (!made.ok) throw new Error("refused");
    // "mehndi" is the seeded mehendi group's: nothing of this edit may be saved, the old words stay.
    const clash = await saveSynonymGroup(db, actor, made.id, ["bindi", "tikli", "mehndi"]);
    expect(clash).toMatchObject({ ok: false, reason: "conflict" });
    expect((await getSynonymGroup(db, made.id))?.terms).toEqual(["bindi", "bindis"]);
    expect(await db.selectFrom("search_synonym_terms").select("term").where("term", "=", "tikli").execute()).toEqual(
      [],
    );

    const edited = await saveSynonymGroup(db, actor, made.id, ["bindi", "tikli", "bindis"]);
    expect(edited).toMatchObject({ ok: true, created: false, changed: true });
    expect((await getSynonymGroup(db, made.id))?.terms).toEqual(["bindi", "bindis", "tikli"]);
    // Saving the same words again changes nothing and writes no audit row.
    expect(await saveSynonymGroup(db, actor, made.id, ["tikli", "bindis", "bindi"])).toMatchObject({
      ok: true,
      changed: false,
    });
    const rows = await audits(made.id);
    expect(rows.map((r) => r.action)).toEqual(["search_synonyms.create", "search_synonyms.update"]);
    expect(rows[1].details).toEqual({ changes: { words: ["bindi, bindis", "bindi, bindis, tikli"] } });
  });

  it("a word may move within its own group, and the primary key still guards a word in two groups", async () => {
    const made = await saveSynonymGroup(db, actor, null, ["rangoli", "kolam"]);
    if (!made.ok) throw new Error("refused");
    expect(await saveSynonymGroup(db, actor, made.id, ["kolam", "muggu"])).toMatchObject({ ok: true });
    // The database itself refuses the same word in a second group (what the model's check stands in front of).
    const other = await db
      .insertInto("search_synonym_groups")
      .values({ created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await expect(
      db.insertInto("search_synonym_terms").values({ term: "kolam", group_id: other.id }).execute(),
    ).rejects.toThrow();
  });

  it("removes a group with its words, audited; an unknown group is not found", async () => {
    const made = await saveSynonymGroup(db, actor, null, ["jhumka", "jhumkas"]);
    if (!made.ok) throw new Error("refused");
    expect(await deleteSynonymGroup(db, actor, made.id)).toMatchObject({ ok: true });
    expect(await getSynonymGroup(db, made.id)).toBeNull();
    expect(await db.selectFrom("search_synonym_terms").select("term").where("term", "=", "jhumka").execute()).toEqual(
      [],
    );
    expect((await audits(made.id)).map((r) => [r.action, r.details])).toEqual([
      ["search_synonyms.create", { after: { words: "jhumka, jhumkas" } }],
      ["search_synonyms.delete", { before: { words: "jhumka, jhumkas" } }],
    ]);
    expect(await deleteSynonymGroup(db, actor, made.id)).toMatchObject({ ok: false, reason: "not_found" });
    expect(await saveSynonymGroup(db, actor, made.id, ["a1", "b2"])).toMatchObject({ ok: false, reason: "not_found" });
  });
});

describe("the group form's words", () => {
  const parse = (words: unknown) => synonymGroupFormSchema.safeParse({ intent: "save", words });
  const messages = (words: unknown) => {
    const r = parse(words);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it("normalises (NFKC, lower case, trimmed), splits at commas and new lines, and drops repeats", () => {
    expect(parse(" Saree ,SARI\nＳａｒｅｅｓ;  sari ").data?.words).toEqual(["saree", "sari", "sarees"]);
    expect(splitSynonymWords("Crème, creme").words).toEqual(["crème", "creme"]);
  });

  it("refuses an empty group, a single word, and entries that are no single word, naming them", () => {
    expect(messages("")).toEqual(["Enter the words of the group, separated by commas (e.g. saree, sari, sarees)"]);
    expect(messages(" , ,\n")).toEqual([
      "Enter the words of the group, separated by commas (e.g. saree, sari, sarees)",
    ]);
    expect(messages("saree, Saree")).toEqual([
      "A group needs at least two different words: a word and its variant or synonym",
    ]);
    expect(messages("home bakers, cakes, <b>x</b>")).toEqual([
      "Each word must be a single word of letters and digits (no spaces, hyphens or punctuation). Refused: “home bakers”, “<b>x</b>”.",
    ]);
  });

  it("refuses 10,000 characters with the field's limit, and over-long words and groups", () => {
    expect(messages(`saree, ${"a".repeat(10_000)}`)).toEqual(["Words must be at most 1,000 characters"]);
    expect(messages(`saree, ${"b".repeat(41)}`)[0]).toMatch(
      /^A word can have at most 40 characters\. Refused: “b+…”\.$/,
    );
    expect(messages(Array.from({ length: 21 }, (_, i) => `w${i}`).join(","))).toEqual([
      "A group can have at most 20 words.",
    ]);
  });
});

describe(`search counts (${testEngine})`, () => {
  afterEach(async () => {
    vi.useRealTimers();
    await flushSearchCounts(db);
  });
  const browser =
    "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
  const request = (url: string, userAgent?: string) =>
    new Request(`http://localhost${url}`, { headers: userAgent ? { "User-Agent": userAgent } : {} });

  it("normalises the query: NFKC, lower case, trimmed, spaces collapsed, 100 characters at most", () => {
    expect(normaliseSearchQuery("  Silk   SAREES\t in\nJayanagar ")).toBe("silk sarees in jayanagar");
    expect(normaliseSearchQuery("ＣＡＫＥ")).toBe("cake");
    expect(normaliseSearchQuery("x".repeat(400))).toBe("x".repeat(100));
    expect(normaliseSearchQuery(`${"y".repeat(99)}😀😀`)).toBe(`${"y".repeat(99)}😀`);
    expect(normaliseSearchQuery("   ")).toBe("");
  });

  it("counts visitors' searches in memory (bots, tools and later pages excluded) and writes them in one batch", async () => {
    atIndianNoon();
    const word = `lippan${Date.now()}`;
    countSearch(request(`/directory?search=${word}`, browser), ` ${word.toUpperCase()} `, 3);
    countSearch(request(`/api/sellers?search=${word}`, browser), word, 0);
    countSearch(request(`/directory?search=${word}&page=2`, browser), word, 3);
    countSearch(request(`/directory?search=${word}`, "Googlebot/2.1 (+http://www.google.com/bot.html)"), word, 3);
    countSearch(request(`/directory?search=${word}`, "curl/8.5.0"), word, 3);
    countSearch(request(`/directory?search=${word}`), word, 3);
    countSearch(request(`/directory`, browser), "  ", 0);
    const day = todayIso();
    expect(pendingSearchCounts().filter((c) => c.query === word)).toEqual([
      { day, query: word, searches: 2, empty: 1 },
    ]);
    // Nothing is written until the flush.
    expect(await db.selectFrom("search_queries_daily").selectAll().where("query", "=", word).execute()).toEqual([]);
    await flushSearchCounts(db);
    expect(pendingSearchCounts()).toEqual([]);
    countSearch(request(`/directory?search=${word}`, browser), word, 0);
    await flushSearchCounts(db);
    expect(await db.selectFrom("search_queries_daily").selectAll().where("query", "=", word).execute()).toEqual([
      { day, query: word, searches: 3, empty_searches: 2 },
    ]);
  });

  it("tells a visitor's browser from a crawler every time a User-Agent is asked again (the reading is kept per agent)", () => {
    const phone =
      "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36";
    const crawler = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    for (let i = 0; i < 3; i++) {
      expect(isVisitor(phone)).toBe(true);
      expect(isVisitor(crawler)).toBe(false);
    }
    expect(isVisitor("")).toBe(false);
    expect(isVisitor(undefined)).toBe(false);
    // More distinct agents than are kept: each still read correctly.
    for (let i = 0; i < 1_200; i++) expect(isVisitor(`${phone} build/${i}`)).toBe(true);
    expect(isVisitor(crawler)).toBe(false);
  });

  it("a cached answer counts again for its own request: a browser's hit counts, a crawler's does not", () => {
    const word = `madhubani${Date.now()}`;
    const effects: RenderEffect[] = [];
    // Rendered for a crawler: not counted, but the effect is kept for the cache's later answers.
    collectRender({ effects, freshUntil: null }, () =>
      countSearch(request(`/directory?search=${word}`, "Googlebot/2.1"), word, 2),
    );
    expect(effects).toHaveLength(1);
    expect(pendingSearchCounts().filter((c) => c.query === word)).toEqual([]);
    for (const effect of effects) effect({ userAgent: browser });
    for (const effect of effects) effect({ userAgent: "bingbot/2.0" });
    for (const effect of effects) effect({ userAgent: browser });
    expect(pendingSearchCounts().filter((c) => c.query === word)).toMatchObject([{ searches: 2, empty: 0 }]);
  });

  it("keeps the counts when the write fails, and holds a bounded number of distinct queries", async () => {
    const word = `kalamkari${Date.now()}`;
    recordSearch(word, false);
    const closed = { transaction: () => ({ execute: () => Promise.reject(new Error("database gone")) }) } as never;
    await expect(flushSearchCounts(closed)).rejects.toThrow("database gone");
    expect(pendingSearchCounts().filter((c) => c.query === word)).toMatchObject([{ searches: 1, empty: 1 }]);
    await flushSearchCounts(db);
    for (let i = 0; i < MAX_PENDING_QUERIES + 50; i++) recordSearch(`flood ${i}`, true);
    expect(pendingSearchCounts()).toHaveLength(MAX_PENDING_QUERIES);
    recordSearch("flood 1", true);
    expect(pendingSearchCounts().find((c) => c.query === "flood 1")?.searches).toBe(2);
  });

  it("lists the most frequent and the empty searches of a period, and the sweep drops days past 90", async () => {
    await db.deleteFrom("search_queries_daily").execute();
    await addSearchCounts(db, [
      { day: "2026-11-20", query: "saree", searches: 5, empty: 0 },
      { day: "2026-11-21", query: "saree", searches: 4, empty: 0 },
      { day: "2026-11-21", query: "potery", searches: 3, empty: 3 },
      { day: "2026-11-22", query: "zumbaa", searches: 2, empty: 2 },
      { day: "2026-11-22", query: "cake", searches: 7, empty: 1 },
      { day: "2026-10-01", query: "old", searches: 50, empty: 50 },
    ]);
    // The same (day, query) again adds to it (the upsert of both engines).
    await addSearchCounts(db, [{ day: "2026-11-22", query: "zumbaa", searches: 1, empty: 1 }]);
    expect(await listTopSearches(db, "2026-11-01", 3)).toEqual([
      { query: "saree", searches: 9, empty_searches: 0, last_day: "2026-11-21" },
      { query: "cake", searches: 7, empty_searches: 1, last_day: "2026-11-22" },
      { query: "potery", searches: 3, empty_searches: 3, last_day: "2026-11-21" },
    ]);
    expect((await listEmptySearches(db, "2026-11-01", 10)).map((r) => [r.query, r.empty_searches])).toEqual([
      ["potery", 3],
      ["zumbaa", 3],
      ["cake", 1],
    ]);
    const removed = await sweepOldSearchCounts(db, new Date("2026-12-31T00:00:00Z"));
    expect(removed).toBe(1);
    expect((await listTopSearches(db, "2000-01-01", 10)).map((r) => r.query)).not.toContain("old");
  });
});

describe(`suggestions (${testEngine})`, () => {
  beforeAll(async () => {
    await createSeller(db, { business_name: "Silk Route Sarees", locality: "Jayanagar", is_featured: 1 });
    await createSeller(db, { business_name: "Sarees by Sunita", locality: "Jayanagar 4th Block" });
    await createSeller(db, { business_name: "Jaya's Bakes", locality: "Indiranagar" });
    await createSeller(db, { business_name: "Hidden Sarees", locality: "Jayanagar", status: "inactive" });
    await createSeller(db, { business_name: "Expired Sarees", subscription_end_date: "2020-01-01" });
    await createSeller(db, { business_name: "Café Crème", locality: "Koramangala" });
    await createSeller(db, { business_name: "Tailor <b>Made</b>", locality: "Malleswaram" });
  });

  const labels = async (q: string) => (await suggestSearches(db, q)).map((s) => `${s.kind}:${s.label}`);

  it("suggests public sellers' names whose words start with the typed words, those starting with the text first", async () => {
    expect(await labels("sar")).toEqual(["seller:Sarees by Sunita", "seller:Silk Route Sarees"]);
    expect(await labels("silk sa")).toEqual(["seller:Silk Route Sarees"]);
    const [first] = await suggestSearches(db, "sarees by");
    expect(first).toMatchObject({ kind: "seller", label: "Sarees by Sunita" });
    expect(first.href).toMatch(/^\/seller\/\d+$/);
  });

  it("suggests active categories and localities with their directory links", async () => {
    const beauty = await suggestSearches(db, "beau");
    expect(beauty.filter((s) => s.kind === "category").length).toBeGreaterThan(0);
    expect(beauty.find((s) => s.kind === "category")?.href).toMatch(/^\/directory\?category=[a-z0-9-]+$/);
    expect(await labels("jaya")).toEqual(["seller:Jaya's Bakes", "locality:Jayanagar", "locality:Jayanagar 4th Block"]);
    expect((await suggestSearches(db, "jayanagar 4")).find((s) => s.kind === "locality")?.href).toBe(
      "/directory?search=Jayanagar%204th%20Block",
    );
  });

  it("folds accents, treats FTS syntax and HTML as plain words, and suggests nothing under two characters", async () => {
    expect(await labels("cafe cre")).toEqual(["seller:Café Crème"]);
    expect(await labels('"sar"* (:')).toEqual(["seller:Sarees by Sunita", "seller:Silk Route Sarees"]);
    expect(await labels("<b>made")).toEqual(["seller:Tailor <b>Made</b>"]);
    expect(await labels("s")).toEqual([]);
    expect(await labels("  ")).toEqual([]);
    expect(await labels("😀😀")).toEqual([]);
    expect(await labels("zzzzqx")).toEqual([]);
  });

  it("answers at most eight", async () => {
    for (let i = 0; i < 12; i++) await createSeller(db, { business_name: `Mango Pickles ${i}` });
    expect(await suggestSearches(db, "mango")).toHaveLength(8);
  });

  it("refuses a q longer than a search", () => {
    expect(suggestQuerySchema.safeParse({ q: "x".repeat(101) }).success).toBe(false);
    expect(suggestQuerySchema.parse({})).toEqual({ q: "" });
  });
});
