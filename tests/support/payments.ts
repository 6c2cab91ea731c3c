import type { DB } from "~db/client";
import { createSeller, type SellerFactoryInput } from "~db/seed/factories";

/** An application waiting for its fee (Half-Yearly: ₹1,499 for 6 months), as the pay page offers it. */
export function applicationToPay(db: DB, fields: SellerFactoryInput = {}): Promise<number> {
  return createSeller(db, {
    status: "pending",
    is_paid: 0,
    payment_status: "pending",
    amount_paid: 1499,
    subscription_months: 6,
    ...fields,
  });
}
