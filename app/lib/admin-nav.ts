// The admin portal's sections (spec sidebar) and who may open them (decision 5).

export type AdminSection = { to: string; label: string; icon: string; moderator: boolean };

export const ADMIN_NAV: AdminSection[] = [
  { to: "/admin", label: "Dashboard", icon: "📊", moderator: true },
  { to: "/admin/sellers", label: "Sellers", icon: "🏪", moderator: false },
  { to: "/admin/categories", label: "Categories", icon: "🗂️", moderator: false },
  { to: "/admin/reviews", label: "Reviews", icon: "⭐", moderator: true },
  { to: "/admin/enquiries", label: "Form Enquiries", icon: "✉️", moderator: true },
  { to: "/admin/content", label: "Content", icon: "📝", moderator: false },
  { to: "/admin/settings", label: "Settings", icon: "⚙️", moderator: false },
];

/** Inner pages still to be built, by path prefix: title and whether a moderator may open them. */
export const ADMIN_PLACEHOLDERS: { prefix: string; title: string; moderator: boolean; text: string }[] = [
  { prefix: "/admin/sellers/new", title: "Seller Form", moderator: false, text: "Adding a seller by hand comes with the sellers management pages." },
  { prefix: "/admin/sellers", title: "Sellers Management", moderator: false, text: "The sellers list, filters, bulk actions and export arrive with the admin portal pages." },
  { prefix: "/admin/categories", title: "Categories", moderator: false, text: "Categories and subcategories management arrives with the admin portal pages." },
  { prefix: "/admin/subcategories", title: "Subcategories", moderator: false, text: "Subcategory editing arrives with the admin portal pages." },
  { prefix: "/admin/reviews", title: "Reviews Management", moderator: true, text: "Review moderation arrives with the admin portal pages." },
  { prefix: "/admin/enquiries", title: "Form Enquiries", moderator: true, text: "Contact enquiries and newsletter subscriptions arrive with the admin portal pages." },
  { prefix: "/admin/content", title: "Content", moderator: false, text: "Content management is coming soon." },
  { prefix: "/admin/settings", title: "Settings", moderator: false, text: "Password change and moderator accounts arrive with the admin portal pages." },
];

export function placeholderFor(pathname: string) {
  return ADMIN_PLACEHOLDERS.find((p) => pathname === p.prefix || pathname.startsWith(`${p.prefix}/`)) ?? null;
}
