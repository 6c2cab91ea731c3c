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

  // ── accounts ──

  // ── admin ──

  ...prefix("api", [
    // ── public API ──
    route("sellers", "routes/api/sellers.ts"),
    route("sellers/:id", "routes/api/seller.ts"),
    route("categories", "routes/api/categories.ts"),
    route("categories/subcategories/all", "routes/api/subcategories.ts"),
    route("reviews", "routes/api/reviews.ts"),
    // ── public forms API ──

    // ── accounts API ──

    // ── admin API ──

    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
