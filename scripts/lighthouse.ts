// Lighthouse (mobile, its default simulated throttling) over the main public pages, in Debian's Chromium.
// `npm run lighthouse -- http://127.0.0.1:3000` audits a running site; `npm run bench` calls `auditPages`
// on its own server. Writes docs/lighthouse.json; figures go in docs/performance.md.
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import { writeFileSync } from "node:fs";
import { freePort, isMain } from "./reliability/production-server";

export const LIGHTHOUSE_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof LIGHTHOUSE_CATEGORIES)[number];
export type PageAudit = {
  path: string;
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferKb: number;
  failing: string[];
};

/** Audits each path of `base` in one headless Chromium (Lighthouse drives it over its debugging port). */
export async function auditPages(base: string, paths: string[]): Promise<PageAudit[]> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      `--remote-debugging-port=${port}`,
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const audits: PageAudit[] = [];
  try {
    for (const path of paths) {
      const result = await lighthouse(new URL(path, base).href, {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...LIGHTHOUSE_CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${lhr.runtimeError.message}`);
      const scores = Object.fromEntries(
        LIGHTHOUSE_CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
      ) as Record<Category, number>;
      // Audits that cost points outside performance, so a score below 100 says why.
      const failing = LIGHTHOUSE_CATEGORIES.filter((c) => c !== "performance").flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => {
            // What the audit found (a console error's text, a resource's address), so the line says why.
            const items = (lhr.audits[ref.id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items;
            const found = (items ?? [])
              .slice(0, 2)
              .map((item) => {
                const url = item.url ?? (item.sourceLocation as { url?: string } | undefined)?.url;
                return [item.description, url].filter(Boolean).join(" at ");
              })
              .filter(Boolean);
            return `${c}: ${ref.id}${found.length ? ` (${found.join("; ").slice(0, 300)})` : ""}`;
          }),
      );
      audits.push({
        path,
        scores,
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
        cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3)),
        transferKb: Math.round((lhr.audits["total-byte-weight"]?.numericValue ?? NaN) / 1024),
        failing,
      });
    }
  } finally {
    await browser.close();
  }
  return audits;
}

export function printAudits(audits: PageAudit[]): void {
  console.log("\nLighthouse (mobile)        perf  a11y  best  seo   LCP ms  TBT ms  CLS    KB");
  for (const a of audits) {
    const s = a.scores;
    console.log(
      `${a.path.padEnd(26)} ${String(s.performance).padStart(4)}  ${String(s.accessibility).padStart(4)}  ${String(s["best-practices"]).padStart(4)}  ${String(s.seo).padStart(4)}  ${String(a.lcpMs).padStart(7)} ${String(a.tbtMs).padStart(7)}  ${a.cls.toFixed(3)} ${String(a.transferKb).padStart(5)}`,
    );
    for (const f of a.failing) console.log(`    below 100: ${f}`);
  }
}

if (isMain(import.meta.url)) {
  const base = process.argv[2] ?? "http://127.0.0.1:3000";
  const paths = process.argv.slice(3);
  const audits = await auditPages(base, paths.length ? paths : ["/", "/directory", "/list-your-business", "/contact"]);
  printAudits(audits);
  writeFileSync("docs/lighthouse.json", JSON.stringify({ at: new Date().toISOString(), base, audits }, null, 2));
}
