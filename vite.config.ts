import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { PURE_APP_MODULES } from "./scripts/pure-app-modules";
import { reactRouterServerPatches } from "./scripts/react-router-server-patches";

// The small modules every page runs (the layout's and the pages' shared helpers) go out as one chunk, not a
// dozen: one file compresses better than its parts (about 2.5 KB less brotli on a first visit) and is one
// request. The JavaScript of a first visit: docs/performance.md.
const SITE_MODULES =
  /\/app\/(components\/(icons|nonce|account-nav|site-header|site-footer|theme-toggle|coming-soon-link|first-invalid-field|newsletter-form|honeypot-field)\.tsx|lib\/(constants|format|theme|seo|use-hydrated)\.ts)$|\/node_modules\/react\/(jsx-runtime\.js|cjs\/react-jsx-runtime\.production\.js)$|vite\/preload-helper/;

// The form kit (field components, the form state hook, the validators' loader) goes out as one chunk too:
// a page with a form needs all of it. The password field is not part of it: only the sign-in and account
// pages use it, and the review, contact and application forms should not download it.
const FORM_MODULES = /\/app\/(components\/forms\.tsx|lib\/(form|use-client-validation)\.ts)$/;

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [reactRouter(), reactRouterServerPatches()],
  // The import aliases (~/ for app, ~db/ for db) are declared once, in tsconfig.json: Vite, Vitest, tsx and Playwright read them there.
  resolve: {
    tsconfigPaths: true,
    // Builds take React Router's production files (its package names only the development files for Node).
    // Only builds: in `npm run dev` the server's modules must share @react-router/express's copy (a second
    // copy's RouterContextProvider fails its instanceof check and every page answers 500). The server's build
    // bundles React Router and its two server packages (`ssr.noExternal` below), so they share this copy too.
    alias:
      command !== "build"
        ? []
        : [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL("node_modules/react-router/dist/production/index.mjs", import.meta.url),
              ),
            },
            {
              find: /^react-router\/dom$/,
              replacement: fileURLToPath(
                new URL("node_modules/react-router/dist/production/dom-export.mjs", import.meta.url),
              ),
            },
          ],
  },
  // The server build's entry is our Express server (it imports the app's build), as in React Router's
  // node-custom-server template: build/server/index.js is the whole compiled server.
  build: {
    target: "es2022",
    rollupOptions: isSsrBuild
      ? { input: "./server/index.ts" }
      : {
          // The app's own helpers and components run nothing when imported (scripts/pure-app-modules.ts).
          treeshake: { moduleSideEffects: (id: string) => !PURE_APP_MODULES.test(id) },
          output: {
            codeSplitting: {
              groups: [
                // React and React Router: one chunk of their own, cached across deployments of the app.
                { name: "react-router", test: /\/node_modules\/(react-router|react)\//, priority: 2 },
                { name: "site", test: SITE_MODULES, priority: 1 },
                { name: "forms", test: FORM_MODULES, priority: 1 },
                // Pieces of the kit that pages without a form use (the directory's filter choices, the seller
                // page's report form): taken first, so the kit's group does not capture them.
                { name: "form-parts", test: /\/app\/components\/(error-list|choice-options)\.tsx$/, priority: 2 },
              ],
            },
          },
        },
  },
  // React Router is bundled into the server's build, with the patches that stop it redoing per request what
  // depends only on the build (scripts/react-router-server-patches.ts).
  ssr: {
    external: ["better-sqlite3", "sharp"],
    noExternal: command === "build" ? ["react-router", "@react-router/node", "@react-router/express"] : [],
  },
}));
