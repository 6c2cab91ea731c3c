import { randomBytes } from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import { createCookie } from "react-router";
import type { DB } from "~db/client";
import { createSeller } from "~db/seed/factories";
import { addDays, todayIso } from "~/lib/dates";
import { categoryId, createUser, E2E_SESSION_SECRET, expect, mailedLink, test, uniqueWord } from "./fixtures";

// Ask for a quote, end to end with JavaScript on and off (docs/decisions/193-quotes.md): from a profile the
// request reaches that seller first and four more, only after the confirmation link; a seller's answer
// reaches the requester's mail; a seller who declined never sees the contact; withdrawal stops answers.

/** A seller with an account, and a way to sign a browser context in as her. */
async function sellerWithAccount(db: DB, city: string, category: number, name: string) {
  const user = await createUser(db, { role: "seller" });
  const id = await createSeller(db, {
    user_id: user.id,
    email: user.email,
    business_name: name,
    city,
    is_verified: 1,
    categoryIds: [category],
  });
  return { id, userId: user.id, email: user.email, name };
}

async function signInAsUser(context: BrowserContext, db: DB, userId: number) {
  const id = randomBytes(32).toString("base64url");
  const now = new Date();
  await db
    .insertInto("sessions")
    .values({
      id,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
    })
    .execute();
  const signed = await createCookie("__session", { secrets: [E2E_SESSION_SECRET] }).serialize(id);
  await context.clearCookies();
  await context.addCookies([
    {
      name: "__session",
      value: signed.split(";")[0]!.split("=").slice(1).join("="),
      url: process.env.E2E_BASE_URL!,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
}

test("a request from a profile reaches that seller and four more once confirmed; answers, declines and withdrawal", async ({
  page,
  context,
  db,
}, testInfo) => {
  // Each project its own city, so the two runs never share candidates.
  const city = testInfo.project.name.includes("off") ? "Ahmedabad" : "Kolkata";
  const fashion = await categoryId(db, "fashion-and-apparel");
  const word = uniqueWord("quote");
  const sellers = [];
  for (let i = 0; i < 6; i++) sellers.push(await sellerWithAccount(db, city, fashion, `${word} Tailors ${i}`));
  const asked = sellers[5]!;
  const email = `${word}@example.in`;
  const need = `${word}: six blouses stitched with lining`;

  await page.goto(`/seller/${asked.id}`);
  await page.getByRole("link", { name: "Ask for a quote" }).click();
  await expect(page.getByText(`Your request goes to ${asked.name} first.`)).toBeVisible();
  await expect(page.getByLabel("City")).toHaveValue(city);
  await page.getByLabel("Area or locality").fill("Salt Lake");
  await page.getByLabel("Needed by").fill(addDays(todayIso(), 10));
  await page.getByLabel("What do you need?").fill(need);
  await page.getByLabel("Budget up to (₹)").fill("3000");
  await page.getByLabel("Your name").fill("Asha");
  await page.getByLabel("Your email").fill(email);
  await page.getByLabel(/I agree to share/).check();
  await page.getByRole("button", { name: "Send my request" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  const request = await db
    .selectFrom("quote_requests")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  const matches = () =>
    db.selectFrom("quote_matches").selectAll().where("request_id", "=", request.id).orderBy("position").execute();
  expect(await matches()).toEqual([]); // nothing before the confirmation

  const link = await mailedLink(db, email, "/quote-request");
  await page.goto(link);
  expect(await matches()).toEqual([]); // opening the link changes nothing
  await page.getByRole("button", { name: "Confirm and send" }).click();
  await expect(page.getByText("Sent to 5 sellers.")).toBeVisible();
  const matched = await matches();
  expect(matched).toHaveLength(5);
  expect(matched[0]!.seller_id).toBe(asked.id);
  const mine = sellers.filter((s) => s !== asked && matched.some((m) => m.seller_id === s.id));
  const [decliner, late] = mine;

  // a seller who declines never sees the requester's contact
  await signInAsUser(context, db, decliner!.userId);
  await page.goto("/seller-dashboard#requests");
  const item = page.locator(`#request-${request.id}`);
  await expect(item.getByText(need)).toBeVisible();
  await item.getByRole("button", { name: "Not for me" }).click();
  await expect(page.getByText("You said this one is not for you.")).toBeVisible();
  await expect(page.locator("body")).not.toContainText(email);

  // the profile's seller answers: the contact shows, and the answer reaches the requester's mail
  await signInAsUser(context, db, asked.userId);
  await page.goto("/seller-dashboard#requests");
  await expect(page.locator("body")).not.toContainText(email);
  await page.locator(`#request-${request.id}`).getByLabel("Your answer").fill(`Yes, ${word}, by the 9th`);
  await page.locator(`#request-${request.id}`).getByLabel("Your price in ₹ (optional)").fill("2800");
  await page.getByRole("button", { name: "Send my answer" }).click();
  // her contact is a link she can tap to write back
  await expect(page.locator(`#request-${request.id}`).getByRole("link", { name: email })).toHaveAttribute(
    "href",
    `mailto:${email}`,
  );
  await expect
    .poll(async () =>
      (
        await db
          .selectFrom("mail_outbox")
          .select("text_body")
          .where("to_address", "=", email)
          .where("subject", "=", `${asked.name} answered your request`)
          .execute()
      ).map((m) => m.text_body),
    )
    .toEqual([expect.stringContaining(`Yes, ${word}, by the 9th`)]);

  // she withdraws: a seller who had not answered can no longer
  await context.clearCookies();
  await page.goto(link);
  await expect(page.getByText(`${asked.name} — answered`)).toBeVisible();
  await page.getByRole("button", { name: "Withdraw my request" }).click();
  await expect(page.getByText("You withdrew this request")).toBeVisible();
  await signInAsUser(context, db, late!.userId);
  await page.goto("/seller-dashboard#requests");
  await expect(page.locator(`#request-${request.id}`)).toContainText("This request is closed");
  await expect(page.locator(`#request-${request.id}`).getByRole("button", { name: "Send my answer" })).toHaveCount(0);
});
