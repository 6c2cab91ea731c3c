import type { Migration, MigrationProvider } from "kysely";
import * as m20261121T1130 from "./2026-11-21T1130_initial";
import * as m20261122T1600 from "./2026-11-22T1600_session_flash";
import * as m20261122T2200 from "./2026-11-22T2200_mail_retry";
import * as m20261123T0110 from "./2026-11-23T0110_shared_rate_limits";
import * as m20261123T0130 from "./2026-11-23T0130_content_version";
import * as m20261123T0140 from "./2026-11-23T0140_email_verified";
import * as m20261123T0200 from "./2026-11-23T0200_search_public_index";
import * as m20261125T0100 from "./2026-11-25T0100_normalised_mobiles";
import * as m20261125T1200 from "./2026-11-25T1200_staff_second_factor";
import * as m20261125T1400 from "./2026-11-25T1400_seller_leads";
import * as m20261126T0100 from "./2026-11-26T0100_forgiving_search";
import * as m20261127T0100 from "./2026-11-27T0100_mail_owner";
import * as m20261127T0200 from "./2026-11-27T0200_recovery_code_session";
import * as m20261127T0300 from "./2026-11-27T0300_notice_payment_reference";
import * as m20261128T0100 from "./2026-11-28T0100_public_content_version";
import * as m20261129T0100 from "./2026-11-29T0100_search_scripts";
import * as m20261129T0300 from "./2026-11-29T0300_languages";
import * as m20261129T0400 from "./2026-11-29T0400_payments";
import * as m20261130T0100 from "./2026-11-30T0100_quotes";
import * as m20261130T0200 from "./2026-11-30T0200_image_variant_jobs";
import * as m20261201T0400 from "./2026-12-01T0400_search_public_columns";
import * as m0022 from "./m0022_quote_owner";
import * as m0023 from "./m0023_account_language_any_of_the_list";
import * as m0024 from "./m0024_seller_pincodes";
import * as m0025 from "./m0025_opening_hours";
import * as m0026 from "./m0026_service_area";
import * as m0027 from "./m0027_search_every_language";
import * as m0028 from "./m0028_reviews_trust";
import * as m0029 from "./m0029_reviews_trust_shown";
import * as m0030 from "./m0030_backup_runs";
import * as m0031 from "./m0031_public_order_covers_end_date";
import * as m0032 from "./m0032_search_public_covers_locality";
import * as m0033 from "./m0033_search_documents_carry_names";

// Migrations are listed here, not read from disk, so they are bundled with the server build. Kysely runs
// them in the order of their names; the first 21 are named by a date and keep those names (production
// databases have recorded them). A new one is `m<NNNN>_<words>`, NNNN its place in this list (the next is
// m0034), added last: it sorts after every earlier name whatever the day it is written
// (docs/decisions/202-migrations-named-by-sequence-number.md; tests/unit/migration-names.test.ts).
const migrations: Record<string, Migration> = {
  "2026-11-21T1130_initial": m20261121T1130,
  "2026-11-22T1600_session_flash": m20261122T1600,
  "2026-11-22T2200_mail_retry": m20261122T2200,
  "2026-11-23T0110_shared_rate_limits": m20261123T0110,
  "2026-11-23T0130_content_version": m20261123T0130,
  "2026-11-23T0140_email_verified": m20261123T0140,
  "2026-11-23T0200_search_public_index": m20261123T0200,
  "2026-11-25T0100_normalised_mobiles": m20261125T0100,
  "2026-11-25T1200_staff_second_factor": m20261125T1200,
  "2026-11-25T1400_seller_leads": m20261125T1400,
  "2026-11-26T0100_forgiving_search": m20261126T0100,
  "2026-11-27T0100_mail_owner": m20261127T0100,
  "2026-11-27T0200_recovery_code_session": m20261127T0200,
  "2026-11-27T0300_notice_payment_reference": m20261127T0300,
  "2026-11-28T0100_public_content_version": m20261128T0100,
  "2026-11-29T0100_search_scripts": m20261129T0100,
  "2026-11-29T0300_languages": m20261129T0300,
  "2026-11-29T0400_payments": m20261129T0400,
  "2026-11-30T0100_quotes": m20261130T0100,
  "2026-11-30T0200_image_variant_jobs": m20261130T0200,
  "2026-12-01T0400_search_public_columns": m20261201T0400,
  m0022_quote_owner: m0022,
  m0023_account_language_any_of_the_list: m0023,
  m0024_seller_pincodes: m0024,
  m0025_opening_hours: m0025,
  m0026_service_area: m0026,
  m0027_search_every_language: m0027,
  m0028_reviews_trust: m0028,
  m0029_reviews_trust_shown: m0029,
  m0030_backup_runs: m0030,
  m0031_public_order_covers_end_date: m0031,
  m0032_search_public_covers_locality: m0032,
  m0033_search_documents_carry_names: m0033,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
