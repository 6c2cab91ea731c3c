import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~db/client";
import { contactSchema } from "~/lib/validation/contact";
import { submitContactMessage } from "~/services/contact.server";
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
