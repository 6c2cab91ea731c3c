// JavaScript a first visit downloads, per public page (the budget of docs/performance.md: at most 110 KB as sent,
// brotli; an earlier 110 KB gzipped was below React and React Router's own weight).
// Each page is opened in a fresh Chromium context (empty cache) and every script response is recorded,
// including the lazily fetched route manifest (`/__manifest`). Two figures per page:
//   gzip     — the bytes of each of those responses when asked for with `Accept-Encoding: gzip` only
//              (reported: what a client without brotli gets);
//   transfer — what Chromium actually received (encoded body, brotli where the server offers it): the
//              budget's measure.
// Usage: tsx scripts/js-weight.ts [base URL] [path …]   (default: the public pages of http://127.0.0.1:3000)
import { chromium } from "@playwright/test";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isMain } from "./reliability/production-server";
import { LOCALES, localePath } from "../app/lib/locales";

/** The budget (docs/performance.md) for the JavaScript of a public page's first visit, as sent (brotli). */
export const JS_BUDGET_BYTES = 110 * 1024;

/** The public pages in English; `{id}` is replaced by a public seller's id. */
const ENGLISH_PAGES = [
  "/",
  "/directory",
  "/seller/{id}",
  // The Reviews tab opened by a link: the review form's code comes with the first render.
  "/seller/{id}?tab=reviews",
  "/contact",
  "/list-your-business",
  "/register",
  "/newsletter",
  "/seller-login",
  "/seller-signup",
  "/forgot-password",
];

/** Every public page in every language (the budget holds per language: a page sends its own messages). */
export const PUBLIC_PAGES = LOCALES.flatMap((locale) => ENGLISH_PAGES.map((path) => localePath(locale, path)));

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

/** Resolves `{id}` in a page path to the id of the first public seller the API lists. */
async function resolvePage(base: string, page: string): Promise<string> {
  if (!page.includes("{id}")) return page;
  const res = await fetch(`${base}/api/sellers?limit=1`);
  const body = (await res.json()) as { sellers?: { id: number }[] };
  const id = body.sellers?.[0]?.id;
  if (!id) throw new Error("no public seller to measure /seller/{id} with");
  return page.replace("{id}", String(id));
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
      tab.on("response", (res) => {
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
      });
      await tab.goto(base + page, { waitUntil: "networkidle" });
      // Route discovery fetches /__manifest shortly after hydration; give it time to land.
      await tab.waitForTimeout(500);
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

const kb = (n: number) => (n / 1024).toFixed(1);

/** A markdown table of the results (for docs/performance.md). */
export function jsWeightTable(results: PageWeight[]): string {
  const lines = ["| page | files | gzip KB | transfer (brotli) KB | within 110 KB as sent |", "|---|---|---|---|---|"];
  for (const r of results)
    lines.push(
      `| \`${r.page}\` | ${r.files.length} | ${kb(r.gzipBytes)} | ${kb(r.transferBytes)} | ${r.withinBudget ? "yes" : "no"} |`,
    );
  return lines.join("\n");
}

if (isMain(import.meta.url)) {
  const [base = "http://127.0.0.1:3000", ...pages] = process.argv.slice(2);
  const results = await measureJsWeight(base, pages.length ? pages : PUBLIC_PAGES);
  for (const r of results) {
    console.log(`${r.page}: gzip ${kb(r.gzipBytes)} KB, transfer ${kb(r.transferBytes)} KB in ${r.files.length} files`);
    if (process.env.VERBOSE)
      for (const f of r.files)
        console.log(
          `   ${kb(f.gzipBytes).padStart(6)} gz ${kb(f.transferBytes).padStart(6)} ${f.encoding.padEnd(8)} ${f.path}`,
        );
  }
  console.log(`\n${jsWeightTable(results)}`);
}
