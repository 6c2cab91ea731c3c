import { DEFAULT_LOCALE, localePath, type Locale } from "./locales";
import type { Role } from "~db/schema";

// Who may do what in the back-office (docs/decisions/005-roles.md), in one table. The sidebar, the quick actions and
// every admin loader and action (through requirePermission) read it, so they cannot disagree.

export const PERMISSIONS = [
  "dashboard.view",
  "sellers.manage",
  "sellers.delete",
  // Erasing a seller's account and all its data on her request (docs/decisions/159-account-one-erasure.md): admins
  // only.
  "accounts.erase",
  "sellers.documents",
  "exports.download",
  // Online payments and the gateway's events (/admin/payments): admins only.
  "payments.manage",
  "categories.manage",
  "search.manage",
  "reviews.moderate",
  "enquiries.manage",
  "quotes.manage",
  "newsletter.view",
  "content.manage",
  "settings.manage",
  "users.manage",
  "audit.view",
  "seed.run",
  "account.security",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  // Moderators: reviews, enquiries, requests for quotes (the list and marking spam) and newsletter, the
  // dashboard and their own sign-in security; no seller changes (excluding a seller from quotes is one:
  // sellers.manage), exports (the quotes CSV is one: exports.download) or users. Nor search.manage (/admin/search): synonyms change what every visitor finds
  // for every seller, as categories do, which moderators do not edit either.
  moderator: [
    "dashboard.view",
    "reviews.moderate",
    "enquiries.manage",
    "quotes.manage",
    "newsletter.view",
    "account.security",
  ],
  seller: [],
};

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return !!role && ROLE_PERMISSIONS[role].includes(permission);
}

/** Staff are the roles with any back-office permission. */
export function isStaffRole(role: Role | null | undefined): boolean {
  return !!role && ROLE_PERMISSIONS[role].length > 0;
}

/** Where a role lands after sign-in (visitor-area point 6): a seller on her dashboard in her language. */
export function homeForRole(role: string, language: Locale = DEFAULT_LOCALE): string {
  if (role === "admin" || role === "moderator") return "/admin";
  if (role === "seller") return localePath(language, "/seller-dashboard");
  return "/";
}
