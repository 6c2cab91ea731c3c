// Screenshots of pages at phone (360 px) and desktop widths in light and dark themes, for looking at the design.
// Usage: tsx scripts/screenshots.ts http://localhost:3000 /directory /seller/1   → ./tmp/screens/*.png
// `--no-javascript` first: the pages as the server sends them, with no script running, so two runs against the
// same data give the same pixels (with scripts, the scroll reveal and late hydration move things between runs):
// the way to compare two builds, e.g. a change of the style sheets that must not change any page.
import { chromium } from "@playwright/test";
import { mkdirSync } from "node:fs";

const args = process.argv.slice(2);
const javaScriptEnabled = args[0] !== "--no-javascript";
const [base = "http://localhost:3000", ...paths] = javaScriptEnabled ? args : args.slice(1);
const out = "tmp/screens";
mkdirSync(out, { recursive: true });
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
for (const path of paths.length ? paths : ["/"]) {
  for (const [label, width] of [
    ["phone", 360],
    ["desktop", 1280],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      const page = await browser.newPage({ viewport: { width, height: 800 }, colorScheme: scheme, javaScriptEnabled });
      await page.goto(base + path, { waitUntil: "networkidle" });
      const file = `${out}/${path.replace(/[^a-z0-9]+/gi, "_") || "home"}-${label}-${scheme}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await page.close();
    }
  }
}
await browser.close();
