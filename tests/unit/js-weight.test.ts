import { describe, expect, it } from "vitest";
import { budgetNote, JS_BUDGET_BYTES, namedScripts } from "../../scripts/js-weight";

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
});
