import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Locale } from "~/lib/locales";

/** 0/1 integers in SQLite; the models map them to booleans. */
type Flag = ColumnType<number, number | undefined, number>;
type WithDefault<T> = ColumnType<T, T | undefined, T>;

export type Role = "admin" | "moderator" | "seller";
export type SellerStatus = "pending" | "active" | "inactive" | "rejected";
export type PaymentStatus = "pending" | "paid" | "failed" | "refunded";
export type ReviewStatus = "pending" | "published" | "rejected" | "flagged";
export type EnquiryStatus = "new" | "in_progress" | "resolved" | "closed";
export type NewsletterStatus = "active" | "unsubscribed";
export type UploadVisibility = "public" | "private";
export type MailStatus = "queued" | "sent" | "logged" | "failed";

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  mobile: string | null;
  password_hash: string | null;
  role: Role;
  google_sub: string | null;
  city: string | null;
  locality: string | null;
  is_active: Flag;
  created_at: string;
  updated_at: string;
  /** when the email was shown to be the owner's (verification link or Google); null: not yet */
  email_verified_at: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * the TOTP secret, sealed (`aes256gcm$…`, key derived from the session secret; a base32 secret in
   * clear from before sealing is sealed at start or first use): kept once made on the enrolment page,
   * in use once totp_enabled_at is set
   */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** the last TOTP time step accepted: a code of that step or an earlier one is refused (replay) */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  /** staff: the grace period for setting up a second factor runs from here (null: from created_at) */
  second_factor_grace_from: ColumnType<string | null, string | null | undefined, string | null>;
  /** the seller's language: her dashboard after sign-in and her mails (`Locale`, checked by the database) */
  language: WithDefault<Locale>;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  expires_at: string;
  created_at: string;
  ip: string | null;
  user_agent: string | null;
  /** JSON {kind, message}: shown once after an action, then cleared */
  flash: string | null;
  /** the last request seen (staff sessions end after STAFF_IDLE_MINUTES without one); null: created_at */
  last_seen_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: the password was right, the second factor is still to come (not signed in yet) */
  awaiting_second_factor: Flag;
  /** the passkey challenge this session was last given (registration or sign-in) */
  webauthn_challenge: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /**
   * the normalised code as `hmac256$…` (HMAC-SHA256, key derived from the session secret); codes made
   * before that are `scrypt$…` (hashed like a password), still accepted until replaced
   */
  code_hash: string;
  used_at: string | null;
  /** SHA-256 of the id of the session that made the code (that session cannot prove a change with it) */
  made_in_session: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PasskeysTable {
  /** the credential id, base64url */
  id: string;
  user_id: number;
  /** COSE public key, base64url */
  public_key: string;
  counter: WithDefault<number>;
  /** JSON array of transports, as the browser reported them */
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface OauthStatesTable {
  state: string;
  code_verifier: string;
  nonce: string | null;
  redirect_to: string | null;
  created_at: string;
  expires_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  /** the name in Hindi and in Kannada; null: the English name is shown */
  name_hi: ColumnType<string | null, string | null | undefined, string | null>;
  name_kn: ColumnType<string | null, string | null | undefined, string | null>;
  slug: string;
  description: string | null;
  icon: string | null;
  is_active: Flag;
  sort_order: WithDefault<number>;
  created_at: string;
  updated_at: string;
}

export interface SubcategoriesTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  /** the name in Hindi and in Kannada; null: the English name is shown */
  name_hi: ColumnType<string | null, string | null | undefined, string | null>;
  name_kn: ColumnType<string | null, string | null | undefined, string | null>;
  slug: string;
  icon: string | null;
  is_active: Flag;
  created_at: string;
  updated_at: string;
}

export interface SellersTable {
  id: Generated<number>;
  user_id: number | null;
  owner_name: string;
  business_name: string | null;
  email: string;
  mobile: string;
  city: string;
  locality: string | null;
  address: string | null;
  /** her PIN code (six digits); null for listings made before it was asked, until she edits her profile */
  pincode: ColumnType<string | null, string | null | undefined, string | null>;
  /** her PIN code's centre, rounded to ~110 m (db/pincodes.ts); null without a PIN code or when it has no centre */
  latitude: ColumnType<number | null, number | null | undefined, number | null>;
  longitude: ColumnType<number | null, number | null | undefined, number | null>;
  /** her opening hours as JSON (app/lib/opening-hours.ts `OpeningHours`); null when she gave none */
  opening_hours: ColumnType<string | null, string | null | undefined, string | null>;
  /** how far she serves: 'place' (at her place only), 'within' (serves_km of it) or 'city'; null when not said */
  serves: ColumnType<string | null, string | null | undefined, string | null>;
  /** whole km (1–50) with serves 'within'; null otherwise */
  serves_km: ColumnType<number | null, number | null | undefined, number | null>;
  tagline: string | null;
  description: string | null;
  /** the seller's own translations of her tagline and description (the originals may be in any script) */
  tagline_hi: ColumnType<string | null, string | null | undefined, string | null>;
  tagline_kn: ColumnType<string | null, string | null | undefined, string | null>;
  description_hi: ColumnType<string | null, string | null | undefined, string | null>;
  description_kn: ColumnType<string | null, string | null | undefined, string | null>;
  price_range: string | null;
  /** JSON-encoded list of language names */
  languages: WithDefault<string>;
  website: string | null;
  whatsapp_link: string | null;
  facebook_link: string | null;
  instagram: string | null;
  youtube_link: string | null;
  /** upload keys (public) */
  profile_photo: string | null;
  logo: string | null;
  /** JSON-encoded list of public upload keys */
  product_images: WithDefault<string>;
  offers_text: string | null;
  id_proof_type: string | null;
  /** private upload key */
  id_proof_document: string | null;
  /** masked: last four digits only */
  aadhaar_number: string | null;
  gst_number: string | null;
  /** private upload key */
  payment_screenshot: string | null;
  /** UPI transaction reference (UTR), unique */
  payment_reference: string | null;
  payment_status: WithDefault<PaymentStatus>;
  amount_paid: WithDefault<number>;
  subscription_months: number | null;
  subscription_start_date: string | null;
  subscription_end_date: string | null;
  status: WithDefault<SellerStatus>;
  is_verified: Flag;
  is_featured: Flag;
  is_paid: Flag;
  admin_notes: string | null;
  category_names: WithDefault<string>;
  avg_rating: WithDefault<number>;
  review_count: WithDefault<number>;
  views_count: WithDefault<number>;
  /** set when a renewal application came in, cleared when staff confirm its payment */
  renewal_requested_at: string | null;
  /** 1: no monthly performance mail (the mail's one-click opt-out) */
  performance_mail_off: Flag;
  /** 1: she paused quote requests from her dashboard; never matched while set */
  quotes_paused: Flag;
  /** 1: staff excluded her from quote requests; never matched while set */
  quotes_excluded: Flag;
  created_at: string;
  updated_at: string;
}

/** What a visitor did on a listing, counted per seller and Indian day (no visitor data). */
export interface SellerLeadsTable {
  seller_id: number;
  /** YYYY-MM-DD, India */
  day: string;
  kind: string;
  count: number;
}

/** One mail of a kind per seller and period (the periodic task's idempotency key). */
export interface SellerMailsTable {
  seller_id: number;
  kind: string;
  period: string;
  created_at: string;
}

export interface SellerCategoriesTable {
  seller_id: number;
  category_id: number;
  position: WithDefault<number>;
}

export interface SellerSubcategoriesTable {
  seller_id: number;
  subcategory_id: number;
}

export interface ReviewsTable {
  id: Generated<number>;
  seller_id: number;
  reviewer_name: string;
  rating: number;
  review_text: string;
  status: WithDefault<ReviewStatus>;
  seller_reply: string | null;
  seller_reply_date: string | null;
  created_at: string;
  updated_at: string;
  /** lower-cased; never shown or exported to the seller (docs/decisions/222-reviews-people-can-trust.md) */
  reviewer_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** when the mailed link was followed; one confirmed address reviews one seller once */
  email_confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** what made its writer a verified customer: the seller's invitation, or a quote request she answered */
  verified_by: ColumnType<ReviewVerifiedBy | null, ReviewVerifiedBy | null | undefined, ReviewVerifiedBy | null>;
  /** the invitation's or the quote request's date (ISO) */
  verified_on: ColumnType<string | null, string | null | undefined, string | null>;
  invitation_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** when its writer last changed it (back to moderation) */
  edited_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** the network address it was posted from: the staff's signals only */
  client_address: ColumnType<string | null, string | null | undefined, string | null>;
}

export type ReviewVerifiedBy = "invitation" | "quote";

export interface ReviewInvitationsTable {
  id: Generated<number>;
  seller_id: number;
  customer_name: string | null;
  created_at: string;
  /** 30 days after created_at */
  expires_at: string;
  used_at: ColumnType<string | null, string | null | undefined, string | null>;
  review_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One backup run (docs/decisions/225-backups-leave-the-machine.md). */
export interface BackupRunsTable {
  id: Generated<number>;
  /** backup-<ISO time>: the local folder's and the bucket object's name */
  name: string;
  started_at: string;
  finished_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 ok, 0 failed, null while it runs */
  ok: ColumnType<number | null, number | null | undefined, number | null>;
  size_bytes: ColumnType<number | null, number | null | undefined, number | null>;
  local_path: ColumnType<string | null, string | null | undefined, string | null>;
  s3_url: ColumnType<string | null, string | null | undefined, string | null>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  /** when a drill restored it into a scratch database and checked it */
  drilled_at: ColumnType<string | null, string | null | undefined, string | null>;
  drill_note: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface EnquiriesTable {
  id: Generated<number>;
  name: string;
  email: string;
  mobile: string | null;
  query_type: string;
  subject: string | null;
  message: string;
  status: WithDefault<EnquiryStatus>;
  admin_notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  email: string;
  status: WithDefault<NewsletterStatus>;
  source: WithDefault<string>;
  created_at: string;
  updated_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  title: string;
  message: string;
  type: WithDefault<string>;
  link: string | null;
  is_read: Flag;
  created_at: string;
  /** An application's UTR, kept out of `message`: shown only to readers who may see sellers' payments. */
  payment_reference: WithDefault<string | null>;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_user_id: number | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** JSON, never secrets */
  details: string | null;
  ip: string | null;
  created_at: string;
}

export interface UploadsTable {
  id: Generated<number>;
  key: string;
  visibility: UploadVisibility;
  purpose: string;
  mime: string;
  bytes: number;
  width: number | null;
  height: number | null;
  seller_id: number | null;
  created_at: string;
}

export type ImageVariantJobStatus = "queued" | "failed";

/** A public image whose smaller copies are still to be written (the background queue; removed once written). */
export interface ImageVariantJobsTable {
  /** the image's stored name (an upload key or a demo image's name) */
  key: string;
  status: WithDefault<ImageVariantJobStatus>;
  attempts: WithDefault<number>;
  /** when the job is next due (ISO time) */
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: WithDefault<MailStatus>;
  attempts: WithDefault<number>;
  last_error: string | null;
  /** when a queued message that failed is tried again */
  next_attempt_at: string | null;
  created_at: string;
  sent_at: string | null;
  /** the account the mail was queued for (its export and deletion reach it by this, never by address) */
  user_id: number | null;
  /** the listing the mail is about, when it goes to the listing's contact address */
  seller_id: number | null;
}

/** FTS5 index over sellers (external content); `sellers_fts` is the MATCH column. */
export interface SellersFtsTable {
  rowid: number;
  sellers_fts: string;
  business_name: string | null;
  owner_name: string;
  tagline: string | null;
  description: string | null;
  category_names: string;
  locality: string | null;
  tagline_hi: string | null;
  tagline_kn: string | null;
  description_hi: string | null;
  description_kn: string | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at_ms: number;
}

export interface SignInAddressesTable {
  email: string;
  address: string;
  until_ms: number;
}

/** One row (id 1): moved forward by triggers on every change to what public pages show (response cache). */
export interface ContentVersionTable {
  id: number;
  version: number;
}

/**
 * SQLite: the fts5vocab table over `sellers_fts` (docs/decisions/163-search-what-word-matches.md): each indexed word
 * and the sellers using it.
 */
export interface SellersFtsTermsTable {
  term: string;
  doc: number;
  cnt: number;
}

// PostgreSQL's search documents, `sellers_search` (id, document tsvector, status, subscription_end_date, city,
// is_featured, latitude, longitude, serves, serves_km, business_name, locality), stay untyped (db/schema-columns.ts, UNTYPED_TABLES): only app/models/text-index.server.ts reads them,
// in raw SQL. A trigger on sellers writes each row, the copied columns included, so the search applies the public
// rule and the filters without reading the sellers rows.

/** PostgreSQL: the words of the search documents and the sellers using each, kept by trigger. */
export interface SearchTermsTable {
  term: string;
  documents: number;
}

/** A group of spelling variants and synonyms the staff edit on /admin/search. */
export interface SearchSynonymGroupsTable {
  id: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One word of a synonym group; a word belongs to one group at most (primary key). */
export interface SearchSynonymTermsTable {
  term: string;
  group_id: number;
}

/** What visitors searched for: per Indian day and normalised query, no address or session. */
export interface SearchQueriesDailyTable {
  day: string;
  query: string;
  searches: number;
  empty_searches: number;
}

export type OnlinePaymentStatus = "created" | "paid" | "failed" | "refunded" | "expired" | "cancelled";
export type OnlinePaymentPurpose = "application" | "renewal";

/** A payment link we created at the gateway, and what its verified webhooks reported. */
export interface PaymentsTable {
  id: Generated<number>;
  seller_id: number | null;
  purpose: OnlinePaymentPurpose;
  /** ours, unique; the gateway echoes it back */
  reference: string;
  gateway: string;
  link_id: string | null;
  link_url: string | null;
  amount_paise: number;
  currency: string;
  months: number;
  /** when the link stops taking payments */
  expires_at: string;
  status: WithDefault<OnlinePaymentStatus>;
  /** why a verified event disagreed with what we created (amount, currency, reference); never counted paid */
  flag: string | null;
  gateway_payment_id: string | null;
  method: string | null;
  paid_at: string | null;
  refunded_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Each verified webhook event, once (event_id unique), with what it did. */
export interface PaymentEventsTable {
  id: Generated<number>;
  gateway: string;
  event_id: string;
  event: string;
  payment_id: number | null;
  gateway_payment_id: string | null;
  amount_paise: number | null;
  currency: string | null;
  outcome: string;
  reason: string | null;
  occurred_at: string | null;
  received_at: string;
}

export type QuoteRequestStatus = "pending" | "open" | "withdrawn" | "spam";
export type QuoteMatchStatus = "sent" | "answered" | "declined";

/** A visitor's request for quotes: personal data, never public (docs/decisions/193-quotes.md). */
export interface QuoteRequestsTable {
  id: Generated<number>;
  category_id: number;
  city: string;
  locality: string;
  need: string;
  /** YYYY-MM-DD */
  needed_by: string;
  /** whole rupees */
  budget_min: number | null;
  budget_max: number | null;
  name: string;
  /** lower-cased */
  email: string;
  /** E.164 */
  mobile: string | null;
  /** the page's language: her mails' */
  language: Locale;
  /** the profile she asked from (that seller is matched first) */
  from_seller_id: number | null;
  status: WithDefault<QuoteRequestStatus>;
  created_at: string;
  confirmed_at: string | null;
  /** withdrawn or marked as spam */
  closed_at: string | null;
  /** the account whose verified address confirmed it (her export and erasure reach it by this, never by address) */
  user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A seller a confirmed request went to, and her reply (one per request and seller). */
export interface QuoteMatchesTable {
  request_id: number;
  seller_id: number;
  /** 1: first in the list */
  position: number;
  status: WithDefault<QuoteMatchStatus>;
  matched_at: string;
  replied_at: string | null;
  answer: string | null;
  /** whole rupees */
  price: number | null;
}

/** How often staff marked an address's requests as spam. */
export interface QuoteSpamMarksTable {
  email: string;
  count: WithDefault<number>;
  updated_at: string;
}

export interface Database {
  quote_requests: QuoteRequestsTable;
  quote_matches: QuoteMatchesTable;
  quote_spam_marks: QuoteSpamMarksTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  sellers_fts_terms: SellersFtsTermsTable;
  search_terms: SearchTermsTable;
  search_synonym_groups: SearchSynonymGroupsTable;
  search_synonym_terms: SearchSynonymTermsTable;
  search_queries_daily: SearchQueriesDailyTable;
  content_version: ContentVersionTable;
  sellers_fts: SellersFtsTable;
  users: UsersTable;
  sessions: SessionsTable;
  oauth_states: OauthStatesTable;
  categories: CategoriesTable;
  subcategories: SubcategoriesTable;
  sellers: SellersTable;
  seller_categories: SellerCategoriesTable;
  seller_subcategories: SellerSubcategoriesTable;
  reviews: ReviewsTable;
  review_invitations: ReviewInvitationsTable;
  backup_runs: BackupRunsTable;
  enquiries: EnquiriesTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  notifications: NotificationsTable;
  audit_log: AuditLogTable;
  uploads: UploadsTable;
  mail_outbox: MailOutboxTable;
  image_variant_jobs: ImageVariantJobsTable;
  rate_limits: RateLimitsTable;
  sign_in_addresses: SignInAddressesTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  seller_leads: SellerLeadsTable;
  seller_mails: SellerMailsTable;
}

export type User = Selectable<UsersTable>;
export type Payment = Selectable<PaymentsTable>;
export type PaymentEvent = Selectable<PaymentEventsTable>;
export type NewUser = Insertable<UsersTable>;
export type Seller = Selectable<SellersTable>;
export type NewSeller = Insertable<SellersTable>;
export type SellerUpdate = Updateable<SellersTable>;
export type Category = Selectable<CategoriesTable>;
export type Subcategory = Selectable<SubcategoriesTable>;
export type Review = Selectable<ReviewsTable>;
export type NewReview = Insertable<ReviewsTable>;
export type Enquiry = Selectable<EnquiriesTable>;
export type NewsletterSubscription = Selectable<NewsletterSubscriptionsTable>;
export type Notification = Selectable<NotificationsTable>;
export type Upload = Selectable<UploadsTable>;
