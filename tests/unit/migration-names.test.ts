import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { migrationProvider } from "~db/migrations/index";

// Kysely runs migrations in the order of their names (JavaScript's sort) and refuses to start a database
// whose run migrations are not the first of that order, so a new migration must sort after every earlier
// one. The first 21 are named by a date, some of them ahead of the day they were written; they keep
// their names, which production databases have recorded. Every later one is named `m<NNNN>_<words>`, its
// place in the list, which sorts after every date and cannot go backwards
// (docs/decisions/202-migrations-named-by-sequence-number.md).
const DATED = [
  "2026-11-21T1130_initial",
  "2026-11-22T1600_session_flash",
  "2026-11-22T2200_mail_retry",
  "2026-11-23T0110_shared_rate_limits",
  "2026-11-23T0130_content_version",
  "2026-11-23T0140_email_verified",
  "2026-11-23T0200_search_public_index",
  "2026-11-25T0100_normalised_mobiles",
  "2026-11-25T1200_staff_second_factor",
  "2026-11-25T1400_seller_leads",
  "2026-11-26T0100_forgiving_search",
  "2026-11-27T0100_mail_owner",
  "2026-11-27T0200_recovery_code_session",
  "2026-11-27T0300_notice_payment_reference",
  "2026-11-28T0100_public_content_version",
  "2026-11-29T0100_search_scripts",
  "2026-11-29T0300_languages",
  "2026-11-29T0400_payments",
  "2026-11-30T0100_quotes",
  "2026-11-30T0200_image_variant_jobs",
  "2026-12-01T0400_search_public_columns",
];

const registered = async () => Object.keys(await migrationProvider.getMigrations());

describe("migration names", () => {
  it("keeps the dated names production databases have run, first and unchanged", async () => {
    expect((await registered()).slice(0, DATED.length)).toEqual(DATED);
  });

  it("names every later migration m<NNNN>_<words> with its place in the list", async () => {
    const later = (await registered()).slice(DATED.length);
    later.forEach((name, i) => {
      const place = String(DATED.length + i + 1).padStart(4, "0");
      expect(name, "a new migration is named m<its place, four digits>_<lower-case words>").toMatch(
        new RegExp(`^m${place}_[a-z0-9]+(_[a-z0-9]+)*$`),
      );
    });
  });

  it("lists every migration after all earlier ones, in the orders Kysely sorts by", async () => {
    const names = await registered();
    // Kysely orders the code's migrations with sort() and the database's run ones with localeCompare.
    expect([...names].sort()).toEqual(names);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    expect(new Set(names).size).toBe(names.length);
  });

  it("registers every migration file in db/migrations/index.ts, and only those", async () => {
    const files = readdirSync(new URL("../../db/migrations/", import.meta.url))
      .filter((file) => file.endsWith(".ts") && file !== "index.ts")
      .map((file) => file.slice(0, -".ts".length));
    expect([...(await registered())].sort()).toEqual(files.sort());
  });
});
