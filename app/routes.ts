import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

// Every URL of the site, in one place. Sections: public pages, accounts, admin, API.
export default [
  // ── public pages ──
  index("routes/home.tsx"),
  route("directory", "routes/directory.tsx"),
  route("seller/:id", "routes/seller.tsx"),
  route("coming-soon", "routes/coming-soon.tsx"),
  route("theme", "routes/theme.tsx"),
  // ── marketing and public forms ──
  route("list-your-business", "routes/list-your-business.tsx"),
  route("register", "routes/register.tsx"),
  route("contact", "routes/contact.tsx"),
  route("newsletter", "routes/newsletter.tsx"),

  // ── accounts ──

  // ── admin ──
  // private images (ID documents, payment screenshots) of applications, for staff only
  route("admin/uploads/:key", "routes/admin-upload.ts"),

  ...prefix("api", [
    // ── public API ──
    route("sellers", "routes/api/sellers.ts"),
    route("sellers/:id", "routes/api/seller.ts"),
    route("categories", "routes/api/categories.ts"),
    route("categories/subcategories/all", "routes/api/subcategories.ts"),
    route("reviews", "routes/api/reviews.ts"),
    // ── public forms API ──
    route("upload", "routes/api/upload.ts"),
    route("sellers/submit", "routes/api/sellers-submit.ts"),
    route("enquiries/contact", "routes/api/enquiries-contact.ts"),
    route("enquiries/newsletter", "routes/api/enquiries-newsletter.ts"),

    // ── accounts API ──

    // ── admin API ──

    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
