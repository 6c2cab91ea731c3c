import type { DB } from "~db/client";
import { CONTACT, formatRupees, planById, SITE_NAME } from "~/lib/constants";
import type { ApplicationFields } from "~/lib/schemas";
import { type ApplicationImages, type ApplicationResult, createApplication } from "~/models/applications.server";
import { sendMailLater, teamEmail } from "./mailer.server";

// One path for a listing application from the /register form and from POST /api/sellers/submit.

/** The UPI id applicants pay to (UPI_ID setting). */
export function upiId(): string {
  return process.env.UPI_ID || "bwpcommunity@okaxis";
}
export function upiPayeeName(): string {
  return process.env.UPI_PAYEE_NAME || "BWP Community";
}

export async function submitApplication(db: DB, fields: ApplicationFields, images: ApplicationImages, userId?: number | null): Promise<ApplicationResult> {
  const result = await createApplication(db, fields, images, { userId });
  if (result.ok) {
    const plan = planById(fields.plan)!;
    const price = `${formatRupees(plan.amount)} for ${plan.months} month${plan.months === 1 ? "" : "s"}`;
    sendMailLater(db, [
      {
        to: fields.email,
        subject: `We received your listing application — ${SITE_NAME}`,
        text: [
          `Dear ${fields.name},`,
          "",
          `Thank you for applying to list ${fields.business_name} on ${SITE_NAME}.`,
          `Plan: ${plan.name} (${price}).${fields.payment_reference ? ` UPI transaction reference: ${fields.payment_reference}.` : ""}`,
          "",
          "Our team checks your payment and documents within 24-48 hours and emails you as soon as your listing is live.",
          "",
          `Questions? Write to ${CONTACT.email} or call ${CONTACT.phone}.`,
          "",
          `— The ${SITE_NAME} team`,
        ].join("\n"),
      },
      {
        to: teamEmail(),
        subject: `New listing application: ${fields.business_name} (#${result.sellerId})`,
        text: [
          `${fields.name} applied to list ${fields.business_name} (${fields.city}).`,
          `Plan: ${plan.name}, ${price}. UTR: ${fields.payment_reference ?? "not given"}.`,
          `Email: ${fields.email} · Mobile: ${fields.mobile}`,
          "",
          `Review it in the admin portal: /admin/sellers/${result.sellerId}`,
        ].join("\n"),
      },
    ]);
  }
  return result;
}
