import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSeller } from "~db/seed/factories";
import { type SiteUnderTest, startSite } from "../support/site";

// The share card in the page's language, over HTTP against the built server (`npm run build` first). What
// the server can draw depends on its fonts, so each site here gets its own fontconfig setting: one with
// only DejaVu (no Devanagari, no Kannada: the cards stay English), and, where this machine has Noto Sans
// Devanagari and Kannada (Debian's fonts-noto-core, or TEST_NOTO_FONTS_DIR), one with them.

const NOTO_DIR =
  process.env.TEST_NOTO_FONTS_DIR ??
  (existsSync("/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf")
    ? "/usr/share/fonts/truetype/noto"
    : null);

const folders: string[] = [];
const sites: SiteUnderTest[] = [];
afterAll(async () => {
  await Promise.all(sites.map((s) => s.stop()));
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A site whose sharp sees only the fonts of `dirs`. */
async function siteWithFonts(name: string, dirs: string[]): Promise<SiteUnderTest> {
  const dir = mkdtempSync(join(tmpdir(), `bwp-fonts-${name}-`));
  folders.push(dir);
  const file = join(dir, "fonts.conf");
  writeFileSync(
    file,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n${dirs
      .map((d) => `  <dir>${d}</dir>\n`)
      .join("")}  <cachedir>${join(dir, "cache")}</cachedir>\n</fontconfig>\n`,
  );
  const site = await startSite(name, { SEED_DEMO: "0", FONTCONFIG_FILE: file });
  sites.push(site);
  return site;
}

/**
 * A folder of links to the Noto fonts the cards draw with (Latin, Devanagari, Kannada): fontconfig scans
 * these eight files with an empty cache, not the package's ~300 (half a minute under a loaded suite).
 */
function notoForTheCards(): string {
  const dir = mkdtempSync(join(tmpdir(), "bwp-fonts-noto-"));
  folders.push(dir);
  for (const file of readdirSync(NOTO_DIR!).filter((name) => /^NotoSans(Devanagari|Kannada)?-\w+\.ttf$/.test(name)))
    symlinkSync(join(NOTO_DIR!, file), join(dir, file));
  return dir;
}

const ogImage = async (base: string, path: string) => {
  const html = await (await fetch(`${base}${path}`)).text();
  return /<meta property="og:image" content="https?:\/\/[^/"]+([^"]+)"/.exec(html)?.[1];
};

async function fashionSeller(site: SiteUnderTest) {
  const fashion = await site.db
    .selectFrom("categories")
    .select("id")
    .where("slug", "=", "fashion-and-apparel")
    .executeTakeFirstOrThrow();
  return createSeller(site.db, { business_name: "Kasuti Kala", is_verified: 1, categoryIds: [fashion.id] });
}

describe("the share card's language", () => {
  it("without a Devanagari or Kannada font: a Hindi or Kannada page's card is the English one, and their addresses lead there", async () => {
    const site = await siteWithFonts("share-english", ["/usr/share/fonts/truetype/dejavu"]);
    const id = await fashionSeller(site);
    const image = await ogImage(site.base, `/hi/seller/${id}`);
    expect(image).toMatch(new RegExp(`^/share/seller/${id}/[a-f0-9]{16}\\.jpg$`));
    expect(await ogImage(site.base, `/seller/${id}`)).toBe(image);
    expect(await ogImage(site.base, "/kn")).toBe("/share/site.jpg");

    const hindi = await fetch(`${site.base}${image!.replace(/\.jpg$/, ".hi.jpg")}`, { redirect: "manual" });
    expect(hindi.status).toBe(302);
    expect(hindi.headers.get("location")).toBe(image);
    const site_kn = await fetch(`${site.base}/share/site.kn.jpg`, { redirect: "manual" });
    expect(site_kn.status).toBe(302);
    expect(site_kn.headers.get("location")).toBe("/share/site.jpg");
    expect((await fetch(`${site.base}${image!.replace(/\.jpg$/, ".fr.jpg")}`)).status).toBe(404);
    const english = await fetch(`${site.base}${image}`);
    expect(english.status).toBe(200);
    expect(english.headers.get("content-type")).toBe("image/jpeg");
  });

  it.skipIf(!NOTO_DIR)(
    "with Noto Sans Devanagari and Kannada: the Hindi and Kannada pages' cards are their own, drawn in their language",
    async () => {
      const site = await siteWithFonts("share-noto", [notoForTheCards(), "/usr/share/fonts/truetype/dejavu"]);
      const id = await fashionSeller(site);
      const english = await ogImage(site.base, `/seller/${id}`);
      const hindi = await ogImage(site.base, `/hi/seller/${id}`);
      const kannada = await ogImage(site.base, `/kn/seller/${id}`);
      expect(english).toMatch(new RegExp(`^/share/seller/${id}/[a-f0-9]{16}\\.jpg$`));
      expect(hindi).toMatch(new RegExp(`^/share/seller/${id}/[a-f0-9]{16}\\.hi\\.jpg$`));
      expect(kannada).toMatch(new RegExp(`^/share/seller/${id}/[a-f0-9]{16}\\.kn\\.jpg$`));
      const bytes = async (path: string) => {
        const res = await fetch(`${site.base}${path}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("image/jpeg");
        return Buffer.from(await res.arrayBuffer());
      };
      const [en, hi, kn] = await Promise.all([bytes(english!), bytes(hindi!), bytes(kannada!)]);
      expect(hi.equals(en)).toBe(false);
      expect(kn.equals(hi)).toBe(false);
      expect(await ogImage(site.base, "/hi")).toBe("/share/site.hi.jpg");
      expect((await bytes("/share/site.hi.jpg")).equals(await bytes("/share/site.jpg"))).toBe(false);
    },
  );
});
