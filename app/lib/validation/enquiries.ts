import { z } from "zod";
import { NEWSLETTER_SOURCE_VALUES, QUERY_TYPES } from "../constants";
import { ADMIN_NOTES_MAX_LENGTH, ENQUIRY_STATUSES, ENQUIRY_UPDATE_STATUSES, NEWSLETTER_STATUSES } from "./constants";
import { oneOf, tooLong } from "./fields";
import { apiListQuery, type FilterValues, pageFilters, searchFilter } from "./list-filters";

// Form Enquiries: contact enquiries and newsletter subscriptions in the back-office and its API.

const enquiryFilterShape = {
  search: searchFilter,
  status: oneOf("status", ENQUIRY_STATUSES),
  query_type: oneOf("query_type", QUERY_TYPES),
};
const subscriptionFilterShape = {
  search: searchFilter,
  status: oneOf("status", NEWSLETTER_STATUSES),
  source: oneOf("source", NEWSLETTER_SOURCE_VALUES),
};

export type EnquiryFilters = FilterValues<typeof enquiryFilterShape>;
export type SubscriptionFilters = FilterValues<typeof subscriptionFilterShape>;

export const enquiryFiltersFrom = pageFilters(enquiryFilterShape);
export const subscriptionFiltersFrom = pageFilters(subscriptionFilterShape);
export const apiEnquiryQuery = (params: URLSearchParams) => apiListQuery(enquiryFilterShape, params);
export const apiSubscriptionQuery = (params: URLSearchParams) => apiListQuery(subscriptionFilterShape, params);

const enquiryStatus = z.enum(ENQUIRY_UPDATE_STATUSES, {
  error: `status must be one of ${ENQUIRY_UPDATE_STATUSES.join(", ")}`,
});
const adminNotes = z
  .string({ error: "admin_notes must be text" })
  .trim()
  .max(ADMIN_NOTES_MAX_LENGTH, tooLong("Admin notes", ADMIN_NOTES_MAX_LENGTH))
  .transform((s) => s || null);

/** The detail view's post (page and dialog): the new status and the notes (blank clears them). */
export const enquiryUpdateFormSchema = z.object({
  status: enquiryStatus,
  admin_notes: adminNotes.optional().transform((s) => s ?? null),
});

/** PUT /api/admin/enquiries/{id} {status, admin_notes?}: notes left out are kept, null clears them. */
export const apiEnquiryUpdateSchema = z.object({
  status: enquiryStatus,
  admin_notes: adminNotes.nullable().optional(),
});
