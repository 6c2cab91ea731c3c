import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import {
  budgetNote,
  englishPublicPages,
  JS_BUDGET_BYTES,
  languageLayoutPaths,
  namedScripts,
  NOT_MEASURED,
  PUBLIC_PAGES,
} from "../../scripts/js-weight";

// The first-visit JavaScript measure (scripts/js-weight.ts) checks that it counted every script the page's
// HTML names, and says each page's figure beside the budget.
describe("js-weight", () => {
  it("reads the scripts a page names: its modulepreload links and the module script's static imports", () => {
    const html = `<head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="x"/>
      <link rel="modulepreload" href="/assets/react-router-B.js" nonce="x"/><link rel="stylesheet" href="/assets/app-C.css"/></head>
      <script nonce="x" type="module" async="">; import * as route0 from "/assets/root-D.js";
      import * as route1 from "/assets/seller-E.js"; window.__reactRouterManifest = { "module": "/assets/other-F.js" };
      import("/assets/entry.client-A.js");</script>`;
    expect(namedScripts(html).sort()).toEqual([
      "/assets/entry.client-A.js",
      "/assets/react-router-B.js",
      "/assets/root-D.js",
      "/assets/seller-E.js",
    ]);
  });

  it("marks a page over the budget and says by how much; within it, what is left", () => {
    expect(budgetNote(JS_BUDGET_BYTES + 512)).toBe("≤ 110.0 KB: OVER by 0.5 KB");
    expect(budgetNote(100 * 1024)).toBe("≤ 110.0 KB: 10.0 KB to spare");
    expect(budgetNote(108 * 1024)).toBe("≤ 110.0 KB: 2.0 KB to spare (above the 105.0 KB aim)");
  });

  it("measures every route of the language layout, in every language, but those it names with a reason", () => {
    const paths = languageLayoutPaths(routes);
    expect(paths).toContain("ask-for-a-quote");
    const measured = englishPublicPages(routes);
    for (const path of paths) {
      const page = `/${path.replace(/\*$/, "no-such-page")}`;
      if (path in NOT_MEASURED) expect(measured, path).not.toContain(page);
      else
        for (const prefix of ["", "/hi", "/kn"])
          expect(PUBLIC_PAGES, path).toContain(prefix + page.replace(/^\/$/, "") || "/");
    }
    for (const [path, reason] of Object.entries(NOT_MEASURED)) {
      expect(paths, `NOT_MEASURED names a route that does not exist: ${path}`).toContain(path);
      expect(reason.length).toBeGreaterThan(10);
    }
  });

  it("reads a new route of the layout without anyone listing it", () => {
    const withNew = routes.map((entry) =>
      entry.path === ":lang?"
        ? { ...entry, children: [...(entry.children ?? []), { path: "a-new-page", file: "x" }] }
        : entry,
    );
    expect(englishPublicPages(withNew)).toContain("/a-new-page");
    const withParameter = routes.map((entry) =>
      entry.path === ":lang?"
        ? { ...entry, children: [...(entry.children ?? []), { path: "thing/:slug", file: "x" }] }
        : entry,
    );
    expect(() => englishPublicPages(withParameter)).toThrow(/thing\/:slug/);
  });
});
