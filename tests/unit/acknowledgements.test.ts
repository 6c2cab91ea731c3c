import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { contactSchema } from "~/lib/validation/contact";
import { submitContactMessage } from "~/services/contact.server";
import { type SiteUnderTest, startSite } from "../support/site";
import { createTestDb } from "../support/test-db";

// The site acknowledges a contact message to the address typed in the form, which could be anyone's:
// the mail is a fixed text (none of the sender's words) and only a few go to one address an hour.
let db: DB;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ db, cleanup } = await createTestDb()));
afterAll(() => cleanup());

function outboxTo(address: string) {
  return db
    .selectFrom("mail_outbox")
    .select(["subject", "text_body"])
    .where("to_address", "=", address)
    .orderBy("id")
    .execute();
}

describe("contact acknowledgements", () => {
  it("carry none of the sender's text and stop after three an hour to one address", async () => {
    const spam = contactSchema.parse({
      name: "Win a prize at http://spam.example",
      email: "Victim@Example.in",
      query_type: "General Inquiry",
      subject: "Claim http://spam.example/now",
      message: "Click http://spam.example to claim your reward",
    });
    // Each acknowledgement is in the outbox before submitContactMessage returns.
    for (let i = 0; i < 5; i++) await submitContactMessage(db, spam);
    const mails = await outboxTo("victim@example.in");
    expect(mails).toHaveLength(3);
    for (const mail of mails) expect(`${mail.subject}\n${mail.text_body}`).not.toContain("spam.example");
    // Every message is still stored for the team.
    const stored = await db.selectFrom("enquiries").select("id").where("email", "=", "victim@example.in").execute();
    expect(stored).toHaveLength(5);
  });
});

describe("a contact acknowledgement's language", () => {
  const message = (email: string) =>
    contactSchema.parse({
      name: "Asha",
      email,
      query_type: "General Inquiry",
      subject: "Stall at the market day",
      message: "Is there a stall free at the next market day?",
    });

  it("is the page's: Hindi from the Hindi contact page, English by default (the /api endpoint)", async () => {
    await submitContactMessage(db, message("hindi-visitor@example.in"), "hi-IN");
    const [hindi] = await outboxTo("hindi-visitor@example.in");
    expect(hindi.subject).toBe("हमें आपका संदेश मिल गया है — BWP Directory");
    expect(hindi.text_body).toContain("हमारी टीम 24 घंटे के भीतर जवाब देगी।");
    expect(hindi.text_body).not.toMatch(/Thank you|Hello/);
    await submitContactMessage(db, message("english-visitor@example.in"));
    const [english] = await outboxTo("english-visitor@example.in");
    expect(english.subject).toBe("We received your message — BWP Directory");
    expect(english.text_body).toContain(
      "Thank you for contacting BWP Directory. We received your message and our team replies within 24 hours.",
    );
  });
});

describe("over HTTP, on the built server", () => {
  let site: SiteUnderTest | undefined;
  beforeAll(async () => {
    site = await startSite("acknowledgements", { SESSION_SECRET: "acknowledgements-test-secret-0123456789" });
  }, 60_000);
  afterAll(() => site?.stop());

  const fields = { name: "Asha", query_type: "General Inquiry", message: "Is there a stall free?" };
  const subjectTo = async (email: string) =>
    (await site!.db.selectFrom("mail_outbox").select("subject").where("to_address", "=", email).execute()).map(
      (m) => m.subject,
    );

  it("the Hindi contact page acknowledges in Hindi, the /api endpoint in English", async () => {
    const { base } = site!;
    const page = await fetch(`${base}/hi/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams({ ...fields, email: "from-hindi-page@example.in" }),
      redirect: "manual",
    });
    expect(page.status).toBe(302);
    expect(await subjectTo("from-hindi-page@example.in")).toEqual(["हमें आपका संदेश मिल गया है — BWP Directory"]);
    const api = await fetch(`${base}/api/enquiries/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ ...fields, email: "from-api@example.in" }),
    });
    expect(api.status).toBe(201);
    expect(await subjectTo("from-api@example.in")).toEqual(["We received your message — BWP Directory"]);
  });
});
