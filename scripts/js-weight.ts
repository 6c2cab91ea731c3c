// JavaScript a first visit downloads, per public page (the budget of docs/performance.md: at most 110 KB as sent,
// brotli; an earlier 110 KB gzipped was below React and React Router's own weight).
// Each page is opened in a fresh Chromium context (empty cache) and every script response is recorded,
// including the lazily fetched route manifest (`/__manifest`). Two figures per page:
//   gzip     — the bytes of each of those responses when asked for with `Accept-Encoding: gzip` only
//              (reported: what a client without brotli gets);
//   transfer — what Chromium actually received (encoded body, brotli where the server offers it): the
//              budget's measure.
// The files the page's HTML names (its <link rel="modulepreload"> and the entry's static imports) must all be
// among those counted: a page whose measure missed one is an error, not a smaller figure.
// Usage: tsx scripts/js-weight.ts [base URL] [path …]   (default: the public pages of http://127.0.0.1:3000, built
// and started separately: `npm run build && npm start`). It prints each page's figure beside the budget and
// exits with 1 when a page is over it.
import { chromium } from "@playwright/test";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isMain } from "./reliability/production-server";
import { LOCALES, localePath } from "../app/lib/locales";
import routes from "../app/routes";

/** The budget (docs/performance.md) for the JavaScript of a public page's first visit, as sent (brotli). */
export const JS_BUDGET_BYTES = 110 * 1024;
/** What the heaviest page aims at, so that the next feature does not break the budget (docs/performance.md). */
export const JS_TARGET_BYTES = 105 * 1024;

/**
 * The routes of the language layout (app/routes.ts) that are not measured, each with its reason: a page a
 * signed-out first visit cannot reach (it redirects), or one whose address needs a record no demo
 * database has. Every other route of the layout is measured, in every language, so a new public page is
 * in the measure without anyone listing it (tests/unit/js-weight.test.ts holds the two lists to the routes).
 */
export const NOT_MEASURED: Readonly<Record<string, string>> = {
  "go/:id/:target": "a counting link: redirects to the seller's own link",
  "seller-dashboard": "signed in only: a first visit is redirected to /seller-login",
  "seller-account": "signed in only: a first visit is redirected to /seller-login",
  "seller-dashboard/invitations/:id/card": "signed in only: a first visit is redirected to /seller-login",
  "write-a-review/:id/:token":
    "a seller's signed invitation: its address needs an invitation she made (the review form is measured on the profile's Reviews tab)",
  "auth/google/callback": "Google's return: redirects on",
  "payments/receipt/:reference": "a payment's receipt: its address needs a paid payment's reference",
};

/**
 * Pages the routes do not name on their own: another state of a route whose first visit sends more code.
 * The Reviews tab opened by a link: the review form's code comes with the first render.
 */
const EXTRA_STATES = ["seller/:id?tab=reviews"];

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** The paths of the language layout's routes (`:lang?`), relative to it: "" for its index, "seller/:id", "*". */
export function languageLayoutPaths(routes: readonly RouteEntry[]): string[] {
  const layout = routes.find((entry) => entry.path === ":lang?");
  if (!layout?.children) throw new Error("app/routes.ts has no :lang? layout");
  const walk = (entries: readonly RouteEntry[], prefix: string): string[] =>
    entries.flatMap((e) => {
      const path = [prefix, e.path ?? ""].filter(Boolean).join("/");
      return [...(e.path !== undefined || e.index ? [path] : []), ...(e.children ? walk(e.children, path) : [])];
    });
  return walk(layout.children, "");
}

/**
 * The public pages to measure in English, read from the routes: every route of the language layout but
 * those of NOT_MEASURED; `:id` stays for `resolvePage` (a public seller's id), `*` becomes a missing page.
 */
export function englishPublicPages(routes: readonly RouteEntry[]): string[] {
  const paths = languageLayoutPaths(routes).filter((path) => !(path in NOT_MEASURED));
  const unreadable = paths.filter((path) => /:(?!id\b)\w+/.test(path));
  if (unreadable.length)
    throw new Error(
      `the measure cannot fill these routes' parameters (measure them or add them to NOT_MEASURED): ${unreadable.join(", ")}`,
    );
  return [...paths, ...EXTRA_STATES].map((path) => `/${path.replace(/\*$/, "no-such-page")}`);
}

/** Every public page in every language (the budget holds per language: a page sends its own messages). */
export const PUBLIC_PAGES = LOCALES.flatMap((locale) =>
  englishPublicPages(routes).map((path) => localePath(locale, path)),
);

export type ScriptFile = { path: string; gzipBytes: number; transferBytes: number; encoding: string };
export type PageWeight = {
  page: string;
  files: ScriptFile[];
  gzipBytes: number;
  transferBytes: number;
  withinBudget: boolean;
};

const isScript = (url: URL) => url.pathname.endsWith(".js") || url.pathname === "/__manifest";

/** The body size of `url` as the server sends it for `Accept-Encoding: gzip` (no decoding). */
function gzipSize(url: string): Promise<number> {
  return new Promise((done, fail) => {
    const get = url.startsWith("https:") ? httpsRequest : httpRequest;
    const req = get(url, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () =>
        res.statusCode === 200 ? done(bytes) : fail(new Error(`${url} answered ${res.statusCode}`)),
      );
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end();
  });
}

/** Resolves `:id` in a page path to the id of the first public seller the API lists. */
async function resolvePage(base: string, page: string): Promise<string> {
  if (!page.includes(":id")) return page;
  const res = await fetch(`${base}/api/sellers?limit=1`);
  const body = (await res.json()) as { sellers?: { id: number }[] };
  const id = body.sellers?.[0]?.id;
  if (!id) throw new Error("no public seller to measure /seller/:id with");
  return page.replace(":id", String(id));
}

export async function measureJsWeight(baseUrl: string, pages: readonly string[] = PUBLIC_PAGES): Promise<PageWeight[]> {
  const base = baseUrl.replace(/\/$/, "");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const results: PageWeight[] = [];
  try {
    for (const template of pages) {
      const page = await resolvePage(base, template);
      const context = await browser.newContext();
      const tab = await context.newPage();
      const seen: Promise<{ url: string; transferBytes: number; encoding: string }>[] = [];
      const onResponse = (res: import("@playwright/test").Response) => {
        const url = new URL(res.url());
        if (!isScript(url) || res.status() !== 200) return;
        seen.push(
          (async () => {
            const sizes = await res.request().sizes();
            return {
              url: res.url(),
              transferBytes: sizes.responseBodySize,
              encoding: (await res.allHeaders())["content-encoding"] ?? "identity",
            };
          })(),
        );
      };
      tab.on("response", onResponse);
      const response = await tab.goto(base + page, { waitUntil: "networkidle" });
      // A page that redirects measures another page: list it in NOT_MEASURED with its reason instead.
      if (response?.request().redirectedFrom())
        throw new Error(`${page} redirects to ${response.url()}: it is not a page of its own (NOT_MEASURED)`);
      const html = (await response?.text()) ?? "";
      // Route discovery fetches /__manifest shortly after hydration; give it time to land.
      await tab.waitForTimeout(500);
      // No response counted after this (its size could not be read once the context is closed).
      tab.off("response", onResponse);
      const fetched = await Promise.all(seen);
      await context.close();
      // A URL fetched twice (route discovery may repeat its manifest request) counts once, at its largest.
      const byUrl = new Map<string, (typeof fetched)[number]>();
      for (const f of fetched) if ((byUrl.get(f.url)?.transferBytes ?? -1) < f.transferBytes) byUrl.set(f.url, f);
      const files: ScriptFile[] = [];
      for (const f of byUrl.values()) {
        const url = new URL(f.url);
        files.push({
          path: url.pathname + url.search,
          gzipBytes: await gzipSize(f.url),
          transferBytes: Math.max(0, f.transferBytes),
          encoding: f.encoding,
        });
      }
      files.sort((a, b) => b.gzipBytes - a.gzipBytes);
      const missed = namedScripts(html).filter((path) => !files.some((f) => f.path === path));
      if (missed.length)
        throw new Error(`${page}: the page names scripts the measure did not see: ${missed.join(", ")}`);
      const transferBytes = files.reduce((s, f) => s + f.transferBytes, 0);
      results.push({
        page,
        files,
        gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
        transferBytes,
        withinBudget: transferBytes <= JS_BUDGET_BYTES,
      });
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** The scripts a page's HTML names: its modulepreload links and the module script's static imports. */
export function namedScripts(html: string): string[] {
  const paths = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) paths.add(m[1]);
  for (const m of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g))
    for (const i of m[1].matchAll(/import\s*(?:[\w*{}\s,]+from\s*)?"([^"]+\.js)"/g)) paths.add(i[1]);
  return [...paths].filter((path) => path.startsWith("/"));
}

const kb = (n: number) => (n / 1024).toFixed(1);

/** "105.3 KB (≤ 110, 4.7 to spare)" or "111.2 KB (≤ 110) OVER by 1.2". */
export function budgetNote(transferBytes: number): string {
  const spare = JS_BUDGET_BYTES - transferBytes;
  const limit = `≤ ${kb(JS_BUDGET_BYTES)} KB`;
  if (spare < 0) return `${limit}: OVER by ${kb(-spare)} KB`;
  return `${limit}: ${kb(spare)} KB to spare${transferBytes > JS_TARGET_BYTES ? ` (above the ${kb(JS_TARGET_BYTES)} KB aim)` : ""}`;
}

/** A markdown table of the results (for docs/performance.md). */
export function jsWeightTable(results: PageWeight[]): string {
  const lines = [
    `| page | files | gzip KB | as sent (brotli) KB | budget ${kb(JS_BUDGET_BYTES)} KB (aim ${kb(JS_TARGET_BYTES)}) |`,
    "|---|---|---|---|---|",
  ];
  for (const r of results)
    lines.push(
      `| \`${r.page}\` | ${r.files.length} | ${kb(r.gzipBytes)} | ${kb(r.transferBytes)} | ${r.withinBudget ? "within" : "**OVER**"}: ${budgetNote(r.transferBytes)} |`,
    );
  return lines.join("\n");
}

if (isMain(import.meta.url)) {
  const [base = "http://127.0.0.1:3000", ...pages] = process.argv.slice(2);
  const results = await measureJsWeight(base, pages.length ? pages : PUBLIC_PAGES);
  for (const r of results) {
    console.log(
      `${r.withinBudget ? "ok  " : "OVER"} ${r.page}: ${kb(r.transferBytes)} KB as sent, ${budgetNote(r.transferBytes)}; gzip ${kb(r.gzipBytes)} KB; ${r.files.length} files`,
    );
    if (process.env.VERBOSE)
      for (const f of r.files)
        console.log(
          `   ${kb(f.gzipBytes).padStart(6)} gz ${kb(f.transferBytes).padStart(6)} ${f.encoding.padEnd(8)} ${f.path}`,
        );
  }
  console.log(`\n${jsWeightTable(results)}`);
  const over = results.filter((r) => !r.withinBudget);
  const heaviest = results.reduce((a, b) => (b.transferBytes > a.transferBytes ? b : a));
  console.log(`\nheaviest: ${heaviest.page}, ${kb(heaviest.transferBytes)} KB (aim ≤ ${kb(JS_TARGET_BYTES)} KB)`);
  if (over.length) {
    console.error(
      `${over.length} page(s) over the ${kb(JS_BUDGET_BYTES)} KB budget: ${over.map((r) => r.page).join(", ")}`,
    );
    process.exitCode = 1;
  }
}
