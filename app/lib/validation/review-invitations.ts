import { z } from "zod";
import { REVIEWER_NAME_MAX_LENGTH } from "../constants";
import { tooLong } from "./fields";

// The seller's "Invite customers to review" form on her dashboard (docs/decisions/222-reviews-people-can-trust.md):
// the customer's name, optional, prefilled on the invitation's review form.

export const reviewInvitationSchema = z.object({
  customer_name: z
    .string()
    .trim()
    .max(REVIEWER_NAME_MAX_LENGTH, tooLong("forms.label.name", REVIEWER_NAME_MAX_LENGTH))
    .optional(),
});
