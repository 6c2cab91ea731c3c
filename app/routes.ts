import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { LOCALE_INFO, SCRIPT_LOCALES } from "./lib/locales";

// Every URL of the site, in one place. Sections: public pages, accounts, admin, API.
export default [
  // ── public and seller pages, in every language ── (English at today's addresses, Hindi under /hi,
  // Kannada under /kn; the layout answers 404 for any other prefix; docs/decisions/187-languages-lingui-catalogues-in-page-data.md)
  route(":lang?", "routes/language.tsx", [
    // ── public pages ──
    index("routes/home.tsx"),
    route("directory", "routes/directory.tsx"),
    route("seller/:id", "routes/seller.tsx"),
    route("go/:id/:target", "routes/go.tsx"),
    route("coming-soon", "routes/coming-soon.tsx"),
    // ── marketing and public forms ──
    route("list-your-business", "routes/list-your-business.tsx"),
    route("register", "routes/register.tsx"),
    route("contact", "routes/contact.tsx"),
    // ask for a quote: the request, and its signed link (confirm, answers, withdraw) (docs/decisions/193-quotes.md)
    route("ask-for-a-quote", "routes/ask-for-a-quote.tsx"),
    route("quote-request", "routes/quote-request.tsx"),
    // a reviewer's address: its confirmation link, and her own review (docs/decisions/222-reviews-people-can-trust.md)
    route("review-confirm", "routes/review-confirm.tsx"),
    route("my-review", "routes/my-review.tsx"),
    route("newsletter", "routes/newsletter.tsx"),
    route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
    route("seller-mails/off", "routes/seller-mails-off.tsx"),

    // ── accounts ──
    route("seller-signup", "routes/accounts/seller-signup.tsx"),
    route("seller-login", "routes/accounts/seller-login.tsx"),
    route("seller-dashboard", "routes/accounts/seller-dashboard.tsx"),
    // a seller's invitations to review her: the printable card, and the invitation's page (docs/decisions/222-reviews-people-can-trust.md)
    route("seller-dashboard/invitations/:id/card", "routes/accounts/invitation-card.tsx"),
    route("write-a-review/:id/:token", "routes/write-a-review.tsx"),
    route("verify-email", "routes/accounts/verify-email.tsx"),
    route("terms", "routes/accounts/legal.tsx", { id: "terms" }),
    route("privacy", "routes/accounts/legal.tsx", { id: "privacy" }),
    // what we check in reviews, and why sellers cannot pick them (docs/decisions/222-reviews-people-can-trust.md)
    route("review-policy", "routes/accounts/legal.tsx", { id: "review-policy" }),
    // account recovery, her account and her data (docs/decisions/155-account-reset-links-without-token-table.md)
    route("forgot-password", "routes/accounts/forgot-password.tsx"),
    route("reset-password", "routes/accounts/reset-password.tsx"),
    route("seller-account", "routes/accounts/seller-account.tsx"),
    route("confirm-email-change", "routes/accounts/confirm-email-change.tsx"),
    route("confirm-account-deletion", "routes/accounts/confirm-account-deletion.tsx"),
    route("account-deleted", "routes/accounts/account-deleted.tsx"),
    // Google returns to the English address; the page goes on to the language the sign-in started from
    route("auth/google/callback", "routes/accounts/google-callback.tsx"),
    // online payments' pages (docs/decisions/190-online-payments-gateway-seam.md)
    route("payments/return", "routes/payments-return.tsx"),
    route("payments/receipt/:reference", "routes/payments-receipt.tsx"),
    // "Pay ₹X now": on to the gateway's page, from the signed links of the mails and the dashboard
    route("pay", "routes/pay.tsx"),
    route("*", "routes/not-found.tsx", { id: "language-not-found" }),
  ]),
  // ── the same in any language: posts, redirects, files ──
  route("go/:id/:target/count", "routes/go-count.ts"),
  route("theme", "routes/theme.tsx"),
  route("logout", "routes/accounts/logout.tsx"),
  route("auth/google", "routes/accounts/google-start.tsx"),
  route("seller-account/my-data.zip", "routes/accounts/seller-data-export.ts"),
  // the QR code of an invitation to review, for the seller who made it
  route("seller-dashboard/invitations/:id/qr.png", "routes/accounts/invitation-qr.ts", { id: "invitation-qr-png" }),
  route("seller-dashboard/invitations/:id/qr.svg", "routes/accounts/invitation-qr.ts", { id: "invitation-qr-svg" }),

  // ── crawlers and link previews ──
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts", { id: "sitemap-index" }),
  route("sitemaps/:file", "routes/sitemap.ts", { id: "sitemap-file" }),
  route("share/site.jpg", "routes/share-card.ts", { id: "share-site" }),
  // the site's card in each language with a script of its own (`/share/site.hi.jpg`)
  ...SCRIPT_LOCALES.map((locale) =>
    route(`share/site.${LOCALE_INFO[locale].prefix}.jpg`, "routes/share-card.ts", {
      id: `share-site-${LOCALE_INFO[locale].prefix}`,
    }),
  ),
  route("share/seller/:id/:file", "routes/share-card.ts", { id: "share-seller" }),
  // ── admin ── (the layout's middleware lets only signed-in staff through; each route checks its permission)
  route("admin/login", "routes/admin/login.tsx"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("sellers", "routes/admin/sellers.tsx"),
      route("sellers/new", "routes/admin/seller-edit.tsx", { id: "admin-seller-new" }),
      route("sellers/edit/:id", "routes/admin/seller-edit.tsx", { id: "admin-seller-edit" }),
      route("sellers/:id/delete-account", "routes/admin/seller-delete-account.tsx"),
      route("categories", "routes/admin/categories.tsx"),
      route("categories/new", "routes/admin/catalogue-editor.tsx", { id: "admin-category-new" }),
      route("categories/edit/:id", "routes/admin/catalogue-editor.tsx", { id: "admin-category-edit" }),
      route("subcategories/new", "routes/admin/catalogue-editor.tsx", { id: "admin-subcategory-new" }),
      route("subcategories/edit/:id", "routes/admin/catalogue-editor.tsx", { id: "admin-subcategory-edit" }),
      route("reviews", "routes/admin/reviews.tsx"),
      route("search", "routes/admin/search.tsx"),
      route("enquiries", "routes/admin/enquiries.tsx"),
      route("enquiries/:id", "routes/admin/enquiry.tsx"),
      route("content", "routes/admin/placeholder.tsx", { id: "admin-content" }),
      route("settings", "routes/admin/settings.tsx"),
      route("security", "routes/admin/security.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("payments", "routes/admin/payments.tsx"),
      route("payments/export.csv", "routes/admin/payments-export.ts"),
      route("quotes", "routes/admin/quotes.tsx"),
      route("quotes/export.csv", "routes/admin/quotes-export.ts"),
      route("*", "routes/admin/placeholder.tsx", { id: "admin-unknown" }),
    ]),
  ]),
  // private images (ID documents, payment screenshots) of applications, for staff only; behind the same
  // guard as the admin API (not under the portal layout, whose headers would join the file's)
  layout("routes/api/admin/guard.ts", { id: "admin-files-guard" }, [
    route("admin/uploads/:key", "routes/admin-upload.ts"),
  ]),

  ...prefix("api", [
    // ── public API ──
    route("sellers", "routes/api/sellers.ts"),
    route("sellers/:id", "routes/api/seller.ts"),
    route("categories", "routes/api/categories.ts"),
    route("categories/subcategories/all", "routes/api/subcategories.ts"),
    route("reviews", "routes/api/reviews.ts"),
    route("search/suggest", "routes/api/search-suggest.ts"),
    // ── public forms API ──
    route("upload", "routes/api/upload.ts"),
    route("sellers/submit", "routes/api/sellers-submit.ts"),
    route("enquiries/contact", "routes/api/enquiries-contact.ts"),
    route("enquiries/newsletter", "routes/api/enquiries-newsletter.ts"),
    // ── the payment gateway's webhook (signed; no session) ──
    route("payments/webhook", "routes/api/payments-webhook.ts"),

    // ── accounts API ──
    route("users/me", "routes/api/accounts/users-me.ts"),
    route("logout", "routes/api/accounts/logout.ts"),
    route("auth/login", "routes/api/accounts/auth-login.ts"),
    route("auth/register", "routes/api/accounts/auth-register.ts"),
    route("oauth/google/redirect_url", "routes/api/accounts/google-redirect-url.ts"),
    route("sessions", "routes/api/accounts/sessions.ts"),

    // ── admin API ── (the sign-in doors are open; the guard's middleware covers everything else)
    route("admin/login", "routes/api/accounts/admin-login.ts"),
    route("admin/login/passkey-options", "routes/api/accounts/admin-passkey-options.ts"),
    route("admin/login/passkey", "routes/api/accounts/admin-passkey-login.ts"),
    layout("routes/api/admin/guard.ts", [
      route("admin/passkeys", "routes/api/admin/passkeys.ts"),
      route("admin/passkeys/options", "routes/api/admin/passkey-options.ts"),
      route("admin/passkeys/proof-options", "routes/api/admin/passkey-proof-options.ts"),
      route("admin/verify", "routes/api/accounts/admin-verify.ts"),
      route("admin/dashboard", "routes/api/admin/dashboard.ts"),
      route("admin/seed-data", "routes/api/admin/seed-data.ts"),
      route("admin/sellers", "routes/api/admin/sellers.ts"),
      route("admin/sellers/export", "routes/api/admin/sellers-export.ts"),
      route("admin/sellers/bulk", "routes/api/admin/sellers-bulk.ts"),
      route("admin/sellers/:id", "routes/api/admin/seller.ts"),
      route("admin/sellers/:id/identity-card", "routes/api/admin/identity-card.ts"),
      route("sellers/:id/verify", "routes/api/admin/seller-verify.ts"),
      route("sellers/admin/:id", "routes/api/admin/seller-record.ts"),
      route("admin/reviews", "routes/api/admin/reviews.ts"),
      route("admin/reviews/bulk", "routes/api/admin/reviews-bulk.ts"),
      route("admin/reviews/:id", "routes/api/admin/review.ts"),
      route("admin/categories", "routes/api/admin/categories.ts"),
      route("admin/categories/:id", "routes/api/admin/catalogue-item.ts", { id: "api-admin-category" }),
      route("admin/subcategories", "routes/api/admin/subcategories.ts"),
      route("admin/subcategories/:id", "routes/api/admin/catalogue-item.ts", { id: "api-admin-subcategory" }),
      route("admin/enquiries", "routes/api/admin/enquiries.ts"),
      route("admin/enquiries/export", "routes/api/admin/enquiries-export.ts"),
      route("admin/enquiries/:id", "routes/api/admin/enquiry.ts"),
      route("admin/newsletter-subscriptions", "routes/api/admin/newsletter-subscriptions.ts"),
      route("admin/newsletter-subscriptions/export", "routes/api/admin/newsletter-export.ts"),
    ]),

    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
