import { createCookie } from "react-router";
import { randomBytes } from "node:crypto";
import { pngImage } from "../support/images";
import { type SiteWithPayments, startSiteWithPayments } from "../support/razorpay-stand-in";
import { awayFromIndianMidnight, categoryId, createUser, E2E_SESSION_SECRET, expect, test } from "./fixtures";
import { createSeller } from "~db/seed/factories";
import { addDays, addMonths, todayIso } from "~/lib/dates";

// Paying online, end to end: a site of its own with online payments on (the shared e2e site has them off,
// as a site without the settings), the local stand-in of the gateway (its hosted page "pays" and sends the
// signed webhook to the site before sending the payer back), JavaScript on and off.

let site: SiteWithPayments;
let renewing: number;
let renewalEnd: string;

test.beforeAll(async () => {
  // The listing's end date and the site's reminder ("ends in 10 days") are computed on one Indian date:
  // not across midnight, which would make the reminder say 9 days.
  await awayFromIndianMidnight();
  renewalEnd = addDays(todayIso(), 10);
  site = await startSiteWithPayments(
    "payments",
    () => ({
      SESSION_SECRET: E2E_SESSION_SECRET,
      ORGANISATION_NAME: "Bengaluru Women Preneurs",
      ORGANISATION_GSTIN: "29ABCDE1234F1Z5",
    }),
    {
      // A live listing ending in 10 days: the site's first run of the periodic mails sends its reminder.
      prepare: async (db) => {
        renewing = await createSeller(db, {
          business_name: "Asha Crafts",
          amount_paid: 999,
          subscription_months: 3,
          subscription_start_date: addMonths(renewalEnd, -3),
          subscription_end_date: renewalEnd,
        });
      },
    },
  );
});

test.afterAll(async () => {
  await site?.stop();
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
      pincode: "560011",
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

  // Staff find it on /admin/payments by a word of the business name, in any case, and not another's.
  const other = await createSeller(site.db, { business_name: `Rava ${word}` });
  const stamp = new Date().toISOString();
  await site.db
    .insertInto("payments")
    .values({
      seller_id: other,
      purpose: "application",
      reference: `bwp-a${other}-${word}`,
      gateway: "razorpay",
      amount_paise: 99_900,
      currency: "INR",
      months: 3,
      expires_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await page.goto(`${site.base}/admin/payments`);
  await expect(page.getByTestId("payments-table")).toContainText(`Rava ${word}`);
  const filters = page.getByRole("search", { name: "Filter the payments" });
  await filters.getByLabel("Seller").fill(`RAGI ${word.toUpperCase()}`);
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]seller=RAGI/);
  const rows = page.getByTestId("payments-table").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`Ragi ${word}`);
  await expect(filters.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    `/admin/payments/export.csv?seller=RAGI+${word.toUpperCase()}`,
  );
});

test("a renewal paid from the reminder mail's link extends the end date, and its receipt is right", async ({
  page,
}) => {
  const reminder = () =>
    site.db
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("seller_id", "=", renewing)
      .where("subject", "like", "%listing ends in 10 days")
      .executeTakeFirst();
  await expect.poll(async () => (await reminder())?.text_body ?? "").toContain("/pay?renewal=");
  const link = /Renew now \(pay by UPI online\): (\S+)/.exec((await reminder())!.text_body)![1]!;

  await page.goto(link);
  await page.getByRole("button", { name: "Renew now: pay ₹999" }).click();
  await page.getByRole("button", { name: "Pay by UPI" }).click();
  await expect(page.getByTestId("payment-state")).toHaveAttribute("data-state", "paid");
  await page.getByRole("link", { name: "View your receipt" }).click();
  const receipt = page.getByTestId("receipt");
  await expect(receipt).toContainText("Bengaluru Women Preneurs");
  await expect(receipt).toContainText("GSTIN: 29ABCDE1234F1Z5");
  await expect(page.getByTestId("receipt-amount")).toHaveText("₹999");
  const payment = await site.db
    .selectFrom("payments")
    .select(["reference", "gateway_payment_id"])
    .where("seller_id", "=", renewing)
    .executeTakeFirstOrThrow();
  await expect(page.getByTestId("receipt-reference")).toHaveText(payment.reference);
  await expect(page.getByTestId("receipt-payment-id")).toHaveText(`${payment.gateway_payment_id} (UPI)`);
  const seller = await site.db
    .selectFrom("sellers")
    .select("subscription_end_date")
    .where("id", "=", renewing)
    .executeTakeFirstOrThrow();
  expect(seller.subscription_end_date).toBe(addMonths(renewalEnd, 3));
});
