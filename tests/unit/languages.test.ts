import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import type { DB } from "~db/client";
import { createSeller, createStaffRow, createUserRow } from "~db/seed/factories";
import { ALL_LOCALES } from "~/lib/locales";
import { accountLanguageSchema, accountLanguageSchemaFor } from "~/lib/validation/account-settings";
import { ownProfileSchema } from "~/lib/validation/application";
import { categoryFormSchema, subcategoryFormSchema } from "~/lib/validation/categories";
import { ACCOUNT_MESSAGES } from "~/lib/validation/messages";
import { collectAccountData } from "~/models/account-data.server";
import { getCategory, saveCategory, saveSubcategory } from "~/models/categories-admin.server";
import { englishOnly, listActiveCategories, listActiveSubcategories } from "~/models/categories.server";
import { readContentVersion } from "~/models/content-version.server";
import { getOwnListing, updateOwnProfile } from "~/models/seller-account.server";
import { apiSeller, apiSellerProfile, getPublicSeller } from "~/models/sellers.server";
import { listPublicSellers } from "~/services/directory.server";
import { sellerLanguage, setAccountLanguage } from "~/models/users.server";
import { englishMessage } from "~/services/api.server";
import { accountExport } from "~/services/data-export.server";
import { createTestDb } from "../support/test-db";

// The site's data in three languages, on both engines: the catalogue's Hindi and Kannada names, a seller's
// own versions of her tagline and description, an account's language; blank is stored as null, and the
// /api answers keep exactly the spec's English fields.

let db: DB;
let cleanup: () => Promise<void>;
const actor = { id: 0, email: "lang-boss@example.in", ip: "10.3.3.3" };

beforeAll(async () => {
  ({ db, cleanup } = await createTestDb());
  actor.id = await createStaffRow(db, { email: actor.email, name: "Boss" });
});
afterAll(() => cleanup());

let serial = 0;
const unique = (word: string) => `${word} ${++serial}${Date.now().toString(36)}`;

async function sellerAccount(): Promise<number> {
  const row = await createUserRow(db, {
    email: `${unique("lang").replace(" ", "-")}@example.in`,
    name: "Lakshmi",
    role: "seller",
    password_hash: null,
  });
  return row.id;
}

const profile = (extra: Record<string, string>) =>
  ownProfileSchema.parse({
    business_name: "Lakshmi Tailors",
    city: "Bangalore",
    pincode: "560001",
    address: "12 MG Road",
    ...extra,
  });

describe("category and subcategory names per language", () => {
  it("stores the Hindi and Kannada names trimmed, blank as null, keeps them when an API change leaves them out", async () => {
    const name = unique("Tailoring");
    const saved = await saveCategory(
      db,
      actor,
      null,
      categoryFormSchema.parse({ name, name_hi: "  सिलाई ", name_kn: "", is_active: "on" }),
    );
    if (!saved.ok) throw new Error(saved.message);
    expect(await getCategory(db, saved.id)).toMatchObject({ name, name_hi: "सिलाई", name_kn: null });

    await saveCategory(db, actor, saved.id, { name_kn: "ಹೊಲಿಗೆ" });
    expect(await getCategory(db, saved.id)).toMatchObject({ name_hi: "सिलाई", name_kn: "ಹೊಲಿಗೆ" });
    await saveCategory(
      db,
      actor,
      saved.id,
      categoryFormSchema.parse({ name, name_hi: " ", name_kn: "", is_active: "on" }),
    );
    expect(await getCategory(db, saved.id)).toMatchObject({ name_hi: null, name_kn: null });

    const sub = await saveSubcategory(
      db,
      actor,
      null,
      subcategoryFormSchema.parse({
        name: "Blouses",
        name_hi: "ब्लाउज़",
        category_id: String(saved.id),
        is_active: "on",
      }),
    );
    if (!sub.ok) throw new Error(sub.message);
    const publicSub = (await listActiveSubcategories(db)).find((s) => s.id === sub.id)!;
    expect(publicSub).toMatchObject({ name: "Blouses", name_hi: "ब्लाउज़", name_kn: null });
    expect(Object.keys(englishOnly(publicSub)).sort()).toEqual(["category_id", "icon", "id", "name", "slug"]);
  });

  it("bounds each name like the English one", () => {
    const long = "क".repeat(81);
    expect(categoryFormSchema.safeParse({ name: "X", name_hi: long }).error?.issues[0].message).toBe(
      "Name in Hindi must be at most 80 characters",
    );
    expect(subcategoryFormSchema.safeParse({ name: "X", name_kn: long, category_id: "1" }).success).toBe(false);
  });

  it("the public list carries them; the /api shape is the spec's English fields", async () => {
    const name = unique("Pottery");
    const saved = await saveCategory(db, actor, null, { name, name_kn: "ಕುಂಬಾರಿಕೆ", is_active: true });
    if (!saved.ok) throw new Error(saved.message);
    const row = (await listActiveCategories(db)).find((c) => c.id === saved.id)!;
    expect(row).toMatchObject({ name, name_hi: null, name_kn: "ಕುಂಬಾರಿಕೆ" });
    expect(englishOnly(row)).toEqual({
      id: saved.id,
      name,
      slug: row.slug,
      description: null,
      icon: row.icon,
    });
  });
});

describe("a seller's tagline and description in Hindi and Kannada", () => {
  it("round trip through her dashboard's form: trimmed, blank stored as null, exported with her data", async () => {
    const userId = await sellerAccount();
    const sellerId = await createSeller(db, { user_id: userId, tagline: "Blouses stitched to fit" });
    const before = await readContentVersion(db);
    await updateOwnProfile(
      db,
      userId,
      profile({
        tagline: "Blouses stitched to fit",
        tagline_hi: "  नाप से सिले ब्लाउज़ ",
        tagline_kn: "",
        business_description_kn: "ಅಳತೆಗೆ ತಕ್ಕಂತೆ ಹೊಲಿದ ರವಿಕೆಗಳು",
      }),
    );
    expect(await readContentVersion(db)).toBeGreaterThan(before);
    expect(await getOwnListing(db, userId)).toMatchObject({
      tagline_hi: "नाप से सिले ब्लाउज़",
      tagline_kn: null,
      description_hi: null,
      description_kn: "ಅಳತೆಗೆ ತಕ್ಕಂತೆ ಹೊಲಿದ ರವಿಕೆಗಳು",
    });
    const seller = (await getPublicSeller(db, sellerId))!;
    expect(seller.translations).toEqual({
      tagline: { hi: "नाप से सिले ब्लाउज़", kn: null },
      description: { hi: null, kn: "ಅಳತೆಗೆ ತಕ್ಕಂತೆ ಹೊಲಿದ ರವಿಕೆಗಳು" },
    });
    const exported = (await collectAccountData(db, userId))!;
    expect(exported.listings[0]).toMatchObject({ tagline_hi: "नाप से सिले ब्लाउज़", description_kn: expect.any(String) });
    expect(exported.account.language).toBe("en-IN");

    // Emptied again: null, not an empty string.
    await updateOwnProfile(db, userId, profile({ tagline_hi: "" }));
    expect(await getOwnListing(db, userId)).toMatchObject({ tagline_hi: null, description_kn: null });
  });

  it("a new version of a public seller's text moves the content version (the cache empties)", async () => {
    const sellerId = await createSeller(db, { tagline: "Cakes" });
    const before = await readContentVersion(db);
    await db.updateTable("sellers").set({ description_kn: "ಕೇಕ್" }).where("id", "=", sellerId).execute();
    expect(await readContentVersion(db)).toBeGreaterThan(before);
  });

  it("the same rule as the original, one per field", () => {
    const tooLong = ownProfileSchema.safeParse({
      business_name: "B",
      city: "Bangalore",
      pincode: "560001",
      address: "A",
      tagline: "t".repeat(161),
      tagline_kn: "ಕ".repeat(161),
      business_description_hi: "क".repeat(2001),
    });
    expect(tooLong.error?.issues.map((i) => [i.path.join("."), englishMessage(i.message)])).toEqual([
      ["tagline", "Tagline must be at most 160 characters"],
      ["tagline_kn", "Tagline in Kannada must be at most 160 characters"],
      ["business_description_hi", "Description in Hindi must be at most 2,000 characters"],
    ]);
  });

  it("the /api answers keep the spec's fields: the original text, no translations", async () => {
    const name = unique("Mehendi");
    const sellerId = await createSeller(db, {
      business_name: name,
      tagline: "ಮದುವೆಯ ಮೆಹೆಂದಿ",
      tagline_hi: "शादी की मेहंदी",
      is_verified: 1,
    });
    const profileJson = apiSellerProfile((await getPublicSeller(db, sellerId))!);
    expect(profileJson).not.toHaveProperty("translations");
    expect(profileJson).not.toHaveProperty("subcategories");
    expect(profileJson.tagline).toBe("ಮದುವೆಯ ಮೆಹೆಂದಿ");
    expect(profileJson.tagline_new).toBe("ಮದುವೆಯ ಮೆಹೆಂದಿ");
    for (const ref of profileJson.category_refs) expect(Object.keys(ref).sort()).toEqual(["id", "name", "slug"]);
    // The list's answer for her listing (found by its own name): the same fields, no Hindi tagline.
    const list = await listPublicSellers(db, {
      search: name,
      category: "",
      city: "",
      featured: false,
      page: 1,
      limit: 50,
    });
    const listed = list.sellers.find((s) => s.id === sellerId);
    expect(listed).toBeDefined();
    const json = apiSeller(listed!);
    expect(json).not.toHaveProperty("translations");
    expect(json.tagline).toBe("ಮದುವೆಯ ಮೆಹೆಂದಿ");
    expect(JSON.stringify(json)).not.toContain("शादी");
  });
});

describe("a seller's language", () => {
  it("is English until she chooses; the form takes the site's languages, the database any of the list", async () => {
    const userId = await sellerAccount();
    expect(await sellerLanguage(db, userId)).toBe("en-IN");
    expect(await setAccountLanguage(db, userId, "kn-IN")).toBe(true);
    expect(await sellerLanguage(db, userId)).toBe("kn-IN");
    expect(await sellerLanguage(db, 999_999_999)).toBe("en-IN");

    expect(accountLanguageSchema.parse({ language: "hi-IN" })).toEqual({ language: "hi-IN" });
    // The production site's three: not the pseudo-language, which a site serves only with I18N_PSEUDO_LOCALE=1.
    for (const language of ["fr-FR", "hi", "", "EN-IN", "en-XA"])
      expect(accountLanguageSchema.safeParse({ language }).error?.issues[0].message).toBe(
        ACCOUNT_MESSAGES.languageUnknown,
      );
    expect(accountLanguageSchemaFor(ALL_LOCALES).parse({ language: "en-XA" })).toEqual({ language: "en-XA" });

    // The database takes every language of the list (docs/decisions/210-languages-list-drives-columns-and-a-test-language.md)
    // and refuses what is not shaped as a language and a region.
    for (const language of ALL_LOCALES) {
      expect(await setAccountLanguage(db, userId, language)).toBe(true);
      expect(await sellerLanguage(db, userId)).toBe(language);
    }
    expect(await setAccountLanguage(db, userId, "kn-IN")).toBe(true);
    for (const language of ["hi", "", "french", "en-in", "en-IN; drop"])
      await expect(
        db
          .updateTable("users")
          .set({ language: language as "en-IN" })
          .where("id", "=", userId)
          .execute(),
      ).rejects.toThrow();
    expect(await sellerLanguage(db, userId)).toBe("kn-IN");
  });
});

describe("her data export", () => {
  it("says what it holds in her account's language; the fields keep their names", async () => {
    const userId = await sellerAccount();
    await setAccountLanguage(db, userId, "kn-IN");
    const answer = await accountExport(db, userId);
    if (!answer.ok) throw new Error("no export");
    const zip = Buffer.from(await answer.response.arrayBuffer());
    const json = await new Promise<string>((resolve, reject) =>
      yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
        if (error) return reject(error);
        file.on("entry", (entry: yauzl.Entry) => {
          if (entry.fileName !== "my-data.json") return file.readEntry();
          file.openReadStream(entry, (streamError, stream) => {
            if (streamError) return reject(streamError);
            const chunks: Buffer[] = [];
            stream.on("data", (chunk: Buffer) => chunks.push(chunk));
            stream.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
          });
        });
        file.readEntry();
      }),
    );
    const data = JSON.parse(json) as { about: string; account: { language: string }; leads: unknown };
    expect(data.about).toMatch(/^ನಿಮ್ಮ ಖಾತೆ ಮತ್ತು ಲಿಸ್ಟಿಂಗ್ ಬಗ್ಗೆ/);
    expect(data.account.language).toBe("kn-IN");
    expect(Object.keys(data)).toContain("leads");
  });

  it("refuses an eleventh download within the hour in her account's language", async () => {
    const userId = await sellerAccount();
    await setAccountLanguage(db, userId, "kn-IN");
    for (let i = 0; i < 10; i++) expect((await accountExport(db, userId)).ok).toBe(true);
    const refused = await accountExport(db, userId);
    expect(refused.ok ? 200 : refused.status).toBe(429);
    expect(refused.ok ? "" : refused.message).toMatch(/^ತುಂಬಾ ಸಲ ಪ್ರಯತ್ನಿಸಲಾಗಿದೆ/);
  });
});
