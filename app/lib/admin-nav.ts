import type { Permission } from "./permissions";

// The admin portal's sections (spec sidebar) and the permission each needs (app/lib/permissions.ts).

export type AdminSection = { to: string; label: string; icon: string; permission: Permission };

export const ADMIN_NAV: AdminSection[] = [
  { to: "/admin", label: "Dashboard", icon: "📊", permission: "dashboard.view" },
  { to: "/admin/sellers", label: "Sellers", icon: "🏪", permission: "sellers.manage" },
  { to: "/admin/payments", label: "Payments", icon: "💳", permission: "payments.manage" },
  { to: "/admin/categories", label: "Categories", icon: "🗂️", permission: "categories.manage" },
  { to: "/admin/reviews", label: "Reviews", icon: "⭐", permission: "reviews.moderate" },
  { to: "/admin/search", label: "Search", icon: "🔎", permission: "search.manage" },
  { to: "/admin/enquiries", label: "Form Enquiries", icon: "✉️", permission: "enquiries.manage" },
  { to: "/admin/quotes", label: "Quote Requests", icon: "💬", permission: "quotes.manage" },
  { to: "/admin/content", label: "Content", icon: "📝", permission: "content.manage" },
  { to: "/admin/settings", label: "Settings", icon: "⚙️", permission: "settings.manage" },
  { to: "/admin/security", label: "Account security", icon: "🔐", permission: "account.security" },
  { to: "/admin/audit", label: "Audit Log", icon: "🧾", permission: "audit.view" },
];

/** The dashboard's quick actions (links; Initialize Data is a form of its own), each with its permission. */
export const QUICK_ACTIONS: { to: string; label: string; permission: Permission; download?: boolean }[] = [
  { to: "/admin/sellers/new", label: "Add Seller", permission: "sellers.manage" },
  { to: "/admin/categories/new", label: "Add Category", permission: "categories.manage" },
  { to: "/api/admin/sellers/export", label: "Export Sellers", permission: "exports.download", download: true },
  { to: "/admin/reviews", label: "Moderate Reviews", permission: "reviews.moderate" },
  { to: "/admin/enquiries", label: "Open Enquiries", permission: "enquiries.manage" },
];

/** Inner pages still to be built, by path prefix: title and the permission they need. */
export const ADMIN_PLACEHOLDERS: { prefix: string; title: string; permission: Permission; text: string }[] = [
  {
    prefix: "/admin/sellers/new",
    title: "Seller Form",
    permission: "sellers.manage",
    text: "Adding a seller by hand comes with the seller editor.",
  },
  {
    prefix: "/admin/content",
    title: "Content",
    permission: "content.manage",
    text: "Content management is coming soon.",
  },
];

export function placeholderFor(pathname: string) {
  return ADMIN_PLACEHOLDERS.find((p) => pathname === p.prefix || pathname.startsWith(`${p.prefix}/`)) ?? null;
}
