import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { IMAGE_VARIANT_WIDTHS, variantName } from "~/lib/upload-urls";
import { getVariantJob } from "~/models/image-variant-jobs.server";
import { pngImage } from "../support/images";
import { type SiteUnderTest, startSite } from "../support/site";

// The built server: an application is answered once its rows and originals are stored, before the smaller
// copies of its public images exist (their addresses redirect to the original meanwhile, and the admin
// list says they are being prepared); a restart resumes the queued copies.

const ADMIN = { email: "variants-admin@example.in", password: "a-long-admin-password-1" };
let site: SiteUnderTest | undefined;

beforeAll(async () => {
  // IMAGE_VARIANT_WORKERS=0: this process leaves the queue alone, so the copies are certainly not there yet.
  site = await startSite("image-variants", {
    IMAGE_VARIANT_WORKERS: "0",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
}, 60_000);
afterAll(() => site?.stop());

const dataUrl = async (hue: number) => `data:image/png;base64,${(await pngImage(320, 240, hue)).toString("base64")}`;

it("answers an application before its copies exist, and a restart writes them", async () => {
  const s = site!;
  const category = await s.db.selectFrom("categories").select("id").orderBy("id").executeTakeFirstOrThrow();
  const answer = await fetch(`${s.base}/api/sellers/submit`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: s.base },
    body: JSON.stringify({
      name: "Lakshmi Menon",
      mobile: "+91 98450 67890",
      email: "variants-applicant@example.in",
      category_ids: [category.id],
      subcategory_ids: [],
      business_name: "Variant Pickles",
      business_description: "Home-made pickles and podis.",
      city: "Bangalore",
      area: "Jayanagar",
      pincode: "560011",
      address: "22 4th Block",
      id_proof_type: "pan_card",
      plan: "3m",
      price_range: "below_500",
      id_proof_document: await dataUrl(10),
      payment_screenshot: await dataUrl(20),
      profile_photo: await dataUrl(30),
      product_images: [await dataUrl(40)],
    }),
  });
  expect(answer.status).toBe(201);
  const { seller_id } = (await answer.json()) as { seller_id: number };
  const seller = await s.db
    .selectFrom("sellers")
    .select(["profile_photo", "product_images"])
    .where("id", "=", seller_id)
    .executeTakeFirstOrThrow();
  const publicKeys = [seller.profile_photo!, ...(JSON.parse(seller.product_images) as string[])];
  const file = (name: string) => join(s.dir, "uploads", "public", name);

  // Acknowledged: the originals are stored and the copies queued, not written.
  for (const key of publicKeys) {
    expect(existsSync(file(key))).toBe(true);
    expect(await getVariantJob(s.db, key)).toMatchObject({ status: "queued" });
    for (const w of IMAGE_VARIANT_WIDTHS) {
      expect(existsSync(file(variantName(key, w)))).toBe(false);
      // A page's srcset names the copy: its address falls back to the original until it exists.
      const copy = await fetch(`${s.base}/uploads/${variantName(key, w)}`, { redirect: "manual" });
      expect(copy.status).toBe(302);
      expect(copy.headers.get("location")).toBe(`/uploads/${key}`);
      expect(copy.headers.get("cache-control")).toBe("no-store");
    }
  }

  // The admin list shows the photo's copies as being prepared.
  const login = await fetch(`${s.base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: s.base },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  const list = async () =>
    (await fetch(`${s.base}/admin/sellers?status=pending`, { headers: { Cookie: cookie } })).text();
  expect(await list()).toContain("photo being prepared");

  // A crash and a start that works the queue: the copies are written and the jobs end.
  await s.restart({ IMAGE_VARIANT_WORKERS: "1" });
  for (const key of publicKeys) {
    await expect.poll(() => getVariantJob(s.db, key), { timeout: 20_000, interval: 100 }).toBeUndefined();
    for (const w of IMAGE_VARIANT_WIDTHS) {
      expect(existsSync(file(variantName(key, w)))).toBe(true);
      const copy = await fetch(`${s.base}/uploads/${variantName(key, w)}`, { redirect: "manual" });
      expect(copy.status).toBe(200);
      expect(copy.headers.get("content-type")).toBe("image/webp");
    }
  }
  const relogin = await fetch(`${s.base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: s.base },
    body: JSON.stringify(ADMIN),
  });
  const fresh = relogin.headers.get("set-cookie")!.split(";")[0]!;
  const after = await (await fetch(`${s.base}/admin/sellers?status=pending`, { headers: { Cookie: fresh } })).text();
  expect(after).toContain("Variant Pickles");
  expect(after).not.toContain("photo being prepared");
}, 90_000);
