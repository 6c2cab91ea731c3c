import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { expect, signInAs, test, HTTP_ONLY } from "./fixtures";

// Walks every route of app/routes.ts under /admin, /api/admin, /api/sellers/admin and
// /api/sellers/:id/verify, and tries each as anonymous, seller, moderator and admin, with GET, POST
// and DELETE. A new back-office route without its guard fails here. HTTP only: run once.

function flatten(entries: RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((e) => {
    const path = e.path === undefined ? prefix : [prefix, e.path].filter(Boolean).join("/");
    return [...(e.path !== undefined || e.index ? [path] : []), ...(e.children ? flatten(e.children, path) : [])];
  });
}

const GUARDED = /^(admin(\/|$)|api\/admin\/|api\/sellers\/admin\/|api\/sellers\/:id\/verify$)/;
// The sign-in doors, and the passkey half of the second step (it answers only a half-done sign-in).
const PUBLIC_DOORS = new Set([
  "admin/login",
  "api/admin/login",
  "api/admin/login/passkey-options",
  "api/admin/login/passkey",
]);
// The test's own reading of docs/decisions/005-roles.md: what a moderator may do ("METHOD path", * for any method).
// Everything else is admin-only (the dashboard's own post, Initialize Data, included).
const MODERATOR_MAY = new Set([
  "GET admin",
  "* admin/reviews",
  "* admin/enquiries",
  "* admin/*",
  "GET api/admin/dashboard",
  "GET api/admin/verify",
  "* api/admin/reviews",
  "* api/admin/reviews/bulk",
  "* api/admin/reviews/:id",
  // Form Enquiries: moderators manage enquiries and see subscriptions, but do not export (docs/decisions/005-roles.md).
  "* admin/enquiries/:id",
  // Every staff member manages her own sign-in security.
  "* admin/security",
  "* api/admin/passkeys",
  "* api/admin/passkeys/options",
  "* api/admin/passkeys/proof-options",
  "* api/admin/enquiries",
  "* api/admin/enquiries/:id",
  "* api/admin/newsletter-subscriptions",
  // Quote requests: every staff member sees them and stops spam; the CSV (an export) and excluding a seller
  // (a change to her) are admins' (docs/decisions/193-quotes.md).
  "* admin/quotes",
]);
const moderatorMay = (method: string, path: string) =>
  MODERATOR_MAY.has(`${method} ${path}`) || MODERATOR_MAY.has(`* ${path}`);

// Ids no row has: the walk must not change shared data (an admin's DELETE of category 1 would take a
// seeded category, and its subcategories, away from the tests running alongside). Guards run first anyway.
const concrete = (path: string) =>
  `/${path
    .replace(/:key/g, "0123456789abcdef0123456789abcdef.webp")
    .replace(/:[a-z]+/gi, "999999999")
    .replace(/\*/g, "no-such-page")}`;

const guarded = [...new Set(flatten(routes as RouteConfigEntry[]))].filter(
  (p) => GUARDED.test(p) && !PUBLIC_DOORS.has(p),
);

test.describe("back-office guard over the route table", HTTP_ONLY, () => {
  test("finds the back-office routes", () => {
    expect(guarded).toEqual(
      expect.arrayContaining([
        "admin",
        "admin/sellers",
        "admin/sellers/edit/:id",
        "api/admin/sellers",
        "api/sellers/:id/verify",
      ]),
    );
    expect(guarded).toEqual(
      expect.arrayContaining([
        "admin/categories",
        "admin/categories/new",
        "admin/categories/edit/:id",
        "admin/subcategories/new",
        "admin/subcategories/edit/:id",
        "api/admin/categories",
        "api/admin/categories/:id",
        "api/admin/subcategories",
        "api/admin/subcategories/:id",
      ]),
    );
    expect(guarded).toEqual(
      expect.arrayContaining([
        "admin/security",
        "api/admin/passkeys",
        "api/admin/passkeys/options",
        "api/admin/passkeys/proof-options",
        "admin/search",
      ]),
    );
    expect(guarded).toEqual(expect.arrayContaining(["admin/sellers/:id/delete-account"]));
  });

  test("no back-office route answers anyone without the permission", async ({ playwright, baseURL, clientContext }) => {
    test.setTimeout(120_000);
    const cookies: Record<string, string> = {};
    for (const role of ["seller", "moderator", "admin"] as const) {
      const context = await clientContext();
      cookies[role] = (await signInAs(context, role)).cookieHeader;
      await context.close();
    }
    const api = await playwright.request.newContext({ baseURL });
    const leaks: string[] = [];
    for (const path of guarded) {
      const url = concrete(path);
      const isApi = path.startsWith("api/");
      for (const method of isApi ? ["GET", "POST", "DELETE", "PUT"] : ["GET", "POST"]) {
        for (const who of ["anonymous", "seller", "moderator", "admin"] as const) {
          const headers: Record<string, string> = { Origin: baseURL! };
          if (who !== "anonymous") headers.Cookie = cookies[who];
          const res = await api.fetch(url, {
            method,
            headers,
            maxRedirects: 0,
            ...(isApi && method !== "GET" ? { data: {} } : { form: {} }),
          });
          const status = res.status();
          const location = res.headers().location ?? "";
          const line = `${who} ${method} ${url} → ${status}`;
          if (status >= 500) leaks.push(`${line} (server error)`);
          const allowed = who === "admin" || (who === "moderator" && moderatorMay(method, path));
          // 405: the route has no handler for the method, so nothing ran.
          if (who === "anonymous") {
            const refused =
              status === 405 || (isApi ? status === 401 : status === 302 && location.startsWith("/admin/login"));
            if (!refused) leaks.push(line);
          } else if (!allowed) {
            if (status !== 403 && status !== 405) leaks.push(line);
          } else if (status === 401 || status === 403) {
            leaks.push(`${line} (refused someone allowed)`);
          }
        }
      }
    }
    await api.dispose();
    expect(leaks).toEqual([]);
  });
});
