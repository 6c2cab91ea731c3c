import { newsletterSourceLabel } from "~/lib/constants";
import type { AdminEnquiryRow, AdminSubscriptionRow } from "~/models/enquiries.server";
import type { CsvColumn } from "~/services/csv.server";

// The columns of enquiries.csv and newsletter.csv (csvResponse streams them and neutralises formulas).

export const ENQUIRY_EXPORT_COLUMNS: CsvColumn<AdminEnquiryRow>[] = [
  { header: "ID", value: (e) => e.id },
  { header: "Name", value: (e) => e.name },
  { header: "Email", value: (e) => e.email },
  { header: "Mobile", value: (e) => e.mobile },
  { header: "Query Type", value: (e) => e.query_type },
  { header: "Subject", value: (e) => e.subject },
  { header: "Message", value: (e) => e.message },
  { header: "Status", value: (e) => e.status },
  { header: "Admin Notes", value: (e) => e.admin_notes },
  { header: "Created At", value: (e) => e.created_at },
  { header: "Updated At", value: (e) => e.updated_at },
];

export const NEWSLETTER_EXPORT_COLUMNS: CsvColumn<AdminSubscriptionRow>[] = [
  { header: "ID", value: (s) => s.id },
  { header: "Email", value: (s) => s.email },
  { header: "Status", value: (s) => s.status },
  { header: "Source", value: (s) => newsletterSourceLabel(s.source) },
  { header: "Subscribed At", value: (s) => s.created_at },
  { header: "Updated At", value: (s) => s.updated_at },
];
