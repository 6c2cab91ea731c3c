import { createCookie } from "react-router";
import { randomBytes } from "node:crypto";
import { pngImage } from "../support/images";
import { type RazorpayStandIn, razorpayEnv, startRazorpayStandIn } from "../support/razorpay-stand-in";
import { type SiteUnderTest, startSite } from "../support/site";
import { categoryId, createUser, E2E_SESSION_SECRET, expect, test } from "./fixtures";

// Paying online, end to end: a site of its own with online payments on (the shared e2e site has them off,
// as a site without the settings), the local stand-in of the gateway (its hosted page "pays" and sends the
// signed webhook to the site before sending the payer back), JavaScript on and off.

let site: SiteUnderTest;
let gateway: RazorpayStandIn;

test.beforeAll(async () => {
  gateway = await startRazorpayStandIn();
  site = await startSite("payments", (base) => ({
    ...razorpayEnv(gateway.url),
    PUBLIC_URL: base,
    SESSION_SECRET: E2E_SESSION_SECRET,
  }));
  gateway.webhookUrl = `${site.base}/api/payments/webhook`;
});

test.afterAll(async () => {
  await site?.stop();
  await gateway?.stop();
});

test("an application paid online shows paid to the applicant and to staff", async ({ page, request, context }) => {
  const image = async (hue: number) => `data:image/png;base64,${(await pngImage(40, 30, hue)).toString("base64")}`;
  const word = randomBytes(4).toString("hex");
  const submitted = await request.post(`${site.base}/api/sellers/submit`, {
    data: {
      name: "Lakshmi Menon",
      mobile: "+91 98450 67890",
      email: `pay-${word}@example.test`,
      category_ids: [await categoryId(site.db, "food-and-beverages")],
      business_name: `Ragi ${word}`,
      city: "Bangalore",
      address: "22 4th Block",
      id_proof_type: "pan_card",
      plan: "3m",
      id_proof_document: await image(1),
      profile_photo: await image(2),
    },
  });
  expect(submitted.status()).toBe(201);
  const answer = (await submitted.json()) as { seller_id: number; payment: { amount: number; pay_url: string } };
  expect(answer.payment.amount).toBe(999);

  await page.goto(answer.payment.pay_url);
  await page.getByRole("button", { name: "Pay ₹999 now" }).click();
  await page.getByRole("button", { name: "Pay by UPI" }).click();
  await expect(page).toHaveURL(/\/payments\/return\?/);
  const state = page.getByTestId("payment-state");
  await expect(state).toHaveAttribute("data-state", "paid");
  await expect(state).toContainText(/₹999 paid online \(pay_\w+\)/);

  const staff = await createUser(site.db, { role: "admin" });
  const sessionId = randomBytes(32).toString("base64url");
  await site.db
    .insertInto("sessions")
    .values({
      id: sessionId,
      user_id: staff.id,
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      ip: null,
      user_agent: "e2e",
    })
    .execute();
  const cookie = await createCookie("__session", { secrets: [E2E_SESSION_SECRET] }).serialize(sessionId);
  await context.addCookies([
    { name: "__session", value: cookie.split(";")[0]!.split("=").slice(1).join("="), url: site.base, httpOnly: true },
  ]);
  await page.goto(`${site.base}/admin/sellers?details=${answer.seller_id}`);
  await expect(page.getByTestId("paid-online")).toHaveText(/^Paid online \(pay_\w+\)$/);
});
