import type { DB } from "~db/client";
import type { ContactInput, NewsletterInput } from "~/lib/schemas";

/** A contact message, stored as a new enquiry for the admin's Form Enquiries page. */
export async function createEnquiry(db: DB, input: ContactInput): Promise<number> {
  const stamp = new Date().toISOString();
  const row = await db
    .insertInto("enquiries")
    .values({
      name: input.name,
      email: input.email,
      mobile: input.mobile ?? null,
      query_type: input.query_type,
      subject: input.subject ?? null,
      message: input.message,
      status: "new",
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export type SubscribeOutcome = "subscribed" | "already_subscribed" | "resubscribed";

export const NEWSLETTER_MESSAGES: Record<SubscribeOutcome, string> = {
  subscribed: "Thank you for subscribing! Watch your inbox for community news and events.",
  already_subscribed: "You're already subscribed. Thank you for staying with us!",
  resubscribed: "Welcome back! Your subscription is active again.",
};

/** Decision 20: idempotent per email; an unsubscribed address becomes active again. */
export async function subscribeToNewsletter(db: DB, input: NewsletterInput): Promise<SubscribeOutcome> {
  const stamp = new Date().toISOString();
  const inserted = await db
    .insertInto("newsletter_subscriptions")
    .values({ email: input.email, source: input.source, status: "active", created_at: stamp, updated_at: stamp })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return "subscribed";
  const reactivated = await db
    .updateTable("newsletter_subscriptions")
    .set({ status: "active", updated_at: stamp })
    .where("email", "=", input.email)
    .where("status", "=", "unsubscribed")
    .executeTakeFirst();
  return Number(reactivated.numUpdatedRows) > 0 ? "resubscribed" : "already_subscribed";
}
